import type { PipelineStage, ReplaceStagesBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict } from '../../lib/errors';
import * as stagesRepository from './pipeline-stages.repository';
import { presentStage } from './pursuits.presenter';
import { assertPipeline } from './pursuits.service';

/** GET /pipeline/stages: the board's columns in order. */
export async function listStages(ctx: AuthedCtx): Promise<{ data: PipelineStage[] }> {
  assertPipeline(ctx, 'pipeline.view');
  return { data: (await stagesRepository.listStages(ctx.db)).map(presentStage) };
}

/**
 * PUT /admin/pipeline/stages: replaces the list in one transaction under a lock, so two admins'
 * edits take turns. A stage that still holds pursuits cannot be removed (409 naming it).
 */
export async function replaceStages(ctx: AuthedCtx, body: ReplaceStagesBody): Promise<{ data: PipelineStage[] }> {
  assertPipeline(ctx, 'pipeline.configureStages');
  await ctx.db.transaction(async (tx) => {
    await stagesRepository.lockStageList(tx);
    const current = await stagesRepository.listStages(tx);
    const known = new Set(current.map((s) => s.id));
    const sentIds = body.stages.flatMap((s) => (s.id ? [s.id] : []));
    if (sentIds.some((id) => !known.has(id))) throw badRequest('Unknown stage id: reload the stage list and try again');
    if (new Set(sentIds).size !== sentIds.length) throw badRequest('A stage is listed twice');
    const removed = current.filter((s) => !sentIds.includes(s.id));
    const inUse = await stagesRepository.countPursuitsIn(
      tx,
      removed.map((s) => s.id),
    );
    if (inUse.length > 0) {
      const names = inUse.map((u) => `${current.find((s) => s.id === u.stageId)!.name} (${u.n})`).join(', ');
      throw conflict(`Move the pursuits out of these stages before removing them: ${names}`);
    }
    const replaced = await stagesRepository.replaceStages(
      tx,
      body.stages.map((s) => ({
        id: s.id,
        name: s.name,
        outcome: s.outcome,
        opensWorkspace: s.opens_workspace,
        gateEvidence: s.gate_evidence === undefined ? undefined : s.gate_evidence && [...new Set(s.gate_evidence)],
      })),
    );
    if (replaced === 'in-use') throw conflict('A pursuit was just moved into a stage being removed. Reload the stages and try again.');
  });
  ctx.log.info({ stages: body.stages.length }, 'pipeline stages replaced');
  return listStages(ctx);
}
