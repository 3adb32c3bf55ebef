import type { RfpAnalysis, RfpAnalysisSummary, RfpRequirement, RfpSolicitation, RfpSolicitationSummary } from '@biddesk/shared';
import type { RfpSolicitationRow } from '../../db/schema/index';
import type { AnalysisView } from './rfp.repository';

export function presentRequirements(row: RfpSolicitationRow): RfpRequirement[] {
  return row.requirements.map((r) => ({
    requirement_id: r.requirement_id,
    section: r.section,
    must_or_should: r.must_or_should,
    weight: r.weight,
    text: r.text,
    page: r.page ?? null,
  }));
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

export function presentSolicitation(row: RfpSolicitationRow): RfpSolicitation {
  return { ...presentSolicitationSummary(row), requirements: presentRequirements(row) };
}

export function presentAnalysisSummary({ analysis: a, version }: AnalysisView): RfpAnalysisSummary {
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
  };
}

export function presentAnalysis(view: AnalysisView): RfpAnalysis {
  return {
    ...presentAnalysisSummary(view),
    missing_requirements: view.analysis.missingRequirements,
    suggestions: view.analysis.suggestions,
    matches: view.analysis.matches,
  };
}
