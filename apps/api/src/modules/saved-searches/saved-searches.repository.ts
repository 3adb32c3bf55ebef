import { and, asc, eq, sql } from 'drizzle-orm';
import type { SavedSearchFilters } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { savedSearches, type SavedSearchRow } from '../../db/schema/index';

/** What a saved search searches: the dashboard's notices, or the radar's awards. */
export type SavedSearchKind = SavedSearchRow['kind'];

export async function listForUser(db: Db, userId: string, kind: SavedSearchKind = 'opportunities'): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.kind, kind)))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function findOwn(db: Db, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

/**
 * Inserts when the user keeps fewer than `max` searches, in one statement: the count and the insert
 * see the same snapshot, and a per-user advisory lock taken first (in the caller's transaction)
 * makes concurrent creates take turns, so the limit holds under races.
 */
export async function insertWithinLimit(
  db: Db,
  userId: string,
  values: { name: string; filters: SavedSearchFilters | Record<string, unknown>; kind?: SavedSearchKind },
  max: number,
): Promise<SavedSearchRow | 'limit' | 'duplicate'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SAVED_SEARCH_LOCK_SPACE}::int4, hashtext(${userId}))`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))) as [{ n: number }];
    if (n >= max) return 'limit';
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, name: values.name, kind: values.kind ?? 'opportunities', filters: values.filters as Record<string, string> })
      .onConflictDoNothing()
      .returning();
    return row ?? 'duplicate';
  });
}

/**
 * Renames or re-filters one of the user's dashboard searches; 'duplicate' when the new name is
 * taken. A radar search is not changed here (its filters have another shape): undefined.
 */
export async function updateOwn(
  db: Db,
  userId: string,
  id: string,
  patch: { name?: string; filters?: SavedSearchFilters },
): Promise<SavedSearchRow | undefined | 'duplicate'> {
  try {
    const [row] = await db
      .update(savedSearches)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        // New filters follow notices from now on, so old matches do not alert as new.
        ...(patch.filters !== undefined ? { filters: patch.filters as Record<string, string>, alertedThrough: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), eq(savedSearches.kind, 'opportunities')))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length === 1;
}

// Namespace of the per-user advisory lock around creates.
const SAVED_SEARCH_LOCK_SPACE = 0x5a5e;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
