import { weightedValue, type PursuitPagedListResponse, type PursuitTableQuery } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import * as stagesRepository from './pipeline-stages.repository';
import { presentListItem, presentStage, stageTotals } from './pursuits.presenter';
import { assertPipeline, listFilters } from './pursuits.service';
import * as tableRepository from './pursuits-table.repository';

/**
 * GET /pursuits?view=table: one sorted page of the filtered pursuits (sorted and cut by the
 * database, so 2,000 pursuits are not sent to be sorted in the browser), with the per-stage totals
 * over every pursuit the filters select. A page past the last is answered with the last page.
 */
export async function listTablePage(ctx: AuthedCtx, q: PursuitTableQuery, now = new Date()): Promise<PursuitPagedListResponse> {
  assertPipeline(ctx, 'pipeline.view');
  const filters = listFilters(q, now);
  const [all, stageRows] = await Promise.all([tableRepository.listForTotals(ctx.db, filters), stagesRepository.listStages(ctx.db)]);
  const stages = stageRows.map(presentStage);
  const totals = stageTotals(
    stages,
    all.map((r) => ({
      stage_id: r.stageId,
      estimated_value: r.estimatedValue,
      weighted_value: weightedValue(r.estimatedValue, r.pWin, r.pGo),
    })),
  );
  const total = all.length;
  const page = Math.min(q.page, Math.max(1, Math.ceil(total / q.per_page)));
  const rows =
    total === 0
      ? []
      : await tableRepository.listPage(ctx.db, filters, {
          sort: q.sort,
          order: q.order,
          limit: q.per_page,
          offset: (page - 1) * q.per_page,
        });
  return { data: rows.map(presentListItem), stages, totals, page: { page, per_page: q.per_page, total } };
}
