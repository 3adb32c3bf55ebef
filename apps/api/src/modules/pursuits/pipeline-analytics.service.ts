import { calibrate, type PipelineAnalytics, type WinRateRow } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import * as analyticsRepository from './pipeline-analytics.repository';
import * as stagesRepository from './pipeline-stages.repository';
import { assertPipeline } from './pursuits.service';

type Closed = Awaited<ReturnType<typeof analyticsRepository.closedPursuits>>[number];

/**
 * Win rate = won / (won + lost) per key; No bids are counted beside it but are not losses (the
 * company did not compete). Cancelled pursuits are left out. Most decided first.
 */
export function winRates(rows: Closed[], keyOf: (r: Closed) => string | null): WinRateRow[] {
  const by = new Map<string, { won: number; lost: number; no_bid: number }>();
  for (const r of rows) {
    if (r.outcome === 'cancelled') continue;
    const key = keyOf(r) || 'Unknown';
    const t = by.get(key) ?? { won: 0, lost: 0, no_bid: 0 };
    t[r.outcome] += 1;
    by.set(key, t);
  }
  return [...by.entries()]
    .map(([key, t]) => ({ key, ...t, win_rate: t.won + t.lost > 0 ? Math.round((t.won / (t.won + t.lost)) * 1000) / 10 : null }))
    .sort((a, b) => b.won + b.lost - (a.won + a.lost) || b.no_bid - a.no_bid || a.key.localeCompare(b.key));
}

/** GET /pipeline/analytics: funnel, weighted value by award month, win rates, p(win) calibration. */
export async function pipelineAnalytics(ctx: AuthedCtx): Promise<PipelineAnalytics> {
  assertPipeline(ctx, 'pipeline.view');
  const [stages, counts, months, closed] = await Promise.all([
    stagesRepository.listStages(ctx.db),
    analyticsRepository.stageCounts(ctx.db),
    analyticsRepository.weightedByMonth(ctx.db),
    analyticsRepository.closedPursuits(ctx.db),
  ]);
  const competed = closed.filter((c) => (c.outcome === 'won' || c.outcome === 'lost') && c.pWinAtClose !== null);
  return {
    funnel: stages.map((s) => ({
      stage_id: s.id,
      name: s.name,
      entered: counts.entered.get(s.id) ?? 0,
      current: counts.current.get(s.id) ?? 0,
    })),
    by_month: months.map((m) => ({ month: m.month, count: m.count, weighted_value: m.weightedCents / 100, unvalued: m.unvalued })),
    win_rate: { by_agency: winRates(closed, (r) => r.agency), by_naics: winRates(closed, (r) => r.naics) },
    calibration: calibrate(competed.map((c) => ({ p_win: c.pWinAtClose!, won: c.outcome === 'won' }))),
  };
}
