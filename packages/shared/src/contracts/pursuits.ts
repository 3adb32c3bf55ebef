import { z } from 'zod';
import { safeText } from '../text';
import { ValueAwardSchema, ValueSourceSchema } from './pursuit-parties';

/** How a closing stage ended the pursuit; open stages have none (issue 26). */
export const STAGE_OUTCOMES = ['won', 'lost', 'no_bid', 'cancelled'] as const;
export const StageOutcomeSchema = z.enum(STAGE_OUTCOMES, { error: `outcome must be one of ${STAGE_OUTCOMES.join(', ')}` });
export type StageOutcome = z.infer<typeof StageOutcomeSchema>;

/** Most stages an admin may configure, and the longest stage name. */
export const MAX_PIPELINE_STAGES = 20;
export const STAGE_NAME_MAX = 40;
/** Longest free-text field of a pursuit (notes), next action, and a competitor or partner name. */
export const PURSUIT_NOTES_MAX = 10_000;
export const PURSUIT_NEXT_ACTION_MAX = 200;
export const PURSUIT_NAME_MAX = 120;
export const PURSUIT_NAMES_MAX = 20;
/** Largest estimated value accepted, in dollars (numeric(15,2)). */
export const PURSUIT_VALUE_MAX = 9_999_999_999_999;

/** One column of the board. */
export const PipelineStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  outcome: StageOutcomeSchema.nullable(),
  /** From this stage on, the pursuit's workspace can be created from the pipeline. */
  opens_workspace: z.boolean(),
  /** A gate: leaving it forward needs a recorded Go, with this evidence for the Go; null when not a gate. */
  gate_evidence: z.array(z.enum(['incumbent', 'rfp_requirements', 'page_budget'])).nullable(),
});
export type PipelineStage = z.infer<typeof PipelineStageSchema>;
export const PipelineStageListSchema = z.object({ data: z.array(PipelineStageSchema) });

const StageNameSchema = safeText('Stage name', 'Stage name is required')
  .trim()
  .min(1, 'Stage name is required')
  .max(STAGE_NAME_MAX, `Stage name must be at most ${STAGE_NAME_MAX} characters`);

/**
 * PUT /admin/pipeline/stages: the whole list in board order. Stages sent with an id are kept
 * (renamed, moved); new ones have none; a stage left out is removed, which the server refuses
 * while pursuits are in it.
 */
export const ReplaceStagesBodySchema = z
  .object({
    stages: z
      .array(
        z.object({
          id: z.uuid({ error: 'Stage id must be a UUID' }).optional(),
          name: StageNameSchema,
          outcome: StageOutcomeSchema.nullable().default(null),
          opens_workspace: z.boolean().default(false),
          /** Absent: a kept stage keeps its gate, a new one has none. */
          gate_evidence: z
            .array(
              z.enum(['incumbent', 'rfp_requirements', 'page_budget'], {
                error: 'gate evidence must be incumbent, rfp_requirements or page_budget',
              }),
            )
            .max(3)
            .nullable()
            .optional(),
        }),
      )
      .min(2, 'Keep at least two stages')
      .max(MAX_PIPELINE_STAGES, `Keep at most ${MAX_PIPELINE_STAGES} stages`),
  })
  .refine((b) => new Set(b.stages.map((s) => s.name.toLowerCase())).size === b.stages.length, { message: 'Stage names must be different' })
  .refine((b) => b.stages.some((s) => s.outcome === null), { message: 'Keep at least one open stage' })
  .refine((b) => b.stages.filter((s) => s.opens_workspace).length === 1, { message: 'Exactly one stage opens the workspace' })
  .refine((b) => b.stages.every((s) => !(s.opens_workspace && s.outcome)), {
    message: 'The stage that opens the workspace must be an open stage',
  })
  .refine((b) => b.stages.every((s) => !(s.gate_evidence && s.outcome)), { message: 'A gate must be an open stage' });
export type ReplaceStagesBody = z.infer<typeof ReplaceStagesBodySchema>;

/** POST /pursuits: Track an opportunity. */
export const TrackOpportunityBodySchema = z.object({ opportunity_id: z.uuid({ error: 'opportunity_id must be an opportunity id' }) });
export type TrackOpportunityBody = z.infer<typeof TrackOpportunityBodySchema>;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 100` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be from 0 to 100`)
    .max(100, `${label} must be from 0 to 100`)
    .nullable()
    .optional();
const isoDate = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .nullable()
    .optional();
const names = (label: string) =>
  z
    .array(
      safeText(label)
        .trim()
        .min(1, `${label} cannot be empty`)
        .max(PURSUIT_NAME_MAX, `${label} must be at most ${PURSUIT_NAME_MAX} characters`),
    )
    .max(PURSUIT_NAMES_MAX, `At most ${PURSUIT_NAMES_MAX} ${label.toLowerCase()}s`)
    .optional();

/** PATCH /pursuits/{id}: any of the capture fields; null clears one. */
export const UpdatePursuitBodySchema = z
  .object({
    owner_id: z.uuid({ error: 'owner_id must be a user id' }).nullable().optional(),
    estimated_value: z
      .number({ error: 'Estimated value must be a number' })
      .min(0, 'Estimated value cannot be negative')
      .max(PURSUIT_VALUE_MAX, 'Estimated value is too large')
      .nullable()
      .optional(),
    p_win: percent('p(win)'),
    p_go: percent('p(go)'),
    expected_award_date: isoDate('Expected award date'),
    next_action: safeText('Next action')
      .trim()
      .max(PURSUIT_NEXT_ACTION_MAX, `Next action must be at most ${PURSUIT_NEXT_ACTION_MAX} characters`)
      .nullable()
      .optional(),
    next_action_due: isoDate('Next action date'),
    competitors: names('Competitor'),
    teaming_partners: names('Teaming partner'),
    notes: safeText('Notes').max(PURSUIT_NOTES_MAX, `Notes must be at most ${PURSUIT_NOTES_MAX} characters`).optional(),
    /** The incumbent's name, or "none" for a new requirement; null while unknown. */
    incumbent: safeText('Incumbent')
      .trim()
      .max(PURSUIT_NAME_MAX, `Incumbent must be at most ${PURSUIT_NAME_MAX} characters`)
      .nullable()
      .optional(),
    page_budget: z
      .number({ error: 'Page budget must be a number of pages' })
      .int('Page budget must be a whole number of pages')
      .min(1, 'Page budget must be at least 1 page')
      .max(10_000, 'Page budget is too large')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdatePursuitBody = z.infer<typeof UpdatePursuitBodySchema>;

/** POST /pursuits/{id}/move: conditional on the stage the caller saw, so concurrent moves have one winner. */
export const MovePursuitBodySchema = z.object({
  stage_id: z.uuid({ error: 'stage_id must be a stage id' }),
  from_stage_id: z.uuid({ error: 'from_stage_id must be a stage id' }),
});
export type MovePursuitBody = z.infer<typeof MovePursuitBodySchema>;

/** GET /pursuits filters (the /pipeline URL's, snake_case). */
export const PursuitListQuerySchema = z.object({
  stage: z.uuid({ error: 'stage must be a stage id' }).optional(),
  owner: z.union([z.uuid(), z.literal('none')], { error: 'owner must be a user id or none' }).optional(),
  agency: safeText('Agency').trim().max(200, 'Agency is too long').optional(),
  naics: safeText('NAICS code')
    .trim()
    .regex(/^\d{0,6}$/, 'NAICS code must be up to 6 digits')
    .optional(),
  due_within: z.coerce
    .number({ error: 'due_within must be a number of days' })
    .int('due_within must be a whole number of days')
    .min(1, 'due_within must be from 1 to 365 days')
    .max(365, 'due_within must be from 1 to 365 days')
    .optional(),
  /**
   * The board: at most this many pursuits per stage (most recently moved first); the totals still
   * count every pursuit passing the filters.
   */
  per_stage: z.coerce
    .number({ error: 'per_stage must be a number' })
    .int('per_stage must be a whole number')
    .min(1, 'per_stage must be from 1 to 1000')
    .max(1000, 'per_stage must be from 1 to 1000')
    .optional(),
});
export type PursuitListQuery = z.infer<typeof PursuitListQuerySchema>;

export const PursuitSchema = z.object({
  id: z.string(),
  opportunity_id: z.string().nullable(),
  /** The SAM.gov notice tracked; null for a recompete tracked from the radar before any notice. */
  notice_id: z.string().nullable(),
  /** The award whose recompete this is (tracked from the radar); null for a tracked notice. */
  award_key: z.string().nullable(),
  title: z.string(),
  solicitation_number: z.string().nullable(),
  agency: z.string().nullable(),
  naics_code: z.string().nullable(),
  response_deadline: z.string().nullable(),
  stage_id: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  estimated_value: z.number().nullable(),
  value_source: ValueSourceSchema.nullable(),
  /** The prior award the value was taken from (value_source prior_award); null otherwise. */
  value_award: ValueAwardSchema.nullable(),
  p_win: z.number().int().nullable(),
  p_go: z.number().int().nullable(),
  /** estimated value × p(win) × p(go) (p(go) unset counts as 100%); null without value or p(win). */
  weighted_value: z.number().nullable(),
  expected_award_date: z.string().nullable(),
  next_action: z.string().nullable(),
  next_action_due: z.string().nullable(),
  competitors: z.array(z.string()),
  teaming_partners: z.array(z.string()),
  notes: z.string(),
  /** The incumbent's name, "none" for a new requirement, null while unknown. */
  incumbent: z.string().nullable(),
  page_budget: z.number().int().nullable(),
  workspace_id: z.string().nullable(),
  stage_changed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pursuit = z.infer<typeof PursuitSchema>;

/** One stage's totals over the filtered pursuits. */
export const StageTotalsSchema = z.object({
  stage_id: z.string(),
  count: z.number().int(),
  total_value: z.number(),
  weighted_value: z.number(),
  /** Pursuits counted but without a value or p(win), so not in the sums. */
  unvalued: z.number().int(),
});
export type StageTotals = z.infer<typeof StageTotalsSchema>;

/**
 * A pursuit as the board and the table list it: without the long fields (notes, competitors,
 * partners, evidence) the drawer reads from GET /pursuits/{id}, so /pipeline with 2,000 pursuits
 * stays small to query, validate and send.
 */
export const PursuitListItemSchema = PursuitSchema.omit({
  notice_id: true,
  award_key: true,
  notes: true,
  competitors: true,
  teaming_partners: true,
  incumbent: true,
  page_budget: true,
  value_award: true,
  created_at: true,
  updated_at: true,
});
export type PursuitListItem = z.infer<typeof PursuitListItemSchema>;

export const PursuitListResponseSchema = z.object({
  data: z.array(PursuitListItemSchema),
  stages: z.array(PipelineStageSchema),
  totals: z.array(StageTotalsSchema),
});
export type PursuitListResponse = z.infer<typeof PursuitListResponseSchema>;

/** GET /pursuits/lookup?opportunity_ids=a,b: which of these opportunities are tracked (Track buttons). */
export const PursuitLookupQuerySchema = z.object({
  opportunity_ids: z
    .string({ error: 'opportunity_ids is required' })
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: 'opportunity_ids must be opportunity ids' }))
        .min(1, 'opportunity_ids is required')
        .max(100, 'At most 100 opportunity_ids'),
    ),
});
export const PursuitLookupResponseSchema = z.object({
  data: z.array(z.object({ opportunity_id: z.string(), pursuit_id: z.string(), stage_name: z.string() })),
});
export type PursuitLookupResponse = z.infer<typeof PursuitLookupResponseSchema>;

/** A user who can own a pursuit: an internal account (guests never). */
export const PipelineUserListSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
export type PipelineUserList = z.infer<typeof PipelineUserListSchema>;

/**
 * Weighted (probable) value: estimated value × p(win) × p(go), in dollars, rounded to cents.
 * p(go) unset counts as 100% (a pursuit nobody has doubted yet); without a value or p(win) it is
 * unknown, not zero.
 */
export function weightedValue(value: number | null, pWin: number | null, pGo: number | null): number | null {
  if (value === null || pWin === null) return null;
  return Math.round((value * pWin * (pGo ?? 100)) / 100) / 100;
}
