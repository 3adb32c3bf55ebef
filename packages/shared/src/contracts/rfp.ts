import { z } from 'zod';
import { safeText } from '../text';
import { TaskStatusSchema } from '../permissions/workspace-roles';
import { RfpAmendmentSchema } from './rfp-amendments';
import { RfpFormFactsSchema } from './rfp-form-facts';
import { RfpRequirementBasisSchema, RfpRequirementCorrectionSchema } from './rfp-corrections';
import { TaskSchema } from './tasks';

/**
 * SPEC §3 requirement as the workspace RFP Analysis shows it, with its page. `section` and
 * `must_or_should` are the team's corrected values where there is a `correction` (issue 23; the
 * engine's are in it), and `basis` says why the engine took it (null before it was recorded).
 */
export const RfpRequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  weight: z.number(),
  text: z.string(),
  page: z.number().int().nullable(),
  /** Other pages the same sentence is printed on in its section: the engine lists a repeat once. */
  other_pages: z.array(z.number().int()).optional(),
  basis: RfpRequirementBasisSchema.nullable(),
  /** A list item's lead-in ("The contractor shall deliver the following:"): the item reads with it. Null otherwise. */
  lead_in: z.string().nullable(),
  correction: RfpRequirementCorrectionSchema.nullable(),
});
export type RfpRequirement = z.infer<typeof RfpRequirementSchema>;

/** POST /workspaces/{id}/rfp/upload: the new solicitation version and what the engine extracted. */
export const RfpUploadResponseSchema = z.object({
  solicitation_id: z.string(),
  requirements: z.array(RfpRequirementSchema),
  requirements_count: z.number().int(),
  version: z.number().int(),
  file_name: z.string(),
  /** The diff against the previous version when this upload is an amendment (beyond SPEC). */
  amendment: RfpAmendmentSchema.nullable(),
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
  /** The diff against the previous version when this version is an amendment (beyond SPEC). */
  amendment: RfpAmendmentSchema.nullable(),
  /** The filled standard form's facts with their sources (issue 22); null when the PDF has none. */
  form_facts: RfpFormFactsSchema.nullable(),
});
export type RfpSolicitation = z.infer<typeof RfpSolicitationSchema>;

export const RfpMissingRequirementSchema = z.object({ requirement_id: z.string(), section: z.string(), text: z.string() });
// `requirement_ids`: every requirement a merged suggestion answers (gaps on one topic in one place).
export const RfpSuggestionSchema = z.object({
  requirement_id: z.string(),
  location_hint: z.string(),
  suggestion: z.string(),
  requirement_ids: z.array(z.string()).optional(),
});
/**
 * The one status of a requirement against a draft, shared by the analysis, the compliance matrix
 * and its CSV/XLSX: addressed, partial, missing, conflict (the draft contradicts it), check (a
 * possible contradiction for a reviewer) or not_applicable (logistics, format, clause or evaluation
 * method: not answered by a narrative).
 */
export const RFP_REQUIREMENT_STATUSES = ['addressed', 'partial', 'missing', 'conflict', 'check', 'not_applicable'] as const;
export const RfpRequirementStatusSchema = z.enum(RFP_REQUIREMENT_STATUSES);
export type RfpRequirementStatus = z.infer<typeof RfpRequirementStatusSchema>;
/** How the labels read in the app and the exports. */
export const RFP_REQUIREMENT_STATUS_LABELS: Record<RfpRequirementStatus, string> = {
  addressed: 'Addressed',
  partial: 'Partial',
  missing: 'Missing',
  conflict: 'Conflict',
  check: 'Check',
  not_applicable: 'Not applicable',
};

/**
 * A match's status as stored: one of the statuses above, or on analyses stored before they
 * existed deferred (promised for later: missing) or separate (not applicable). Absent on older ones.
 */
export const RfpMatchStatusSchema = z.enum([...RFP_REQUIREMENT_STATUSES, 'deferred', 'separate']);
export type RfpMatchStatus = z.infer<typeof RfpMatchStatusSchema>;

/** Where the draft answers a requirement, and how well (0-1). */
export const RfpMatchSchema = z.object({
  requirement_id: z.string(),
  status: RfpMatchStatusSchema.optional(),
  /** The draft only promises the answer for later (the status is missing). */
  deferred: z.boolean().optional(),
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
  /** Scored before the team's latest corrections of its RFP version: scored again when it is opened (GET .../rfp/analysis, the matrix). */
  stale: z.boolean(),
});
export type RfpAnalysisSummary = z.infer<typeof RfpAnalysisSummarySchema>;
export const RfpAnalysisSummaryListSchema = z.array(RfpAnalysisSummarySchema);

/** A requirement the draft contradicts (something forbidden, a limit, a mandated platform): worse than missing. */
export const RfpConflictSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  text: z.string(),
  rule: z.string(),
  /** The clause of the requirement that states the constraint (absent on older analyses). */
  clause: z.string().optional(),
  /** conflict, or check: a possible contradiction below the rule's confidence, for a reviewer. */
  severity: z.enum(['conflict', 'check']).optional(),
  confidence: z.number().optional(),
  /** The draft sentence that contradicts it. */
  passage: z.string(),
  page: z.number().int().nullable(),
  location_hint: z.string(),
  reason: z.string(),
});
export type RfpConflict = z.infer<typeof RfpConflictSchema>;

export const RFP_SEPARATE_KINDS = ['logistics', 'format', 'clause', 'evaluation'] as const;
/** A requirement a narrative does not answer, reported apart from coverage. */
export const RfpSeparateRequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  text: z.string(),
  kind: z.enum(RFP_SEPARATE_KINDS),
});
export type RfpSeparateRequirement = z.infer<typeof RfpSeparateRequirementSchema>;

/** A Section L format rule checked on the draft (page limit, font size, font family, required volume). */
export const RfpFormatCheckSchema = z.object({
  requirement_id: z.string(),
  check: z.enum(['page_limit', 'font_size', 'font_family', 'volume']),
  status: z.enum(['passed', 'failed', 'not_checked']),
  expected: z.string(),
  found: z.string(),
  location_hint: z.string(),
});
export type RfpFormatCheck = z.infer<typeof RfpFormatCheckSchema>;

/**
 * POST .../rfp/analyze-draft and GET .../rfp/analysis: one draft scored against a solicitation
 * version. Beyond SPEC §3: conflicts, the requirements reported apart from coverage, and the
 * format checks (analyses stored before these existed return empty lists).
 */
export const RfpAnalysisSchema = RfpAnalysisSummarySchema.extend({
  missing_requirements: z.array(RfpMissingRequirementSchema),
  suggestions: z.array(RfpSuggestionSchema),
  matches: z.array(RfpMatchSchema),
  conflicts: z.array(RfpConflictSchema),
  /** Possible contradictions for a reviewer to confirm (not counted against the draft). */
  checks: z.array(RfpConflictSchema),
  reported_separately: z.array(RfpSeparateRequirementSchema),
  format_checks: z.array(RfpFormatCheckSchema),
});
export type RfpAnalysis = z.infer<typeof RfpAnalysisSchema>;

export const RFP_TASKS_MAX = 500;

/** POST /workspaces/{id}/rfp/tasks: board tasks from requirements of the latest RFP (beyond SPEC). */
export const CreateRfpTasksBodySchema = z.object({
  requirement_ids: z
    .array(safeText('Requirement id', 'Requirement ids must be text').trim().min(1, 'Requirement ids cannot be blank'), {
      error: 'Select at least one requirement',
    })
    .min(1, 'Select at least one requirement')
    .max(RFP_TASKS_MAX, `At most ${RFP_TASKS_MAX} requirements at a time`)
    .transform((ids) => [...new Set(ids)]),
  grouping: z.enum(['requirement', 'section'], { error: "grouping must be 'requirement' or 'section'" }).default('requirement'),
  assignee_user_id: safeText('Assignee', 'Assignee must be a user id').nullish(),
});
export type CreateRfpTasksBody = z.input<typeof CreateRfpTasksBodySchema>;

/** The tasks made, and the requirement ids left out because a task already carries them. */
export const CreateRfpTasksResponseSchema = z.object({
  tasks: z.array(TaskSchema),
  created: z.number().int(),
  skipped: z.array(z.string()),
});
export type CreateRfpTasksResponse = z.infer<typeof CreateRfpTasksResponseSchema>;

export const RfpDraftStatusSchema = RfpRequirementStatusSchema;
export type RfpDraftStatus = z.infer<typeof RfpDraftStatusSchema>;

/** One row of the workspace compliance matrix: the requirement, its task and how the draft answers it. */
export const RfpMatrixRowSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  text: z.string(),
  page: z.number().int().nullable(),
  task: z
    .object({
      id: z.string(),
      title: z.string(),
      status: TaskStatusSchema,
      assignee_name: z.string().nullable(),
      /** The task is flagged: an amendment reworded or removed one of its requirements. */
      requirements_changed: z.boolean(),
    })
    .nullable(),
  basis: RfpRequirementBasisSchema.nullable(),
  /** A list item's lead-in: the item is a requirement only together with it. Null otherwise. */
  lead_in: z.string().nullable(),
  /** The team's correction (issue 23); a row marked not a requirement is left out of the matrix. */
  correction: RfpRequirementCorrectionSchema.nullable(),
  /** How the latest amendment touched this requirement: new in it, or reworded (with the previous wording). */
  amendment: z.object({ change: z.enum(['added', 'changed']), version: z.number().int(), previous_text: z.string().nullable() }).nullable(),
  draft: z
    .object({ status: RfpDraftStatusSchema, page: z.number().int().nullable(), location_hint: z.string().nullable(), score: z.number() })
    .nullable(),
});
export type RfpMatrixRow = z.infer<typeof RfpMatrixRowSchema>;

/** GET /workspaces/{id}/rfp/matrix (beyond SPEC). */
export const RfpMatrixSchema = z.object({
  solicitation_id: z.string(),
  version: z.number().int(),
  analysis_id: z.string().nullable(),
  rows: z.array(RfpMatrixRowSchema),
  /** Requirements the team marked not a requirement: left out of `rows` (issue 23). */
  excluded_count: z.number().int(),
});
export type RfpMatrix = z.infer<typeof RfpMatrixSchema>;

/** What `requirementStatus` reads: a stored analysis's lists. */
export interface RfpStatusSource {
  matches: Array<{ requirement_id: string; status?: string; score: number }>;
  missing_requirements: Array<{ requirement_id: string }>;
  conflicts: Array<{ requirement_id: string; severity?: string }>;
  reported_separately: Array<{ requirement_id: string }>;
}

/**
 * The one status of a requirement in an analysis, for the analysis view, the matrix and its
 * exports alike. Analyses stored before the status existed are read the same way the engine
 * decides: conflict, separate → not applicable, listed missing → missing, else addressed.
 */
export function requirementStatus(a: RfpStatusSource, requirementId: string): RfpRequirementStatus {
  const finding = a.conflicts.find((c) => c.requirement_id === requirementId);
  if (finding) return finding.severity === 'check' ? 'check' : 'conflict';
  const match = a.matches.find((m) => m.requirement_id === requirementId);
  const stored = match?.status;
  if (stored && (RFP_REQUIREMENT_STATUSES as readonly string[]).includes(stored)) return stored as RfpRequirementStatus;
  if (stored === 'deferred') return 'missing';
  if (stored === 'separate' || a.reported_separately.some((s) => s.requirement_id === requirementId)) return 'not_applicable';
  if (a.missing_requirements.some((m) => m.requirement_id === requirementId)) return 'missing';
  return 'addressed';
}
