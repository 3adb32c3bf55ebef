import { z } from 'zod';
import { safeText } from '../text';

/** Sort orders of GET /partners (issue 27 item 5). */
export const PARTNER_SORTS = ['obligated', 'count', 'last_award'] as const;
export const PartnerSortSchema = z.enum(PARTNER_SORTS, { error: `sort must be one of ${PARTNER_SORTS.join(', ')}` });
export type PartnerSort = z.infer<typeof PartnerSortSchema>;

export const PARTNER_PAGE_SIZE_MAX = 100;

const code = (label: string, pattern: RegExp, hint: string) =>
  safeText(label).trim().toUpperCase().regex(pattern, `${label} must be ${hint}`).optional();

/**
 * GET /partners: recipients with awards matching every filter given. The award filters (NAICS, PSC,
 * agency, state) choose which awards count, so the history shown is the history in that market.
 */
export const PARTNER_FILTER_REQUIRED = 'Choose at least one filter: NAICS, PSC, awarding agency, place, business type, or a name or UEI';

export const PartnerSearchQuerySchema = z
  .object({
    naics: code('NAICS code', /^\d{2,6}$/, '2 to 6 digits (a prefix matches the codes under it)'),
    psc: code('PSC', /^[A-Z0-9]{1,4}$/, '1 to 4 letters or digits (a prefix matches the codes under it)'),
    agency: code('Awarding agency', /^[A-Z0-9]{3,4}$/, 'a 3- or 4-character agency or sub-agency code (097, 2100)'),
    state: code('Place of performance', /^[A-Z]{2}$/, 'a two-letter state code'),
    business_type: safeText('Business type').trim().max(80, 'Business type is too long').optional(),
    q: safeText('Search').trim().max(120, 'Search must be at most 120 characters').optional(),
    sort: PartnerSortSchema.default('obligated'),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(10_000, 'page is too large')
      .default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, `page_size must be from 1 to ${PARTNER_PAGE_SIZE_MAX}`)
      .max(PARTNER_PAGE_SIZE_MAX, `page_size must be from 1 to ${PARTNER_PAGE_SIZE_MAX}`)
      .default(25),
  })
  // Without a filter every award would be grouped (seconds on a million awards, bench/README.md).
  .refine((q) => Boolean(q.naics || q.psc || q.agency || q.state || q.business_type || q.q), { message: PARTNER_FILTER_REQUIRED });
export type PartnerSearchQuery = z.infer<typeof PartnerSearchQuerySchema>;

const TopSchema = z.object({ code: z.string(), name: z.string().nullable(), count: z.number().int() });

/** A recipient's award history over the awards counted (all of them, or those matching the filters). */
export const PartnerHistorySchema = z.object({
  award_count: z.number().int(),
  /** Sum of obligations, decimal text (null when no counted award states one). */
  total_obligated: z.string().nullable(),
  /** Latest period-of-performance start among the counted awards (the award date is not in the data). */
  last_award_date: z.string().nullable(),
  top_agencies: z.array(TopSchema),
  top_naics: z.array(TopSchema),
});
export type PartnerHistory = z.infer<typeof PartnerHistorySchema>;

export const PartnerSummarySchema = z.object({
  uei: z.string(),
  name: z.string(),
  parent_uei: z.string().nullable(),
  business_types: z.array(z.string()),
  history: PartnerHistorySchema,
});
export type PartnerSummary = z.infer<typeof PartnerSummarySchema>;

export const PartnerSearchResponseSchema = z.object({
  data: z.array(PartnerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Whether any award data is loaded: none means nothing could be found, not that nobody does this work. */
  awards_loaded: z.boolean(),
});
export type PartnerSearchResponse = z.infer<typeof PartnerSearchResponseSchema>;

export const PartnerAwardSchema = z.object({
  award_key: z.string(),
  piid: z.string(),
  parent_idv_piid: z.string().nullable(),
  recipient_name: z.string().nullable(),
  awarding_agency_name: z.string().nullable(),
  awarding_office_name: z.string().nullable(),
  naics_code: z.string().nullable(),
  psc_code: z.string().nullable(),
  pop_state: z.string().nullable(),
  start_date: z.string().nullable(),
  current_end_date: z.string().nullable(),
  obligated_amount: z.string().nullable(),
  ceiling_amount: z.string().nullable(),
  description: z.string().nullable(),
  source: z.enum(['usaspending_api', 'usaspending_csv', 'sam_contract_awards']),
  source_url: z.string(),
  fetched_at: z.string(),
});
export type PartnerAward = z.infer<typeof PartnerAwardSchema>;

export const PARTNER_DETAIL_AWARDS_MAX = 200;

/** GET /partners/{uei}: the recipient, every name it was seen under, and its awards (newest first). */
export const PartnerDetailSchema = PartnerSummarySchema.extend({
  names_seen: z.array(z.string()),
  awards: z.array(PartnerAwardSchema),
  /** More awards exist than the PARTNER_DETAIL_AWARDS_MAX listed. */
  awards_truncated: z.boolean(),
});
export type PartnerDetail = z.infer<typeof PartnerDetailSchema>;

/** A UEI as SAM.gov issues it: 12 letters and digits. */
export const UEI_PATTERN = /^[A-Z0-9]{12}$/;

/** The business types award imports record on recipients (USAspending's prime-award flags), in that order. */
export const RECIPIENT_BUSINESS_TYPES = [
  '8(a) program participant',
  'HUBZone firm',
  'Service-disabled veteran-owned business',
  'Veteran-owned business',
  'Women-owned small business',
  'Economically disadvantaged women-owned small business',
  'Woman-owned business',
  'Small disadvantaged business',
  'Minority-owned business',
  'Alaskan Native corporation-owned firm',
  'SBA-certified 8(a) joint venture',
  'Educational institution',
  'Nonprofit organization',
  'FFRDC',
] as const;
