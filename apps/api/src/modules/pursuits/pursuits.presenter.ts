import { weightedValue, type PipelineStage, type Pursuit, type PursuitListItem, type StageTotals } from '@biddesk/shared';
import type { PipelineStageRow } from '../../db/schema/index';
import type { PursuitListRow, PursuitView } from './pursuits.repository';
import { presentValueAward } from './pursuit-value.presenter';

/** Wire shape of a stage. */
export function presentStage(row: PipelineStageRow): PipelineStage {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    outcome: row.outcome,
    opens_workspace: row.opensWorkspace,
    gate_evidence: row.gateEvidence ?? null,
  };
}

/** Wire shape of a pursuit; the weighted value is computed here so list and detail agree. */
export function presentPursuit(v: PursuitView): Pursuit {
  return {
    ...presentListItem(v),
    notice_id: v.noticeId,
    award_key: v.awardKey,
    value_award: v.valueSource === 'prior_award' ? presentValueAward(v.valueAward) : null,
    competitors: v.competitors,
    teaming_partners: v.teamingPartners,
    notes: v.notes,
    incumbent: v.incumbent,
    page_budget: v.pageBudget,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

/** Wire shape of a pursuit in the list (no long fields); weighted value computed as in presentPursuit. */
export function presentListItem(v: PursuitListRow): PursuitListItem {
  return {
    id: v.id,
    opportunity_id: v.opportunityId,
    title: v.title,
    solicitation_number: v.solicitationNumber,
    agency: v.agency,
    naics_code: v.naicsCode,
    response_deadline: v.responseDeadline ? v.responseDeadline.toISOString() : null,
    stage_id: v.stageId,
    owner: v.ownerId && v.ownerName !== null ? { id: v.ownerId, name: v.ownerName } : null,
    estimated_value: v.estimatedValue,
    value_source: v.valueSource,
    p_win: v.pWin,
    p_go: v.pGo,
    weighted_value: weightedValue(v.estimatedValue, v.pWin, v.pGo),
    expected_award_date: v.expectedAwardDate,
    next_action: v.nextAction,
    next_action_due: v.nextActionDue,
    workspace_id: v.workspaceId,
    stage_changed_at: v.stageChangedAt.toISOString(),
  };
}

/**
 * Count, value and weighted value per stage, in stage order. Sums are in cents so 0.1 + 0.2 is
 * never 0.30000000000000004; pursuits without a value (or without p(win), for the weighted sum)
 * are counted in `unvalued` rather than silently as zero.
 */
export function stageTotals(
  stages: PipelineStage[],
  pursuits: Pick<PursuitListItem, 'stage_id' | 'estimated_value' | 'weighted_value'>[],
): StageTotals[] {
  const byStage = new Map(stages.map((s) => [s.id, { count: 0, cents: 0, weightedCents: 0, unvalued: 0 }]));
  for (const p of pursuits) {
    const t = byStage.get(p.stage_id);
    if (!t) continue;
    t.count += 1;
    if (p.estimated_value !== null) t.cents += Math.round(p.estimated_value * 100);
    if (p.weighted_value !== null) t.weightedCents += Math.round(p.weighted_value * 100);
    else t.unvalued += 1;
  }
  return stages.map((s) => {
    const t = byStage.get(s.id)!;
    return { stage_id: s.id, count: t.count, total_value: t.cents / 100, weighted_value: t.weightedCents / 100, unvalued: t.unvalued };
  });
}
