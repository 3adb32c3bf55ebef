import { z } from 'zod';

/** SPEC §3 requirement as the workspace RFP Analysis shows it, with its page. */
export const RfpRequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  weight: z.number(),
  text: z.string(),
  page: z.number().int().nullable(),
});
export type RfpRequirement = z.infer<typeof RfpRequirementSchema>;

/** POST /workspaces/{id}/rfp/upload: the new solicitation version and what the engine extracted. */
export const RfpUploadResponseSchema = z.object({
  solicitation_id: z.string(),
  requirements: z.array(RfpRequirementSchema),
  requirements_count: z.number().int(),
  version: z.number().int(),
  file_name: z.string(),
});
export type RfpUploadResponse = z.infer<typeof RfpUploadResponseSchema>;

/** One solicitation version without its requirements (GET .../rfp/solicitations, beyond SPEC). */
export const RfpSolicitationSummarySchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  version: z.number().int(),
  file_name: z.string(),
  processing_status: z.string(),
  page_count: z.number().int(),
  requirements_count: z.number().int(),
  created_at: z.string(),
});
export type RfpSolicitationSummary = z.infer<typeof RfpSolicitationSummarySchema>;
export const RfpSolicitationSummaryListSchema = z.array(RfpSolicitationSummarySchema);

/** GET /workspaces/{id}/rfp/solicitation: the latest version with its requirements. */
export const RfpSolicitationSchema = RfpSolicitationSummarySchema.extend({
  requirements: z.array(RfpRequirementSchema),
});
export type RfpSolicitation = z.infer<typeof RfpSolicitationSchema>;

export const RfpMissingRequirementSchema = z.object({ requirement_id: z.string(), section: z.string(), text: z.string() });
export const RfpSuggestionSchema = z.object({ requirement_id: z.string(), location_hint: z.string(), suggestion: z.string() });
/** Where the draft answers a requirement, and how well (0-1). */
export const RfpMatchSchema = z.object({
  requirement_id: z.string(),
  score: z.number(),
  passage: z.string(),
  page: z.number().int().nullable(),
  location_hint: z.string(),
});
export type RfpMatch = z.infer<typeof RfpMatchSchema>;

/** Scores of one draft analysis (GET .../rfp/analyses lists these, beyond SPEC). */
export const RfpAnalysisSummarySchema = z.object({
  id: z.string(),
  solicitation_id: z.string(),
  solicitation_version: z.number().int(),
  fit_score: z.number(),
  coverage_score: z.number(),
  evidence_score: z.number(),
  language_match_score: z.number(),
  draft_file_name: z.string(),
  created_at: z.string(),
});
export type RfpAnalysisSummary = z.infer<typeof RfpAnalysisSummarySchema>;
export const RfpAnalysisSummaryListSchema = z.array(RfpAnalysisSummarySchema);

/** POST .../rfp/analyze-draft and GET .../rfp/analysis: one draft scored against a solicitation version. */
export const RfpAnalysisSchema = RfpAnalysisSummarySchema.extend({
  missing_requirements: z.array(RfpMissingRequirementSchema),
  suggestions: z.array(RfpSuggestionSchema),
  matches: z.array(RfpMatchSchema),
});
export type RfpAnalysis = z.infer<typeof RfpAnalysisSchema>;
