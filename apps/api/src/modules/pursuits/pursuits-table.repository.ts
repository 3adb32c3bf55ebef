import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PursuitTableSort } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { opportunities, pipelineStages, pursuits, users, workspaces } from '../../db/schema/index';
import { agency, deadline, filterConditions, listColumns, title, type PursuitFilters, type PursuitListRow } from './pursuits.repository';

/** The ORDER BY key of each table column; the web's former in-browser sort, in SQL. */
const SORT_KEYS: Record<PursuitTableSort, SQL> = {
  title: sql`lower(${title})`,
  agency: sql`lower(${agency})`,
  stage: sql`${pipelineStages.position}`,
  owner: sql`lower(${users.name})`,
  value: sql`${pursuits.estimatedValue}`,
  p_win: sql`${pursuits.pWin}`,
  // Unknown without a value or p(win), as weightedValue says; p(go) unset counts as 100%.
  weighted: sql`${pursuits.estimatedValue} * ${pursuits.pWin} * coalesce(${pursuits.pGo}, 100)`,
  due: sql`${deadline}`,
  next: sql`${pursuits.nextActionDue}`,
};

/**
 * One sorted page of the pursuits the filters select: unknown values (no value, no date) last in
 * either order, ties broken by id so pages never overlap or skip a row.
 */
export async function listPage(
  db: Db,
  f: PursuitFilters,
  page: { sort: PursuitTableSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<PursuitListRow[]> {
  const direction = page.order === 'asc' ? sql`asc` : sql`desc`;
  return db
    .select(listColumns)
    .from(pursuits)
    .innerJoin(pipelineStages, eq(pipelineStages.id, pursuits.stageId))
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .leftJoin(users, eq(users.id, pursuits.ownerId))
    .leftJoin(workspaces, eq(workspaces.opportunityId, pursuits.opportunityId))
    .where(filterConditions(f))
    .orderBy(sql`${SORT_KEYS[page.sort]} ${direction} nulls last`, asc(pursuits.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** What the stage totals need of every pursuit the filters select (four columns, not the list's twenty). */
export async function listForTotals(
  db: Db,
  f: PursuitFilters,
): Promise<{ stageId: string; estimatedValue: number | null; pWin: number | null; pGo: number | null }[]> {
  return db
    .select({ stageId: pursuits.stageId, estimatedValue: pursuits.estimatedValue, pWin: pursuits.pWin, pGo: pursuits.pGo })
    .from(pursuits)
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .where(filterConditions(f));
}
