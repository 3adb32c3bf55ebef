import { z } from 'zod';

/** How an award was found for an opportunity, strongest first (issue 27 item 3). */
export const IncumbentRuleSchema = z.enum(['quoted_contract_number', 'solicitation_number', 'office_classification']);
export type IncumbentRule = z.infer<typeof IncumbentRuleSchema>;

export const INCUMBENT_RULE_LABELS: Record<IncumbentRule, string> = {
  quoted_contract_number: 'contract number quoted in the notice',
  solicitation_number: 'solicitation number on the award',
  office_classification: 'same office, NAICS, PSC and place',
};

/** FPDS extent-competed codes (USAspending data dictionary). */
export const EXTENT_COMPETED_LABELS: Record<string, string> = {
  A: 'Full and open competition',
  B: 'Not available for competition',
  C: 'Not competed',
  D: 'Full and open after exclusion of sources',
  E: 'Follow-on to competed action',
  F: 'Competed under simplified acquisition',
  G: 'Not competed under simplified acquisition',
  CDO: 'Competitive delivery order',
  NDO: 'Non-competitive delivery order',
};

export const IncumbentCandidateSchema = z.object({
  award_key: z.string(),
  piid: z.string(),
  parent_idv_piid: z.string().nullable(),
  award_type_code: z.string().nullable(),
  recipient_uei: z.string().nullable(),
  recipient_name: z.string().nullable(),
  awarding_agency_name: z.string().nullable(),
  awarding_office_name: z.string().nullable(),
  naics_code: z.string().nullable(),
  psc_code: z.string().nullable(),
  pop_state: z.string().nullable(),
  start_date: z.string().nullable(),
  current_end_date: z.string().nullable(),
  potential_end_date: z.string().nullable(),
  /** Decimal text, dollars. */
  obligated_amount: z.string().nullable(),
  /** Base and all options (the ceiling), decimal text. */
  ceiling_amount: z.string().nullable(),
  offers_received: z.number().nullable(),
  extent_competed_code: z.string().nullable(),
  extent_competed: z.string().nullable(),
  set_aside_code: z.string().nullable(),
  modification_count: z.number().nullable(),
  solicitation_id: z.string().nullable(),
  description: z.string().nullable(),
  rule: IncumbentRuleSchema,
  /** "matched: solicitation number" with what exactly matched. */
  rule_label: z.string(),
  /** 0–1: 0.9 quoted number, 0.8 solicitation, the computed score for office/classification. */
  score: z.number(),
  matched_on: z.array(z.string()),
  source: z.enum(['usaspending_api', 'usaspending_csv', 'sam_contract_awards']),
  source_url: z.string(),
  fetched_at: z.string(),
});
export type IncumbentCandidate = z.infer<typeof IncumbentCandidateSchema>;

export const OpportunityAwardsSchema = z.object({
  opportunity_id: z.string(),
  candidates: z.array(IncumbentCandidateSchema),
  /** What the reader must know to read the figures right (DoD delay, latest modification). */
  caveats: z.array(z.string()),
  /** Awards in the database at all: none means nothing could be found, not that there is no incumbent. */
  awards_loaded: z.number(),
});
export type OpportunityAwards = z.infer<typeof OpportunityAwardsSchema>;

/** GET /admin/award-sources: what the opportunity page may ask on demand, and SAM's quota today. */
export const AwardSourcesStatusSchema = z.object({
  usaspending_lookups: z.boolean(),
  /** Null when SAM_API_KEY is unset or lookups are off. */
  sam_contract_awards: z.object({ day: z.string(), used: z.number(), limit: z.number() }).nullable(),
});
export type AwardSourcesStatus = z.infer<typeof AwardSourcesStatusSchema>;
