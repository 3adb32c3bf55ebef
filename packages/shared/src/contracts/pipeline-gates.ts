import { z } from 'zod';
import { safeText } from '../text';
import { STAGE_OUTCOMES, StageOutcomeSchema } from './pursuits';

/**
 * Gate reviews and outcomes of the capture pipeline (issue 26 items 3-4): the rubric an admin
 * configures, a review's request and stored record, an outcome, and the /pipeline analytics.
 */

/** Evidence a gate can require before a Go: incumbent named (or "none"), RFP requirements extracted, page budget. */
export const GATE_EVIDENCE = ['incumbent', 'rfp_requirements', 'page_budget'] as const;
export const GateEvidenceSchema = z.enum(GATE_EVIDENCE, { error: `gate evidence must be one of ${GATE_EVIDENCE.join(', ')}` });
export type GateEvidence = z.infer<typeof GateEvidenceSchema>;
export const GATE_EVIDENCE_LABELS: Record<GateEvidence, string> = {
  incumbent: 'Incumbent known (or "none")',
  rfp_requirements: 'RFP requirements extracted',
  page_budget: 'Page budget known',
};
/** What to write as the incumbent when the requirement is new. */
export const NO_INCUMBENT = 'none';

export const MAX_GATE_FACTORS = 20;
export const GATE_FACTOR_NAME_MAX = 80;
export const GATE_NOTE_MAX = 1_000;
export const GATE_RATIONALE_MAX = 4_000;
export const OUTCOME_TEXT_MAX = 10_000;

export const GateFactorSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Relative weight, 1-10. */
  weight: z.number().int(),
  position: z.number().int(),
});
export type GateFactor = z.infer<typeof GateFactorSchema>;
export const GateFactorListSchema = z.object({ data: z.array(GateFactorSchema) });

/** PUT /admin/pipeline/gate-factors: the whole rubric in order; reviews already made keep their snapshot. */
export const ReplaceGateFactorsBodySchema = z
  .object({
    factors: z
      .array(
        z.object({
          id: z.uuid({ error: 'Factor id must be a UUID' }).optional(),
          name: safeText('Factor name', 'Factor name is required')
            .trim()
            .min(1, 'Factor name is required')
            .max(GATE_FACTOR_NAME_MAX, `Factor name must be at most ${GATE_FACTOR_NAME_MAX} characters`),
          description: safeText('Factor description').trim().max(300, 'Factor description must be at most 300 characters').default(''),
          weight: z
            .number({ error: 'Weight must be a number from 1 to 10' })
            .int('Weight must be a whole number')
            .min(1, 'Weight must be from 1 to 10')
            .max(10, 'Weight must be from 1 to 10'),
        }),
      )
      .min(1, 'Keep at least one factor')
      .max(MAX_GATE_FACTORS, `Keep at most ${MAX_GATE_FACTORS} factors`),
  })
  .refine((b) => new Set(b.factors.map((f) => f.name.toLowerCase())).size === b.factors.length, {
    message: 'Factor names must be different',
  });
export type ReplaceGateFactorsBody = z.infer<typeof ReplaceGateFactorsBodySchema>;

export const GateDecisionSchema = z.enum(['go', 'no_go'], { error: 'decision must be go or no_go' });
export type GateDecision = z.infer<typeof GateDecisionSchema>;

/** POST /pursuits/{id}/gate-reviews: one score (1-5) and note per current factor, the evidence, the decision. */
export const RecordGateReviewBodySchema = z
  .object({
    gate_stage_id: z.uuid({ error: 'gate_stage_id must be a stage id' }),
    scores: z
      .array(
        z.object({
          factor_id: z.uuid({ error: 'factor_id must be a factor id' }),
          score: z
            .number({ error: 'Each score must be from 1 to 5' })
            .int('Each score must be a whole number')
            .min(1, 'Each score must be from 1 to 5')
            .max(5, 'Each score must be from 1 to 5'),
          note: safeText('Note')
            .trim()
            .min(1, 'Every factor needs a note saying why it scored so')
            .max(GATE_NOTE_MAX, `A note must be at most ${GATE_NOTE_MAX} characters`),
        }),
      )
      .max(MAX_GATE_FACTORS, 'Too many scores'),
    /** The incumbent's name, or "none" for a new requirement; null or absent when unknown. */
    incumbent: safeText('Incumbent').trim().max(120, 'Incumbent must be at most 120 characters').nullable().optional(),
    page_budget: z
      .number({ error: 'Page budget must be a number of pages' })
      .int('Page budget must be a whole number of pages')
      .min(1, 'Page budget must be at least 1 page')
      .max(10_000, 'Page budget is too large')
      .nullable()
      .optional(),
    decision: GateDecisionSchema,
    rationale: safeText('Rationale')
      .trim()
      .min(1, 'Say why: the rationale is required')
      .max(GATE_RATIONALE_MAX, `Rationale must be at most ${GATE_RATIONALE_MAX} characters`),
  })
  .strict();
export type RecordGateReviewBody = z.infer<typeof RecordGateReviewBodySchema>;

const RfpEvidenceSchema = z.object({ extracted: z.boolean(), count: z.number().int() });
/** The evidence as the server found it (also the review's snapshot). */
export const GateEvidenceStateSchema = z.object({
  incumbent: z.string().nullable(),
  page_budget: z.number().int().nullable(),
  rfp_requirements: RfpEvidenceSchema,
});
export type GateEvidenceState = z.infer<typeof GateEvidenceStateSchema>;

export const GateReviewSchema = z.object({
  id: z.string(),
  gate_stage_id: z.string().nullable(),
  gate_name: z.string(),
  scores: z.array(
    z.object({ factor_id: z.string(), name: z.string(), weight: z.number().int(), score: z.number().int(), note: z.string() }),
  ),
  /** The pursuit and evidence as they were when the review was recorded. */
  inputs: z.object({
    stage_name: z.string(),
    estimated_value: z.number().nullable(),
    p_win: z.number().int().nullable(),
    evidence: GateEvidenceStateSchema,
    required: z.array(GateEvidenceSchema),
    missing: z.array(GateEvidenceSchema),
  }),
  p_go: z.number().int(),
  recommendation: z.enum(['bid', 'consider', 'no_bid']),
  drivers: z.array(z.string()),
  decision: GateDecisionSchema,
  rationale: z.string(),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type GateReview = z.infer<typeof GateReviewSchema>;

/** Why a pursuit was lost or not bid: a short list (plus free text). */
export const OUTCOME_REASONS = [
  'price',
  'technical',
  'past_performance',
  'incumbent',
  'customer_relationship',
  'capacity',
  'compliance',
  'teaming',
  'timeline',
  'strategic_fit',
  'requirement_changed',
  'other',
] as const;
export const OUTCOME_REASON_LABELS: Record<(typeof OUTCOME_REASONS)[number], string> = {
  price: 'Price',
  technical: 'Technical approach',
  past_performance: 'Past performance',
  incumbent: 'Incumbent advantage',
  customer_relationship: 'Customer relationship',
  capacity: 'Capacity or B&P cost',
  compliance: 'Compliance or eligibility',
  teaming: 'Teaming',
  timeline: 'Timeline',
  strategic_fit: 'Strategic fit',
  requirement_changed: 'Requirement changed or cancelled',
  other: 'Other',
};
export const OutcomeReasonSchema = z.enum(OUTCOME_REASONS, { error: `reasons must be among ${OUTCOME_REASONS.join(', ')}` });
export type OutcomeReason = z.infer<typeof OutcomeReasonSchema>;
export const OUTCOME_LABELS: Record<(typeof STAGE_OUTCOMES)[number], string> = {
  won: 'Won',
  lost: 'Lost',
  no_bid: 'No bid',
  cancelled: 'Cancelled',
};

/** POST /pursuits/{id}/outcome: closes the pursuit in the stage of that outcome (or edits the outcome it has). */
export const RecordOutcomeBodySchema = z
  .object({
    from_stage_id: z.uuid({ error: 'from_stage_id must be a stage id' }),
    outcome: StageOutcomeSchema,
    award_value: z
      .number({ error: 'Award value must be a number' })
      .min(0, 'Award value cannot be negative')
      .max(9_999_999_999_999, 'Award value is too large')
      .nullable()
      .optional(),
    winner: safeText('Winner').trim().max(120, 'Winner must be at most 120 characters').nullable().optional(),
    reasons: z.array(OutcomeReasonSchema).max(OUTCOME_REASONS.length, 'Too many reasons').default([]),
    reason_text: safeText('Reasons').trim().max(OUTCOME_TEXT_MAX, `Reasons must be at most ${OUTCOME_TEXT_MAX} characters`).default(''),
    debrief_date: z.iso.date({ error: 'Debrief date must be a date (YYYY-MM-DD)' }).nullable().optional(),
    lessons_learned: safeText('Lessons learned')
      .trim()
      .max(OUTCOME_TEXT_MAX, `Lessons learned must be at most ${OUTCOME_TEXT_MAX} characters`)
      .default(''),
    /** Archive the pursuit's workspace too (its owner's right; refused otherwise). */
    archive_workspace: z.boolean().default(false),
  })
  .strict()
  .refine((b) => !['lost', 'no_bid'].includes(b.outcome) || b.reasons.length > 0, {
    message: 'Pick at least one reason for a loss or a no-bid',
  });
export type RecordOutcomeBody = z.input<typeof RecordOutcomeBodySchema>;

export const PursuitOutcomeSchema = z.object({
  outcome: StageOutcomeSchema,
  award_value: z.number().nullable(),
  winner: z.string().nullable(),
  reasons: z.array(OutcomeReasonSchema),
  reason_text: z.string(),
  debrief_date: z.string().nullable(),
  lessons_learned: z.string(),
  /** The pursuit's p(win) when the outcome was recorded (what calibration compares). */
  p_win_at_close: z.number().int().nullable(),
  recorded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  recorded_at: z.string(),
  updated_at: z.string(),
});
export type PursuitOutcome = z.infer<typeof PursuitOutcomeSchema>;

/** GET /pursuits/{id}/decisions: the gate history (newest first), the outcome, and the evidence now. */
export const PursuitDecisionsSchema = z.object({
  gate_reviews: z.array(GateReviewSchema),
  outcome: PursuitOutcomeSchema.nullable(),
  evidence: GateEvidenceStateSchema,
});
export type PursuitDecisions = z.infer<typeof PursuitDecisionsSchema>;

const WinRateRowSchema = z.object({
  key: z.string(),
  won: z.number().int(),
  lost: z.number().int(),
  no_bid: z.number().int(),
  win_rate: z.number().nullable(),
});
export type WinRateRow = z.infer<typeof WinRateRowSchema>;

/** GET /pipeline/analytics. */
export const PipelineAnalyticsSchema = z.object({
  /** Per stage in board order: pursuits that ever entered it, and those in it now. */
  funnel: z.array(z.object({ stage_id: z.string(), name: z.string(), entered: z.number().int(), current: z.number().int() })),
  /** Open pursuits' weighted value by expected award month (YYYY-MM; null = no date). */
  by_month: z.array(
    z.object({ month: z.string().nullable(), count: z.number().int(), weighted_value: z.number(), unvalued: z.number().int() }),
  ),
  win_rate: z.object({ by_agency: z.array(WinRateRowSchema), by_naics: z.array(WinRateRowSchema) }),
  calibration: z.object({
    outcomes: z.number().int(),
    needed: z.number().int(),
    brier: z.number().nullable(),
    buckets: z.array(
      z.object({
        from: z.number(),
        to: z.number(),
        count: z.number().int(),
        mean_p_win: z.number().nullable(),
        won: z.number().int(),
        win_rate: z.number().nullable(),
      }),
    ),
  }),
});
export type PipelineAnalytics = z.infer<typeof PipelineAnalyticsSchema>;
