import type { RfpAnalysis, RfpAnalysisSummary } from '@biddesk/shared';
import type { Requirement } from '@biddesk/analysis';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import type { UploadedFile } from '../../lib/uploaded-file';
import { storeThen } from '../workspace-documents/workspace-documents.service';
import { requireAbility } from '../workspaces/workspace-access';
import { SELECT_DRAFT, requireFile, scoreDraftFile } from './rfp-files';
import { correctionsFingerprint, freshAnalysis, scoredColumns, staleAnalysisIds } from './rfp-analysis-rescore';
import { workingRequirements } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { presentAnalysis, presentAnalysisSummary } from './rfp.presenter';

export const RFP_FIRST = 'Please upload an RFP first';
export const NO_ANALYSIS = 'No analysis yet';

/**
 * POST /workspaces/{id}/rfp/analyze-draft: scores a draft (PDF page by page, or .docx text) against
 * the latest completed solicitation version and keeps draft and analysis; older analyses stay.
 * Reading and scoring run in a parse worker (rfp-files.ts), off the request thread.
 */
export async function analyzeDraft(ctx: AuthedCtx, workspaceId: string, upload: UploadedFile | undefined): Promise<RfpAnalysis> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'rfp.run');
  const solicitation = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!solicitation || solicitation.processingStatus !== 'completed') throw badRequest(RFP_FIRST);
  const file = requireFile(upload, SELECT_DRAFT);
  // Scored against the list as the team corrected it (issue 23): sections and must/should as
  // corrected, rows marked not a requirement left out.
  const corrections = await correctionsRepository.listForSolicitation(ctx.db, solicitation.id);
  const requirements = workingRequirements(solicitation.requirements, corrections);
  const result = await scoreDraftFile(ctx, file, requirements as Requirement[]);
  const analysis = await storeThen(ctx, file, (stored) =>
    ctx.db.transaction(async (tx) => {
      const row = await repository.insertAnalysis(tx, {
        workspaceId: workspace.id,
        solicitationId: solicitation.id,
        draftFileName: file.fileName,
        draftStorageKey: stored.key,
        draftSizeBytes: stored.size,
        ...scoredColumns(result),
        // Which corrections it was scored against: another correction makes it stale (rfp-analysis-rescore.ts).
        scoredCorrections: correctionsFingerprint(corrections),
        createdBy: ctx.actor.id,
      });
      await recordActivity(tx, ctx.actor, {
        action: 'rfp.draft_analyzed',
        workspaceId: workspace.id,
        targetType: 'rfp_analysis',
        targetId: row.id,
        details: { file_name: file.fileName, coverage: result.coverage_score, conflicts: result.conflicts.length },
      });
      return row;
    }),
  );
  return presentAnalysis({ analysis, version: solicitation.version }, false);
}

/**
 * GET /workspaces/{id}/rfp/analysis: the latest analysis, scored again first if the team has
 * corrected the requirements since (rfp-analysis-rescore.ts).
 */
export async function getAnalysis(ctx: AuthedCtx, workspaceId: string): Promise<RfpAnalysis> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const [latest] = await repository.listAnalyses(ctx.db, workspace.id, 1);
  if (!latest) throw notFound(NO_ANALYSIS);
  return presentAnalysis({ ...latest, analysis: await freshAnalysis(ctx, latest.analysis) }, false);
}

/**
 * GET /workspaces/{id}/rfp/analyses (beyond SPEC): every analysis, newest first, scores only; `stale`
 * on those scored before the team's latest corrections (they are scored again when opened).
 */
export async function listAnalyses(ctx: AuthedCtx, workspaceId: string): Promise<RfpAnalysisSummary[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const views = await repository.listAnalyses(ctx.db, workspace.id);
  const stale = await staleAnalysisIds(
    ctx,
    views.map((v) => v.analysis),
  );
  return views.map((v) => presentAnalysisSummary(v, stale.has(v.analysis.id)));
}
