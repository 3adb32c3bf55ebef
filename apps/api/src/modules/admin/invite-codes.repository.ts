import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteCodes, type InviteCodeRow } from '../../db/schema/index';

/** Inserts a new invite code. */
export async function insert(db: Db, values: { code: string; createdBy: string | null }): Promise<InviteCodeRow> {
  const [row] = await db.insert(inviteCodes).values(values).returning();
  return row;
}

/** All invite codes, newest first. */
export async function listAll(db: Db): Promise<InviteCodeRow[]> {
  return db.select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt));
}

/**
 * Marks an unused code used by `email`; returns false when the code is unknown or already used.
 * One conditional UPDATE, so two registrations racing for a code cannot both win.
 */
export async function markUsed(db: Db, code: string, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(inviteCodes)
    .set({ usedByEmail: email, usedAt: now })
    .where(and(eq(inviteCodes.code, code), isNull(inviteCodes.usedAt)))
    .returning({ id: inviteCodes.id });
  return rows.length === 1;
}

/** Finds a code (upper case). */
export async function findByCode(db: Db, code: string): Promise<InviteCodeRow | undefined> {
  const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, code)).limit(1);
  return row;
}
