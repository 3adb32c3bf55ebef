import {
  canPipeline,
  gatesPassed,
  weightedValue,
  pipelineCaller,
  type PipelineStage,
  type MovePursuitBody,
  type PipelineAbility,
  type PipelineUserList,
  type Pursuit,
  type PursuitListQuery,
  type PursuitListResponse,
  type PursuitLookupResponse,
  type TrackOpportunityBody,
  type UpdatePursuitBody,
} from '@biddesk/shared';
import type { OpportunityRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { GUEST_REFUSAL } from '../../lib/guest-access';
import { isUuid } from '../../lib/ids';
import { createWorkspace } from '../workspaces/workspaces.service';
import * as stagesRepository from './pipeline-stages.repository';
import { presentListItem, presentPursuit, presentStage, stageTotals } from './pursuits.presenter';
import * as repo from './pursuits.repository';
import type { PursuitView } from './pursuits.repository';

const PURSUIT_NOT_FOUND = 'Pursuit not found';
const NOT_OWNER = 'Only the capture owner or an admin can change this pursuit';
const DAY_MS = 24 * 60 * 60 * 1000;
const CHANGED = 'The pipeline changed a moment ago (a stage or the opportunity was removed). Reload and try again.';

/** Refuses a caller the pipeline matrix (packages/shared permissions/pipeline-roles) does not allow. */
export function assertPipeline(ctx: AuthedCtx, ability: PipelineAbility, pursuit?: { ownerId: string | null }): void {
  const caller = pipelineCaller({ role: ctx.actor.role, is_guest: ctx.actor.isGuest });
  if (canPipeline(caller, ability, { actorId: ctx.actor.id, ownerId: pursuit?.ownerId })) return;
  throw forbidden(caller === 'guest' ? GUEST_REFUSAL : pursuit ? NOT_OWNER : 'Admin access required');
}

export async function requirePursuit(ctx: AuthedCtx, id: string): Promise<PursuitView> {
  const found = isUuid(id) ? await repo.findView(ctx.db, id) : undefined;
  if (!found) throw notFound(PURSUIT_NOT_FOUND);
  return found;
}

/** The /pipeline filters of a query, as the repository takes them (the list, the table page, the CSV export). */
export function listFilters(q: Omit<PursuitListQuery, 'per_stage'>, now: Date): repo.PursuitFilters {
  return {
    stageId: q.stage,
    ownerId: q.owner,
    agency: q.agency || undefined,
    naics: q.naics || undefined,
    dueBefore: q.due_within ? new Date(now.getTime() + q.due_within * DAY_MS) : undefined,
  };
}

/** GET /pursuits: the filtered pursuits with the stage list and per-stage totals. */
export async function listPursuits(ctx: AuthedCtx, q: PursuitListQuery, now = new Date()): Promise<PursuitListResponse> {
  assertPipeline(ctx, 'pipeline.view');
  const [rows, stageRows] = await Promise.all([repo.list(ctx.db, listFilters(q, now)), stagesRepository.listStages(ctx.db)]);
  const stages = stageRows.map(presentStage);
  // Totals over every row; with per_stage only the first rows of each stage (rows come most
  // recently moved first) are presented and sent, which is most of a 2,000-pursuit board's cost.
  const totals = stageTotals(
    stages,
    rows.map((r) => ({
      stage_id: r.stageId,
      estimated_value: r.estimatedValue,
      weighted_value: weightedValue(r.estimatedValue, r.pWin, r.pGo),
    })),
  );
  const taken = new Map<string, number>();
  const limit = q.per_stage;
  const kept =
    limit === undefined
      ? rows
      : rows.filter((r) => {
          const n = (taken.get(r.stageId) ?? 0) + 1;
          taken.set(r.stageId, n);
          return n <= limit;
        });
  return { data: kept.map(presentListItem), stages, totals };
}

/** GET /pursuits/{id}. */
export async function getPursuit(ctx: AuthedCtx, id: string): Promise<Pursuit> {
  assertPipeline(ctx, 'pipeline.view');
  return presentPursuit(await requirePursuit(ctx, id));
}

/** The notice's award amount, when it states a positive number of dollars. */
function valueFromNotice(opportunity: OpportunityRow): number | null {
  const amount = Number(String(opportunity.award?.amount ?? '').replace(/[$,\s]/g, ''));
  return amount > 0 && Number.isFinite(amount) ? Math.round(amount * 100) / 100 : null;
}

/**
 * POST /pursuits (Track): one pursuit per notice, made by one conditional insert; the tracker owns
 * it and it starts in the first open stage. A second Track answers 409 naming who tracks it.
 */
export async function trackOpportunity(ctx: AuthedCtx, body: TrackOpportunityBody): Promise<Pursuit> {
  assertPipeline(ctx, 'pursuit.track');
  const opportunity = await repo.findOpportunity(ctx.db, body.opportunity_id);
  if (!opportunity) throw notFound('Opportunity not found');
  const first = (await stagesRepository.listStages(ctx.db)).find((s) => s.outcome === null);
  if (!first) throw conflict('The pipeline has no open stage. Ask an admin to add one.');
  const row = await repo.insertIfUntracked(ctx.db, {
    opportunityId: opportunity.id,
    noticeId: opportunity.noticeId,
    notice: {
      title: opportunity.title,
      solicitationNumber: opportunity.solicitationNumber,
      agency: opportunity.department,
      naicsCode: opportunity.naicsCode,
      responseDeadline: opportunity.responseDeadline?.toISOString() ?? null,
    },
    stageId: first.id,
    ownerId: ctx.actor.id,
    estimatedValue: valueFromNotice(opportunity),
  });
  if (row === 'gone') throw conflict(CHANGED);
  if (!row) {
    const existing = await repo.findByNotice(ctx.db, opportunity.noticeId);
    throw conflict(`This opportunity is already in the pipeline${existing?.ownerName ? ` (capture owner: ${existing.ownerName})` : ''}`);
  }
  ctx.log.info({ pursuitId: row.id }, 'opportunity tracked');
  return getPursuit(ctx, row.id);
}

/** PATCH /pursuits/{id}: the owner or an admin edits the capture fields. */
export async function updatePursuit(ctx: AuthedCtx, id: string, body: UpdatePursuitBody): Promise<Pursuit> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.edit', pursuit);
  if (body.owner_id) {
    const owner = await repo.findUser(ctx.db, body.owner_id);
    if (!owner || owner.isGuest) throw badRequest('The capture owner must be an internal user of this installation');
  }
  const patch: repo.PursuitPatch = {
    ownerId: body.owner_id,
    estimatedValue: body.estimated_value,
    // A value someone types replaces the notice's or a prior award's; clearing it forgets it. The
    // same value sent back (a form saving its other fields) keeps where it came from.
    valueSource:
      body.estimated_value === undefined || body.estimated_value === pursuit.estimatedValue
        ? undefined
        : body.estimated_value === null
          ? null
          : 'entered',
    pWin: body.p_win,
    pGo: body.p_go,
    expectedAwardDate: body.expected_award_date,
    nextAction: body.next_action === undefined ? undefined : body.next_action || null,
    nextActionDue: body.next_action_due,
    competitors: body.competitors,
    teamingPartners: body.teaming_partners,
    notes: body.notes,
    // An empty incumbent is "unknown", not a name.
    incumbent: body.incumbent === undefined ? undefined : body.incumbent || null,
    pageBudget: body.page_budget,
  };
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as repo.PursuitPatch;
  if (!(await repo.update(ctx.db, pursuit.id, defined))) throw notFound(PURSUIT_NOT_FOUND);
  return getPursuit(ctx, pursuit.id);
}

/**
 * POST /pursuits/{id}/move: conditional on the stage the caller saw (`from_stage_id`) and on a Go
 * recorded at every gate the move passes, in one UPDATE; of concurrent moves one wins, the rest
 * get 409. Closing stages are entered by recording the outcome (POST /pursuits/{id}/outcome).
 */
export async function movePursuit(ctx: AuthedCtx, id: string, body: MovePursuitBody): Promise<Pursuit> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.move', pursuit);
  const stages = (await stagesRepository.listStages(ctx.db)).map(presentStage);
  const target = stages.find((s) => s.id === body.stage_id);
  if (!target) throw badRequest('Unknown stage: reload the pipeline to see the current stages');
  if (body.stage_id === body.from_stage_id) throw badRequest('The pursuit is already in that stage');
  if (target.outcome)
    throw badRequest(`Record the outcome to move a pursuit to ${target.name}: it asks for the award, the reasons and the lessons learned`);
  await moveOrExplain(ctx, pursuit.id, stages, body.from_stage_id, target.id);
  return getPursuit(ctx, pursuit.id);
}

/**
 * Runs the conditional move and, when it changed nothing, says why: someone moved the pursuit
 * first, or a gate it passes has no Go as its latest decision (409 GATE_REQUIRED naming the gate).
 */
export async function moveOrExplain(
  ctx: AuthedCtx,
  pursuitId: string,
  stages: PipelineStage[],
  fromStageId: string,
  toStageId: string,
): Promise<void> {
  const gates = gatesPassed(stages, fromStageId, toStageId);
  // ctx.db is the caller's transaction when the move is part of a larger write (an outcome).
  const moved = await repo.moveIfAt(
    ctx.db,
    pursuitId,
    fromStageId,
    toStageId,
    gates.map((g) => g.id),
  );
  if (moved === 'gone') throw conflict(CHANGED);
  if (moved) return;
  const now = await repo.findView(ctx.db, pursuitId);
  if (now && now.stageId === fromStageId && gates.length > 0) {
    const latest = await repo.latestGateDecisions(ctx.db, pursuitId);
    const blocking = gates.find((g) => latest.get(g.id) !== 'go');
    if (blocking) {
      throw new AppError(
        409,
        'GATE_REQUIRED',
        latest.get(blocking.id) === 'no_go'
          ? `The latest ${blocking.name} gate review decided No go. Record a new gate review with a Go decision to move past ${blocking.name}.`
          : `Moving past ${blocking.name} needs a gate review with a Go decision. Record the ${blocking.name} gate review first.`,
      );
    }
  }
  throw conflict('Someone else moved this pursuit a moment ago. Reload the pipeline to see where it is now.');
}

/** DELETE /pursuits/{id}: stop tracking (the owner or an admin). */
export async function deletePursuit(ctx: AuthedCtx, id: string): Promise<void> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.delete', pursuit);
  if (!(await repo.remove(ctx.db, pursuit.id))) throw notFound(PURSUIT_NOT_FOUND);
}

/**
 * POST /pursuits/{id}/workspace: from the stage that opens the workspace (Proposal by default) on,
 * while the pursuit is open, creates the opportunity's workspace with the caller as OWNER; when one
 * exists already it is linked, never duplicated.
 */
export async function openPursuitWorkspace(ctx: AuthedCtx, id: string): Promise<{ workspace_id: string; created: boolean }> {
  const pursuit = await requirePursuit(ctx, id);
  if (pursuit.workspaceId) return { workspace_id: pursuit.workspaceId, created: false };
  assertPipeline(ctx, 'pursuit.createWorkspace', pursuit);
  const stages = await stagesRepository.listStages(ctx.db);
  const current = stages.find((s) => s.id === pursuit.stageId);
  const opens = stages.find((s) => s.opensWorkspace);
  // A gate that needs the RFP's requirements extracted lets the team create the workspace there,
  // since the solicitation is analysed in it.
  const needsRfp = current?.gateEvidence?.includes('rfp_requirements') ?? false;
  if (!current || !opens || current.outcome !== null || (current.position < opens.position && !needsRfp)) {
    throw conflict(`Move the pursuit to ${opens?.name ?? 'the proposal stage'} before creating its workspace`);
  }
  if (!pursuit.opportunityId) {
    // A recompete tracked from the radar has no notice yet; a workspace is made from a notice.
    throw conflict(
      pursuit.noticeId
        ? 'This notice is no longer in the opportunity data, so its workspace cannot be created'
        : 'This recompete has no notice yet: its workspace is created from the notice once one is posted and tracked',
    );
  }
  const workspace = await createWorkspace(ctx, { solicitation_id: pursuit.opportunityId });
  return { workspace_id: workspace.id, created: true };
}

/** GET /pursuits/lookup: which of the listed opportunities are tracked, for the Track buttons. */
export async function lookupPursuits(ctx: AuthedCtx, opportunityIds: string[]): Promise<PursuitLookupResponse> {
  assertPipeline(ctx, 'pipeline.view');
  const [rows, stages] = await Promise.all([repo.lookupByOpportunities(ctx.db, opportunityIds), stagesRepository.listStages(ctx.db)]);
  const names = new Map(stages.map((s) => [s.id, s.name]));
  return { data: rows.map((r) => ({ opportunity_id: r.opportunityId, pursuit_id: r.pursuitId, stage_name: names.get(r.stageId) ?? '' })) };
}

/** GET /pipeline/owners: internal users, who may own a pursuit (guests are never listed). */
export async function listOwners(ctx: AuthedCtx): Promise<PipelineUserList> {
  assertPipeline(ctx, 'pipeline.view');
  return { data: await repo.listInternalUsers(ctx.db) };
}
