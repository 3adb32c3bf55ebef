import { desc, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ndaAcceptances, ndaVersions, type NdaVersionRow } from '../../db/schema/index';

/** The NDA in force: the highest version whose effective date has come. */
export async function findCurrent(db: Db, now = new Date()): Promise<NdaVersionRow | undefined> {
  const [row] = await db.select().from(ndaVersions).where(lte(ndaVersions.effectiveAt, now)).orderBy(desc(ndaVersions.version)).limit(1);
  return row;
}

/** Appends one acceptance record (never updated or deleted). */
export async function insertAcceptance(db: Db, values: typeof ndaAcceptances.$inferInsert): Promise<void> {
  await db.insert(ndaAcceptances).values(values);
}
