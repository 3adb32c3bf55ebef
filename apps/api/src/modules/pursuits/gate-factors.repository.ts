import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gateFactors, type GateFactorRow } from '../../db/schema/index';

export async function listFactors(db: Db): Promise<GateFactorRow[]> {
  return db.select().from(gateFactors).orderBy(asc(gateFactors.position), asc(gateFactors.id));
}

/** Makes concurrent rubric edits take turns (transaction-scoped). */
export async function lockFactorList(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${FACTOR_LIST_LOCK}::int4, 0)`);
}

/**
 * Writes the whole rubric: removes factors left out (reviews keep their own snapshot), then renames
 * and reweighs kept ones and inserts new ones. Kept factors first take a temporary name so a swap
 * of two names does not trip the unique index halfway.
 */
export async function replaceFactors(db: Db, factors: { id?: string; name: string; description: string; weight: number }[]): Promise<void> {
  const keptIds = factors.flatMap((f) => (f.id ? [f.id] : []));
  await db.delete(gateFactors).where(keptIds.length ? notInArray(gateFactors.id, keptIds) : sql`true`);
  if (keptIds.length)
    await db
      .update(gateFactors)
      .set({ name: sql`${gateFactors.id}::text` })
      .where(inArray(gateFactors.id, keptIds));
  for (const [position, f] of factors.entries()) {
    const values = { name: f.name, description: f.description, weight: f.weight, position };
    if (f.id) await db.update(gateFactors).set(values).where(eq(gateFactors.id, f.id));
    else await db.insert(gateFactors).values(values);
  }
}

// Namespace of the advisory lock around rubric edits.
const FACTOR_LIST_LOCK = 0x5718;
