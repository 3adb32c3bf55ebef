import {
  GATE_EVIDENCE_LABELS,
  scoreGate,
  type GateEvidence,
  type GateEvidenceState,
  type GateFactor,
  type GateReview,
  type PursuitDecisions,
  type RecordGateReviewBody,
  type ReplaceGateFactorsBody,
} from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict } from '../../lib/errors';
import * as factorsRepository from './gate-factors.repository';
import { presentFactor, presentOutcome, presentReview } from './gate-reviews.presenter';
import * as reviewsRepository from './gate-reviews.repository';
import * as stagesRepository from './pipeline-stages.repository';
import * as outcomesRepository from './pursuit-outcomes.repository';
import type { PursuitView } from './pursuits.repository';
import { assertPipeline, requirePursuit } from './pursuits.service';

/** GET /pipeline/gate-factors: the rubric in order. */
export async function listFactors(ctx: AuthedCtx): Promise<{ data: GateFactor[] }> {
  assertPipeline(ctx, 'pipeline.view');
  return { data: (await factorsRepository.listFactors(ctx.db)).map(presentFactor) };
}

/** PUT /admin/pipeline/gate-factors: replaces the rubric under a lock; past reviews keep their snapshot. */
export async function replaceFactors(ctx: AuthedCtx, body: ReplaceGateFactorsBody): Promise<{ data: GateFactor[] }> {
  assertPipeline(ctx, 'pipeline.configureGates');
  await ctx.db.transaction(async (tx) => {
    await factorsRepository.lockFactorList(tx);
    const known = new Set((await factorsRepository.listFactors(tx)).map((f) => f.id));
    const sentIds = body.factors.flatMap((f) => (f.id ? [f.id] : []));
    if (sentIds.some((id) => !known.has(id))) throw badRequest('Unknown factor id: reload the rubric and try again');
    if (new Set(sentIds).size !== sentIds.length) throw badRequest('A factor is listed twice');
    await factorsRepository.replaceFactors(tx, body.factors);
  });
  ctx.log.info({ factors: body.factors.length }, 'gate factors replaced');
  return listFactors(ctx);
}

/** The evidence as it stands: the pursuit's fields and its workspace's extracted requirements. */
async function evidenceOf(ctx: AuthedCtx, pursuit: PursuitView): Promise<GateEvidenceState> {
  return {
    incumbent: pursuit.incumbent,
    page_budget: pursuit.pageBudget,
    rfp_requirements: await reviewsRepository.rfpEvidence(ctx.db, pursuit.workspaceId),
  };
}

function missingEvidence(required: GateEvidence[], e: GateEvidenceState): GateEvidence[] {
  return required.filter((r) =>
    r === 'incumbent' ? !e.incumbent : r === 'page_budget' ? e.page_budget === null : !e.rfp_requirements.extracted,
  );
}

/** GET /pursuits/{id}/decisions: the gate history (newest first), the outcome in force, and the evidence now. */
export async function listDecisions(ctx: AuthedCtx, id: string): Promise<PursuitDecisions> {
  assertPipeline(ctx, 'pipeline.view');
  const pursuit = await requirePursuit(ctx, id);
  const [reviews, outcome, evidence, stages] = await Promise.all([
    reviewsRepository.listReviews(ctx.db, pursuit.id),
    outcomesRepository.findOutcome(ctx.db, pursuit.id),
    evidenceOf(ctx, pursuit),
    stagesRepository.listStages(ctx.db),
  ]);
  // The outcome counts while the pursuit stays closed that way (a reopened pursuit has none).
  const closedAs = stages.find((s) => s.id === pursuit.stageId)?.outcome ?? null;
  return {
    gate_reviews: reviews.map(presentReview),
    outcome: outcome && outcome.outcome === closedAs ? presentOutcome(outcome) : null,
    evidence,
  };
}

/**
 * POST /pursuits/{id}/gate-reviews: scores every factor of the current rubric, computes p(go) and
 * the recommendation, and appends the decision (never edits one). A Go needs the gate's evidence;
 * a No go can be recorded without it (the snapshot says what was missing). The pursuit's p(go)
 * becomes the review's.
 */
export async function recordGateReview(ctx: AuthedCtx, id: string, body: RecordGateReviewBody): Promise<GateReview> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.decideGate', pursuit);
  const stages = await stagesRepository.listStages(ctx.db);
  const gate = stages.find((s) => s.id === body.gate_stage_id);
  if (!gate || !gate.gateEvidence || gate.outcome)
    throw badRequest('That stage is not a gate: reload the pipeline to see the current gates');
  const current = stages.find((s) => s.id === pursuit.stageId)!;
  if (current.outcome) throw conflict(`The pursuit is closed (${current.name}). Move it back to an open stage to review a gate.`);
  if (current.position > gate.position)
    throw conflict(`The pursuit is already past ${gate.name}. Move it back to ${gate.name} to review that gate again.`);

  const factors = await factorsRepository.listFactors(ctx.db);
  const byId = new Map(body.scores.map((s) => [s.factor_id, s]));
  if (byId.size !== body.scores.length) throw badRequest('A factor is scored twice');
  if (body.scores.some((s) => !factors.some((f) => f.id === s.factor_id)))
    throw badRequest('Unknown factor: the rubric changed, reload the gate review');
  const unscored = factors.filter((f) => !byId.has(f.id));
  if (unscored.length > 0) throw badRequest(`Score every factor (1-5, with a note). Missing: ${unscored.map((f) => f.name).join(', ')}`);

  const before = await evidenceOf(ctx, pursuit);
  const evidence: GateEvidenceState = {
    ...before,
    ...(body.incumbent !== undefined ? { incumbent: body.incumbent || null } : {}),
    ...(body.page_budget !== undefined ? { page_budget: body.page_budget } : {}),
  };
  const required = gate.gateEvidence;
  const missing = missingEvidence(required, evidence);
  if (body.decision === 'go' && missing.length > 0) {
    const hint = missing.includes('rfp_requirements') ? ' (upload the solicitation in the workspace’s RFP Analysis)' : '';
    throw badRequest(`A Go at the ${gate.name} gate needs: ${missing.map((m) => GATE_EVIDENCE_LABELS[m]).join(', ')}${hint}`);
  }

  const scores = factors.map((f) => ({
    factor_id: f.id,
    name: f.name,
    weight: f.weight,
    score: byId.get(f.id)!.score,
    note: byId.get(f.id)!.note,
  }));
  const result = scoreGate(scores);
  const row = await reviewsRepository.appendReview(
    ctx.db,
    {
      pursuitId: pursuit.id,
      gateStageId: gate.id,
      gateName: gate.name,
      scores,
      inputs: { stage_name: current.name, estimated_value: pursuit.estimatedValue, p_win: pursuit.pWin, evidence, required, missing },
      pGo: result.p_go,
      recommendation: result.recommendation,
      drivers: result.drivers,
      decision: body.decision,
      rationale: body.rationale,
      decidedBy: ctx.actor.id,
      deciderName: ctx.actor.name,
    },
    { pGo: result.p_go, incumbent: body.incumbent === undefined ? undefined : body.incumbent || null, pageBudget: body.page_budget },
  );
  ctx.log.info({ pursuitId: pursuit.id, gate: gate.name, decision: body.decision }, 'gate review recorded');
  return presentReview(row);
}
