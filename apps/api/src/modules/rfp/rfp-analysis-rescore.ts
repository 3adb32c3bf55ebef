import { createHash } from 'node:crypto';
import type { DraftAnalysis, Requirement } from '@biddesk/analysis';
import type { RfpAnalysisRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { readFailureError } from '../../lib/parse-pool/read-failure';
import { workingRequirements } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import type { CorrectionView } from './rfp-corrections.repository';
import { DRAFT_TYPES } from './rfp-files';
import * as repository from './rfp.repository';

/**
 * Draft analyses follow the team's corrections (issue 23): a draft is scored against the list as
 * corrected, and each analysis remembers which corrections that was (`scored_corrections`). A
 * correction or its undo makes the version's analyses stale; a stale analysis is scored again from
 * its stored draft when it is next read, so the analysis and the matrix never show a requirement the
 * team removed, nor a must/should or section the team changed back.
 */

/** The corrections that change scoring, as one value: '' when there are none (what analyses stored before corrections existed were scored against). */
export function correctionsFingerprint(corrections: CorrectionView[]): string {
  if (corrections.length === 0) return '';
  const lines = corrections
    .map(({ row: c }) => [c.requirementId, c.notARequirement ? 'x' : '', c.section ?? '', c.mustOrShould ?? ''].join('\u0000'))
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The scored columns of an analysis row, from the engine's result. */
export function scoredColumns(result: DraftAnalysis) {
  return {
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
  };
}

const kindOf = (fileName: string): 'pdf' | 'docx' => (fileName.trim().toLowerCase().endsWith('.docx') ? 'docx' : 'pdf');

/**
 * The analysis as it reads against the version's corrections now: returned as stored when it was
 * scored against them, otherwise scored again from the stored draft (in a parse worker) and saved.
 * The save is one conditional statement (only while the row holds other corrections), so two
 * readers re-scoring against the same corrections store one result; a result whose corrections
 * changed while it was scored is caught by the next read, which compares again.
 */
export async function freshAnalysis(ctx: AuthedCtx, analysis: RfpAnalysisRow): Promise<RfpAnalysisRow> {
  const solicitation = await repository.findSolicitation(ctx.db, analysis.solicitationId);
  if (!solicitation) return analysis;
  const corrections = await correctionsRepository.listForSolicitation(ctx.db, solicitation.id);
  const fingerprint = correctionsFingerprint(corrections);
  if (fingerprint === analysis.scoredCorrections) return analysis;
  const bytes = await ctx.files.read(analysis.draftStorageKey);
  const requirements = workingRequirements(solicitation.requirements, corrections) as Requirement[];
  const read = await ctx.parser.analyzeDraft(
    { bytes, kind: kindOf(analysis.draftFileName), maxPages: ctx.config.PDF_MAX_PAGES, requirements },
    ctx.config.PARSE_TIMEOUT_MS,
    ctx.actor.id,
  );
  // The draft was read once already, so this only fails if the engine changed under it; say so plainly.
  if (!read.ok) throw readFailureError(read, DRAFT_TYPES);
  const saved = await repository.updateScores(ctx.db, analysis.id, scoredColumns(read.analysis), fingerprint);
  return saved ?? (await repository.findAnalysis(ctx.db, analysis.id)) ?? analysis;
}

/** Whether an analysis was scored against other corrections than its version has now (re-scored when opened). */
export async function staleAnalysisIds(ctx: AuthedCtx, analyses: RfpAnalysisRow[]): Promise<Set<string>> {
  const current = new Map<string, string>();
  for (const sid of new Set(analyses.map((a) => a.solicitationId))) {
    current.set(sid, correctionsFingerprint(await correctionsRepository.listForSolicitation(ctx.db, sid)));
  }
  return new Set(analyses.filter((a) => current.get(a.solicitationId) !== a.scoredCorrections).map((a) => a.id));
}
