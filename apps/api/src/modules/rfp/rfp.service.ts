import type { RfpSolicitation, RfpSolicitationSummary, RfpUploadResponse } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import type { UploadedFile } from '../../lib/uploaded-file';
import { storeThen } from '../workspace-documents/workspace-documents.service';
import { requireAbility } from '../workspaces/workspace-access';
import { PDF_ONLY, SELECT_RFP, readSolicitationPdf, requireFile } from './rfp-files';
import { notifyMembers, recordAmendment } from './rfp-amendment.service';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { presentAmendment, presentRequirements, presentSolicitation, presentSolicitationSummary } from './rfp.presenter';

export const NO_RFP = 'No RFP has been uploaded to this workspace';

/**
 * POST /workspaces/{id}/rfp/upload: extracts the solicitation's requirements and keeps it as the
 * workspace's next version (older versions stay for the amendment diff). Every refusal happens
 * before anything is stored. A workspace that had a completed RFP gets the amendment diff and its
 * tasks re-pointed and flagged (rfp-amendment.service.ts). The other members get one bell notification.
 */
export async function uploadRfp(ctx: AuthedCtx, workspaceId: string, upload: UploadedFile | undefined): Promise<RfpUploadResponse> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'rfp.run');
  const file = requireFile(upload, SELECT_RFP);
  const { pageCount, requirements, acronyms, formFacts } = await readSolicitationPdf(ctx, file, PDF_ONLY);
  const row = await storeThen(ctx, file, (stored) =>
    ctx.db.transaction(async (tx) => {
      const inserted = await repository.insertNextVersion(tx, {
        workspaceId: workspace.id,
        fileName: file.fileName,
        storageKey: stored.key,
        sizeBytes: stored.size,
        pageCount,
        processingStatus: 'completed',
        requirements,
        acronyms,
        formFacts,
        uploadedBy: ctx.actor.id,
      });
      await recordActivity(tx, ctx.actor, {
        action: 'rfp.uploaded',
        workspaceId: workspace.id,
        targetType: 'rfp_solicitation',
        targetId: inserted.id,
        details: { file_name: file.fileName, requirements: requirements.length, version: inserted.version },
      });
      const amendment = await recordAmendment(tx, ctx, workspace, inserted);
      await notifyMembers(tx, ctx, workspace, inserted, amendment);
      // The amendment carried the previous version's corrections over: the answer shows them.
      return { ...inserted, amendment, corrections: await correctionsRepository.listForSolicitation(tx, inserted.id) };
    }),
  );
  return {
    solicitation_id: row.id,
    requirements: presentRequirements(row, row.corrections),
    requirements_count: row.requirements.length,
    version: row.version,
    file_name: row.fileName,
    amendment: row.amendment ? presentAmendment(row, row.amendment) : null,
  };
}

/** GET /workspaces/{id}/rfp/solicitation: the latest version with its requirements. */
export async function getSolicitation(ctx: AuthedCtx, workspaceId: string): Promise<RfpSolicitation> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const row = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!row) throw notFound(NO_RFP);
  // The form's due date is shown beside the notice's, so a date an amendment moved is flagged.
  const notice =
    row.formFacts?.offerDue && workspace.opportunityId ? await repository.findNoticeDeadline(ctx.db, workspace.opportunityId) : undefined;
  return presentSolicitation(row, await correctionsRepository.listForSolicitation(ctx.db, row.id), notice ?? null);
}

/** GET /workspaces/{id}/rfp/solicitations (beyond SPEC): every version, newest first. */
export async function listSolicitations(ctx: AuthedCtx, workspaceId: string): Promise<RfpSolicitationSummary[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  return (await repository.listSolicitations(ctx.db, workspace.id)).map(presentSolicitationSummary);
}
