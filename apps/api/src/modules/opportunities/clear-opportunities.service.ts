import type { ClearOpportunitiesPreview } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { removeUnreferencedFiles } from '../../lib/stored-files';
import { recordActivity } from '../activity/activity.service';
import * as pdfs from '../documents/solicitation-pdfs.repository';
import { opportunityFacts } from '../documents/opportunity-facts';
import * as clearRepository from './clear-opportunities.repository';
import * as repo from './opportunities.repository';

/** GET /admin/clear-opportunities/preview: every consequence of a clear, counted, for the dialog. */
export async function previewClearOpportunities(ctx: AuthedCtx): Promise<ClearOpportunitiesPreview> {
  const c = await clearRepository.countClearConsequences(ctx.db);
  return {
    opportunities: c.opportunities,
    favorites: c.favorites,
    favorite_users: c.favoriteUsers,
    solicitation_pdfs: c.solicitationPdfs,
    generated_documents: c.generatedDocuments,
    workspaces: c.workspaces,
  };
}

/**
 * DELETE /admin/clear-opportunities: removes every opportunity and what hangs on them (favourites,
 * uploaded solicitation PDFs), then the files no row refers to any more (a workspace may still hold
 * the same file). Workspaces stay: in the same transaction each first keeps the current facts of
 * its notice (issue 21 item 2), so its header and AI Tools still work, and it is linked again when
 * the notice is stored again.
 */
export async function clearOpportunities(ctx: AuthedCtx): Promise<{ deleted: number; workspaces_kept: number }> {
  const { deleted, fileKeys, kept } = await ctx.db.transaction(async (tx) => {
    const linked = await clearRepository.listLinkedWorkspacesForUpdate(tx);
    for (const { workspaceId, opportunity } of linked) {
      await clearRepository.keepSnapshot(tx, workspaceId, {
        noticeId: opportunity.noticeId,
        opportunitySnapshot: opportunityFacts(opportunity),
      });
    }
    const keys = await pdfs.deleteAllReturningKeys(tx);
    return { deleted: await repo.deleteAll(tx), fileKeys: keys, kept: linked.length };
  });
  await removeUnreferencedFiles(ctx.db, ctx.files, fileKeys);
  await recordActivity(ctx.db, ctx.actor, { action: 'opportunities.cleared', details: { deleted, workspaces_kept: kept } });
  return { deleted, workspaces_kept: kept };
}
