import type { GateFactor, GateReview, PursuitOutcome } from '@biddesk/shared';
import type { GateFactorRow, PursuitGateReviewRow, PursuitOutcomeRow } from '../../db/schema/index';

export function presentFactor(row: GateFactorRow): GateFactor {
  return { id: row.id, name: row.name, description: row.description, weight: row.weight, position: row.position };
}

export function presentReview(row: PursuitGateReviewRow): GateReview {
  return {
    id: row.id,
    gate_stage_id: row.gateStageId,
    gate_name: row.gateName,
    scores: row.scores,
    inputs: row.inputs,
    p_go: row.pGo,
    recommendation: row.recommendation,
    drivers: row.drivers,
    decision: row.decision,
    rationale: row.rationale,
    decided_by: row.decidedBy ? { id: row.decidedBy, name: row.deciderName } : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentOutcome(row: PursuitOutcomeRow & { recorderName: string | null }): PursuitOutcome {
  return {
    outcome: row.outcome,
    award_value: row.awardValue,
    winner: row.winner,
    reasons: row.reasons as PursuitOutcome['reasons'],
    reason_text: row.reasonText,
    debrief_date: row.debriefDate,
    lessons_learned: row.lessonsLearned,
    p_win_at_close: row.pWinAtClose,
    recorded_by: row.recordedBy && row.recorderName !== null ? { id: row.recordedBy, name: row.recorderName } : null,
    recorded_at: row.recordedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
