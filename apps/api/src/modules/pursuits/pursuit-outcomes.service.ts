import { OUTCOME_LABELS, RecordOutcomeBodySchema, type PursuitDecisions, type RecordOutcomeBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict } from '../../lib/errors';
import { requireAbility } from '../workspaces/workspace-access';
import { setArchived } from '../workspaces/workspaces.service';
import { listDecisions } from './gate-reviews.service';
import * as stagesRepository from './pipeline-stages.repository';
import * as outcomesRepository from './pursuit-outcomes.repository';
import { presentStage } from './pursuits.presenter';
import { assertPipeline, moveOrExplain, requirePursuit } from './pursuits.service';

type Parsed = ReturnType<typeof RecordOutcomeBodySchema.parse>;

/**
 * POST /pursuits/{id}/outcome: closes the pursuit as Won / Lost / No bid / Cancelled — the move into
 * that closing stage (conditional on the stage the caller saw and, for Won and Lost, on a Go at
 * every gate, like any move) and the outcome row in one transaction. Sent again while the pursuit
 * is closed that way, it edits the outcome (debrief, lessons learned). With `archive_workspace`,
 * the pursuit's workspace is archived too, which only its owner may do (checked before anything
 * is written).
 */
export async function recordOutcome(ctx: AuthedCtx, id: string, input: RecordOutcomeBody): Promise<PursuitDecisions> {
  const body = input as Parsed;
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.recordOutcome', pursuit);
  const stages = (await stagesRepository.listStages(ctx.db)).map(presentStage);
  const target = stages.find((s) => s.outcome === body.outcome);
  if (!target) throw conflict(`No stage closes a pursuit as ${OUTCOME_LABELS[body.outcome]}. Ask an admin to add one.`);
  if (!stages.some((s) => s.id === body.from_stage_id)) throw badRequest('Unknown stage: reload the pipeline to see the current stages');
  if (body.archive_workspace) {
    if (!pursuit.workspaceId) throw badRequest('This pursuit has no workspace to archive');
    await requireAbility(ctx, pursuit.workspaceId, 'workspace.archive');
  }
  const values = {
    pursuitId: pursuit.id,
    outcome: body.outcome,
    awardValue: body.award_value ?? null,
    winner: body.winner || null,
    reasons: [...new Set(body.reasons)],
    reasonText: body.reason_text,
    debriefDate: body.debrief_date ?? null,
    lessonsLearned: body.lessons_learned,
    pWinAtClose: pursuit.pWin,
    recordedBy: ctx.actor.id,
  };
  const editing = pursuit.stageId === target.id && body.from_stage_id === target.id;
  if (editing) {
    // A pursuit closed before outcomes were recorded has no row yet: the first edit makes it.
    if (await outcomesRepository.findOutcome(ctx.db, pursuit.id)) await outcomesRepository.updateOutcome(ctx.db, values);
    else await outcomesRepository.upsertOutcome(ctx.db, values);
  } else {
    await ctx.db.transaction(async (tx) => {
      await moveOrExplain({ ...ctx, db: tx }, pursuit.id, stages, body.from_stage_id, target.id);
      await outcomesRepository.upsertOutcome(tx, values);
    });
  }
  if (body.archive_workspace) await setArchived(ctx, pursuit.workspaceId!, true);
  ctx.log.info({ pursuitId: pursuit.id, outcome: body.outcome, editing }, 'pursuit outcome recorded');
  return listDecisions(ctx, pursuit.id);
}
