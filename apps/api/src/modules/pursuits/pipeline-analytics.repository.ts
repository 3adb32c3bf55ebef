import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, pipelineStages, pursuitOutcomes, pursuits, pursuitStageEntries } from '../../db/schema/index';
import { agency, naics } from './pursuits.repository';

/** Per stage: pursuits that ever entered it, and those in it now. */
export async function stageCounts(db: Db): Promise<{ entered: Map<string, number>; current: Map<string, number> }> {
  const [entered, current] = await Promise.all([
    db
      .select({ stageId: pursuitStageEntries.stageId, n: sql<number>`count(*)::int` })
      .from(pursuitStageEntries)
      .groupBy(pursuitStageEntries.stageId),
    db
      .select({ stageId: pursuits.stageId, n: sql<number>`count(*)::int` })
      .from(pursuits)
      .groupBy(pursuits.stageId),
  ]);
  return { entered: new Map(entered.map((r) => [r.stageId, r.n])), current: new Map(current.map((r) => [r.stageId, r.n])) };
}

/**
 * Open pursuits' weighted value by expected award month, summed in cents from each pursuit's value
 * rounded to the cent (as the board rounds it); those without a value or p(win) are counted apart.
 */
export async function weightedByMonth(db: Db): Promise<{ month: string | null; count: number; weightedCents: number; unvalued: number }[]> {
  const month = sql<string | null>`to_char(${pursuits.expectedAwardDate}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      count: sql<number>`count(*)::int`,
      weightedCents: sql<string>`coalesce(sum(round(${pursuits.estimatedValue} * ${pursuits.pWin} * coalesce(${pursuits.pGo}, 100) / 100)) filter (where ${pursuits.estimatedValue} is not null and ${pursuits.pWin} is not null), 0)::bigint`,
      unvalued: sql<number>`(count(*) filter (where ${pursuits.estimatedValue} is null or ${pursuits.pWin} is null))::int`,
    })
    .from(pursuits)
    .innerJoin(pipelineStages, and(eq(pipelineStages.id, pursuits.stageId), isNull(pipelineStages.outcome)))
    .groupBy(month)
    .orderBy(sql`${month} asc nulls last`);
  return rows.map((r) => ({ ...r, weightedCents: Number(r.weightedCents) }));
}

/**
 * The outcomes in force: a pursuit's outcome row counts while the pursuit sits in a closing stage
 * of that outcome (a reopened pursuit's old row does not).
 */
export async function closedPursuits(
  db: Db,
): Promise<
  { outcome: 'won' | 'lost' | 'no_bid' | 'cancelled'; agency: string | null; naics: string | null; pWinAtClose: number | null }[]
> {
  return db
    .select({ outcome: pursuitOutcomes.outcome, agency, naics, pWinAtClose: pursuitOutcomes.pWinAtClose })
    .from(pursuitOutcomes)
    .innerJoin(pursuits, eq(pursuits.id, pursuitOutcomes.pursuitId))
    .innerJoin(
      pipelineStages,
      and(eq(pipelineStages.id, pursuits.stageId), isNotNull(pipelineStages.outcome), eq(pipelineStages.outcome, pursuitOutcomes.outcome)),
    )
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId));
}
