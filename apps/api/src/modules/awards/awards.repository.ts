import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { awards, type AwardRow } from '../../db/schema/index';

/** Awards whose PIID or parent IDV PIID is one of the normalised keys (a quoted number may be either). */
export async function findByPiidKeys(db: Db, keys: string[]): Promise<AwardRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(awards)
    .where(or(inArray(awards.piidKey, keys), inArray(awards.parentIdvPiidKey, keys)))
    .limit(50);
}

export async function findBySolicitationKey(db: Db, key: string): Promise<AwardRow[]> {
  return db.select().from(awards).where(eq(awards.solicitationKey, key)).limit(50);
}

/**
 * Candidates for the scored rule: the same office, or the same sub-agency and NAICS; the newest
 * ends first. Bounded: the scoring keeps three.
 */
export async function findClassificationCandidates(
  db: Db,
  f: { officeCode: string | null; subTierCode: string | null; naicsCode: string | null },
): Promise<AwardRow[]> {
  const conditions = [];
  if (f.officeCode) conditions.push(eq(awards.awardingOfficeCode, f.officeCode));
  if (f.subTierCode && f.naicsCode)
    conditions.push(and(eq(awards.awardingSubAgencyCode, f.subTierCode), eq(awards.naicsCode, f.naicsCode)));
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(awards)
    .where(or(...conditions))
    .orderBy(sql`${awards.currentEndDate} desc nulls last`)
    .limit(300);
}

export async function countAwards(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(awards);
  return row?.n ?? 0;
}
