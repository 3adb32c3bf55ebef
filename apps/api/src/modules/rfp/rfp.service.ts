import type { RfpSolicitation, RfpSolicitationSummary, RfpUploadResponse } from '@biddesk/shared';
import { extractRequirements } from '@biddesk/analysis';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import type { UploadedFile } from '../workspace-documents/document-files';
import { storeThen } from '../workspace-documents/workspace-documents.service';
import { assertCan, requireMember } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { PDF_ONLY, SELECT_RFP, readPdfPages, requireFile } from './rfp-files';
import * as repository from './rfp.repository';
import { presentRequirements, presentSolicitation, presentSolicitationSummary } from './rfp.presenter';

export const NO_RFP = 'No RFP has been uploaded to this workspace';

/**
 * POST /workspaces/{id}/rfp/upload: extracts the solicitation's requirements and keeps it as the
 * workspace's next version (older versions stay for the amendment diff). Every refusal happens
 * before anything is stored. The other members get a bell notification.
 */
export async function uploadRfp(ctx: AuthedCtx, workspaceId: string, upload: UploadedFile | undefined): Promise<RfpUploadResponse> {
  const { member, workspace } = await requireMember(ctx, workspaceId, { content: true, write: true });
  assertCan(member, 'rfp.run');
  const file = requireFile(upload, SELECT_RFP);
  const pages = await readPdfPages(file, PDF_ONLY);
  const requirements = extractRequirements(pages);
  const row = await storeThen(ctx, file, (stored) =>
    ctx.db.transaction(async (tx) => {
      const inserted = await repository.insertNextVersion(tx, {
        workspaceId: workspace.id,
        fileName: file.fileName,
        storageKey: stored.key,
        sizeBytes: stored.size,
        pageCount: pages.length,
        processingStatus: 'completed',
        requirements,
        uploadedBy: ctx.actor.id,
      });
      await recordActivity(tx, ctx.actor, {
        action: 'rfp.uploaded',
        workspaceId: workspace.id,
        targetType: 'rfp_solicitation',
        targetId: inserted.id,
        details: { file_name: file.fileName, requirements: requirements.length, version: inserted.version },
      });
      for (const { member: other } of await workspacesRepository.listMembers(tx, workspace.id)) {
        if (other.userId === ctx.actor.id) continue;
        await notificationsRepository.insertForUser(tx, other.userId, {
          title: inserted.version > 1 ? 'New RFP version uploaded' : 'RFP uploaded',
          message: `${ctx.actor.name} uploaded ${file.fileName} (version ${inserted.version}, ${requirements.length} requirements) in "${workspace.name}".`,
          type: 'workspace',
          link: `/workspace/${workspace.id}?tab=rfp`,
        });
      }
      return inserted;
    }),
  );
  return {
    solicitation_id: row.id,
    requirements: presentRequirements(row),
    requirements_count: row.requirements.length,
    version: row.version,
    file_name: row.fileName,
  };
}

/** GET /workspaces/{id}/rfp/solicitation: the latest version with its requirements. */
export async function getSolicitation(ctx: AuthedCtx, workspaceId: string): Promise<RfpSolicitation> {
  const { workspace } = await requireMember(ctx, workspaceId, { content: true });
  const row = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!row) throw notFound(NO_RFP);
  return presentSolicitation(row);
}

/** GET /workspaces/{id}/rfp/solicitations (beyond SPEC): every version, newest first. */
export async function listSolicitations(ctx: AuthedCtx, workspaceId: string): Promise<RfpSolicitationSummary[]> {
  const { workspace } = await requireMember(ctx, workspaceId, { content: true });
  return (await repository.listSolicitations(ctx.db, workspace.id)).map(presentSolicitationSummary);
}
