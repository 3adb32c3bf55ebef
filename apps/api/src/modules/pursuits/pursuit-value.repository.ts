import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pursuits, type PursuitValueAward } from '../../db/schema/index';

/**
 * Sets the value from a prior award only while nobody has entered one and the notice stated none
 * (value_source unset or already a prior award's): one conditional UPDATE, so a value typed a
 * moment before always wins.
 */
export async function setValueFromAward(db: Db, pursuitId: string, amount: number, award: PursuitValueAward): Promise<boolean> {
  const rows = await db
    .update(pursuits)
    .set({ estimatedValue: amount, valueSource: 'prior_award', valueAward: award, updatedAt: sql`now()` })
    .where(and(eq(pursuits.id, pursuitId), or(isNull(pursuits.valueSource), eq(pursuits.valueSource, 'prior_award'))))
    .returning({ id: pursuits.id });
  return rows.length === 1;
}
