import type { RfpAnalysis, RfpAnalysisSummary } from '@biddesk/shared';
import type { Requirement } from '@biddesk/analysis';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import type { UploadedFile } from '../../lib/uploaded-file';
import { storeThen } from '../workspace-documents/workspace-documents.service';
import { requireAbility } from '../workspaces/workspace-access';
import { SELECT_DRAFT, requireFile, scoreDraftFile } from './rfp-files';
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
  const requirements = workingRequirements(solicitation.requirements, await correctionsRepository.listForSolicitation(ctx.db, solicitation.id));
  const result = await scoreDraftFile(ctx, file, requirements as Requirement[]);
  const analysis = await storeThen(ctx, file, (stored) =>
    ctx.db.transaction(async (tx) => {
      const row = await repository.insertAnalysis(tx, {
        workspaceId: workspace.id,
        solicitationId: solicitation.id,
        draftFileName: file.fileName,
        draftStorageKey: stored.key,
        draftSizeBytes: stored.size,
        fitScore: result.fit_score,
        coverageScore: result.coverage_score,
        evidenceScore: result.evidence_score,
        languageMatchScore: result.language_match_score,
        matches: result.matches,
        missingRequirements: result.missing_requirements,
        suggestions: result.suggestions,
        // Checks ride with the conflicts (each carries its severity); the presenter shows them apart.
        conflicts: [...result.conflicts, ...result.checks],
        reportedSeparately: result.reported_separately,
        formatChecks: result.format_checks,
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
  return presentAnalysis({ analysis, version: solicitation.version });
}

/** GET /workspaces/{id}/rfp/analysis: the latest analysis. */
export async function getAnalysis(ctx: AuthedCtx, workspaceId: string): Promise<RfpAnalysis> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const [latest] = await repository.listAnalyses(ctx.db, workspace.id, 1);
  if (!latest) throw notFound(NO_ANALYSIS);
  return presentAnalysis(latest);
}

/** GET /workspaces/{id}/rfp/analyses (beyond SPEC): every analysis, newest first, scores only. */
export async function listAnalyses(ctx: AuthedCtx, workspaceId: string): Promise<RfpAnalysisSummary[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  return (await repository.listAnalyses(ctx.db, workspace.id)).map(presentAnalysisSummary);
}
