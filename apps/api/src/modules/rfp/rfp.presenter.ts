import type {
  RfpAmendment,
  RfpAnalysis,
  RfpAnalysisSummary,
  RfpRequirement,
  RfpSolicitation,
  RfpSolicitationSummary,
} from '@biddesk/shared';
import type { RfpSolicitationRow, StoredAmendment } from '../../db/schema/index';
import { applyCorrections, type CorrectedRequirement } from './rfp-corrections';
import type { CorrectionView } from './rfp-corrections.repository';
import type { AnalysisView } from './rfp.repository';
import { presentFormFacts, type NoticeDeadline } from './rfp-form-facts';

/** One requirement as the team reads it: corrected section and must/should, the correction, the engine's basis. */
export function presentRequirement({ requirement: r, correction }: CorrectedRequirement): RfpRequirement {
  return {
    requirement_id: r.requirement_id,
    section: r.section,
    must_or_should: r.must_or_should,
    weight: r.weight,
    text: r.text,
    page: r.page ?? null,
    ...(r.pages?.length ? { other_pages: r.pages } : {}),
    basis: r.basis ?? null,
    lead_in: r.lead_in ?? null,
    correction,
  };
}

/** Every requirement of a version, the ones marked not a requirement included (the list is where they are undone). */
export function presentRequirements(row: RfpSolicitationRow, corrections: CorrectionView[]): RfpRequirement[] {
  return applyCorrections(row.requirements, corrections).map(presentRequirement);
}

export function presentSolicitationSummary(row: RfpSolicitationRow): RfpSolicitationSummary {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    version: row.version,
    file_name: row.fileName,
    processing_status: row.processingStatus,
    page_count: row.pageCount,
    requirements_count: row.requirements.length,
    created_at: row.createdAt.toISOString(),
  };
}

/** `notice`: the workspace's SAM.gov deadline, which the form's offer due date is checked against (null: none linked). */
export function presentSolicitation(
  row: RfpSolicitationRow,
  corrections: CorrectionView[],
  notice: NoticeDeadline | null,
): RfpSolicitation {
  return {
    ...presentSolicitationSummary(row),
    requirements: presentRequirements(row, corrections),
    amendment: row.amendment ? presentAmendment(row, row.amendment) : null,
    form_facts: presentFormFacts(row.formFacts ?? null, notice),
  };
}

/** A version's diff against the previous one; tasks as they were named when the amendment came in. */
export function presentAmendment(
  row: Pick<RfpSolicitationRow, 'id' | 'version' | 'fileName' | 'createdAt'>,
  a: StoredAmendment,
): RfpAmendment {
  const titles = new Map(a.tasks.map((t) => [t.id, t.title]));
  const tasksOf = (ids: string[]) => ids.map((id) => ({ id, title: titles.get(id) ?? '' }));
  return {
    solicitation_id: row.id,
    version: row.version,
    file_name: row.fileName,
    previous_solicitation_id: a.previous_solicitation_id,
    previous_version: a.previous_version,
    created_at: row.createdAt.toISOString(),
    counts: {
      unchanged: a.unchanged,
      changed: a.changed.length,
      added: a.added.length,
      removed: a.removed.length,
      tasks_affected: a.tasks.length,
    },
    changed: a.changed.map((c) => ({ previous: c.previous, current: c.current, similarity: c.similarity, tasks: tasksOf(c.task_ids) })),
    added: a.added,
    removed: a.removed.map(({ task_ids, ...r }) => ({ ...r, tasks: tasksOf(task_ids) })),
    tasks_affected: a.tasks,
  };
}

/** `stale`: scored before the team's latest corrections of its version (scored again when opened). */
export function presentAnalysisSummary({ analysis: a, version }: AnalysisView, stale: boolean): RfpAnalysisSummary {
  return {
    id: a.id,
    solicitation_id: a.solicitationId,
    solicitation_version: version,
    fit_score: a.fitScore,
    coverage_score: a.coverageScore,
    evidence_score: a.evidenceScore,
    language_match_score: a.languageMatchScore,
    draft_file_name: a.draftFileName,
    created_at: a.createdAt.toISOString(),
    stale,
  };
}

export function presentAnalysis(view: AnalysisView, stale: boolean): RfpAnalysis {
  return {
    ...presentAnalysisSummary(view, stale),
    missing_requirements: view.analysis.missingRequirements,
    suggestions: view.analysis.suggestions,
    matches: view.analysis.matches,
    conflicts: view.analysis.conflicts.filter((c) => c.severity !== 'check'),
    checks: view.analysis.conflicts.filter((c) => c.severity === 'check'),
    reported_separately: view.analysis.reportedSeparately,
    format_checks: view.analysis.formatChecks,
  };
}
