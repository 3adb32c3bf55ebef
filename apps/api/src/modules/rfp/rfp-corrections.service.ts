import type { PutRequirementCorrectionBody, RfpRequirement } from '@biddesk/shared';
import { PutRequirementCorrectionBodySchema } from '@biddesk/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { RfpSolicitationRow, StoredRequirement } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/activity.service';
import { requireAbility } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { describeChange } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { presentRequirement } from './rfp.presenter';

export const VERSION_NOT_FOUND = 'RFP version not found';
export const REQUIREMENT_NOT_FOUND = 'Requirement not found in this RFP version';
export const NOTHING_TO_CORRECT =
  "A correction must mark the requirement not a requirement or change its section or must/should; undo the correction to go back to the engine's reading";
export const NO_CORRECTION = 'This requirement has no correction to undo';
export const versionReplaced = (latest: number) =>
  `This RFP version has been replaced by version ${latest}: reload and correct the current version`;

type Body = z.output<typeof PutRequirementCorrectionBodySchema>;

/**
 * The version and requirement a correction is about, read after the workspace row is locked (as an
 * upload locks it): only the latest version can be corrected, so a correction never lands on a
 * version an amendment has already carried forward.
 */
async function lockTarget(
  tx: Db,
  workspaceId: string,
  solicitationId: string,
  requirementId: string,
): Promise<{ solicitation: RfpSolicitationRow; engine: StoredRequirement }> {
  await workspacesRepository.findByIdForUpdate(tx, workspaceId);
  const latest = await repository.findLatestSolicitation(tx, workspaceId);
  if (!latest || !isUuid(solicitationId)) throw notFound(VERSION_NOT_FOUND);
  if (latest.id !== solicitationId) {
    const versions = await repository.listSolicitations(tx, workspaceId);
    if (!versions.some((v) => v.id === solicitationId)) throw notFound(VERSION_NOT_FOUND);
    throw conflict(versionReplaced(latest.version));
  }
  const engine = latest.requirements.find((r) => r.requirement_id === requirementId);
  if (!engine) throw notFound(REQUIREMENT_NOT_FOUND);
  return { solicitation: latest, engine };
}

/**
 * PUT /workspaces/{id}/rfp/solicitations/{sid}/requirements/{rid}/correction (issue 23): marks a
 * requirement of the latest version not a requirement, or changes its section or must/should.
 * OWNER and CONTRIBUTOR (`requirement.correct`), not on an archived workspace. Values equal to the
 * engine's are stored as "no change"; a body that then changes nothing is refused (undo is DELETE).
 */
export async function putCorrection(
  ctx: AuthedCtx,
  workspaceId: string,
  solicitationId: string,
  requirementId: string,
  body: Body | PutRequirementCorrectionBody,
): Promise<RfpRequirement> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'requirement.correct');
  return ctx.db.transaction(async (tx) => {
    const { solicitation, engine } = await lockTarget(tx, workspace.id, solicitationId, requirementId);
    const notARequirement = body.not_a_requirement ?? false;
    const section = body.section && body.section !== engine.section ? body.section : null;
    const mustOrShould = body.must_or_should && body.must_or_should !== engine.must_or_should ? body.must_or_should : null;
    if (!notARequirement && !section && !mustOrShould) throw badRequest(NOTHING_TO_CORRECT);
    const note = body.note || null;
    const row = await correctionsRepository.upsert(tx, {
      workspaceId: workspace.id,
      solicitationId: solicitation.id,
      requirementId,
      notARequirement,
      section,
      mustOrShould,
      note,
      updatedBy: ctx.actor.id,
    });
    await recordActivity(tx, ctx.actor, {
      action: 'rfp.requirement_corrected',
      workspaceId: workspace.id,
      targetType: 'rfp_solicitation',
      targetId: solicitation.id,
      details: {
        requirement_id: requirementId,
        version: solicitation.version,
        not_a_requirement: notARequirement,
        change: describeChange(engine, section, mustOrShould),
        note,
      },
    });
    return presentRequirement({
      requirement: { ...engine, section: section ?? engine.section, must_or_should: mustOrShould ?? engine.must_or_should },
      correction: {
        not_a_requirement: notARequirement,
        section,
        must_or_should: mustOrShould,
        note,
        engine: { section: engine.section, must_or_should: engine.must_or_should },
        corrected_by_name: ctx.actor.name,
        corrected_at: row.updatedAt.toISOString(),
        carried_from_version: null,
      },
      excluded: notARequirement,
    });
  });
}

/** DELETE .../correction (issue 23): undoes a correction; the requirement reads as the engine gave it again. */
export async function deleteCorrection(ctx: AuthedCtx, workspaceId: string, solicitationId: string, requirementId: string): Promise<void> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'requirement.correct');
  await ctx.db.transaction(async (tx) => {
    const { solicitation, engine } = await lockTarget(tx, workspace.id, solicitationId, requirementId);
    // One conditional statement: of two concurrent undos, exactly one removes the row.
    const removed = await correctionsRepository.remove(tx, solicitation.id, requirementId);
    if (!removed) throw notFound(NO_CORRECTION);
    await recordActivity(tx, ctx.actor, {
      action: 'rfp.requirement_correction_undone',
      workspaceId: workspace.id,
      targetType: 'rfp_solicitation',
      targetId: solicitation.id,
      details: {
        requirement_id: requirementId,
        version: solicitation.version,
        section: engine.section,
        must_or_should: engine.must_or_should,
      },
    });
  });
}
