import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../limits';

export const AttachmentSchema = z.object({ name: z.string(), url: z.string() });

export const ContactSchema = z.object({
  type: z.enum(['primary', 'secondary']),
  title: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
});

/** An opportunity as the API sends it (SPEC §3 plus what SAM.gov gives beside it). */
export const OpportunitySchema = z.object({
  id: z.string(),
  notice_id: z.string(),
  /** SAM's Department/Ind.Agency string. */
  agency: z.string().nullable(),
  sub_tier: z.string().nullable(),
  office: z.string().nullable(),
  title: z.string(),
  solicitation_number: z.string().nullable(),
  notice_type: z.string().nullable(),
  naics: z.string().nullable(),
  psc: z.string().nullable(),
  /** Set-aside code, e.g. SBA. */
  set_aside: z.string().nullable(),
  set_aside_description: z.string().nullable(),
  posted_date: z.string().nullable(),
  response_date: z.string().nullable(),
  archive_date: z.string().nullable(),
  active: z.boolean().nullable(),
  saved: z.boolean(),
  /** Text, or SAM's noticedesc URL (the fetch marker) until the text has been fetched. */
  description: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  pdf_processed: z.boolean(),
  contacts: z.array(ContactSchema),
  place_of_performance: z
    .object({ street_address: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable(), country: z.string().nullable() })
    .nullable(),
  award: z.object({ number: z.string().nullable(), date: z.string().nullable(), amount: z.string().nullable(), awardee: z.string().nullable() }).nullable(),
  link: z.string().nullable(),
  additional_info_link: z.string().nullable(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

const optionalText = z
  .string()
  .trim()
  .max(200, 'Search text is too long')
  .optional()
  .transform((v) => (v ? v : undefined));

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Filters shared by the listing and the search (SPEC §7 Opportunities). */
const FilterFields = {
  agency: optionalText,
  naics: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, 'NAICS code must be up to 6 digits')
    .optional()
    .transform((v) => (v ? v : undefined)),
  psc: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,4}$/, 'PSC code must be up to 4 letters or digits')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  set_aside: optionalText,
};

export const OpportunityListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`).default(20),
  keyword: optionalText,
  ...FilterFields,
  saved_only: booleanQuery,
});
export type OpportunityListQuery = z.infer<typeof OpportunityListQuerySchema>;

export const OpportunityListResponseSchema = z.object({
  data: z.array(OpportunitySchema),
  total: z.number(),
  total_pages: z.number(),
  page: z.number(),
});
export type OpportunityListResponse = z.infer<typeof OpportunityListResponseSchema>;

/** The dashboard's four stat cards, counted in one query. */
export const OpportunityStatsSchema = z.object({
  open_solicitations: z.number(),
  due_this_week: z.number(),
  favorited: z.number(),
  recently_updated: z.number(),
});
export type OpportunityStats = z.infer<typeof OpportunityStatsSchema>;

export const OpportunitySearchQuerySchema = z.object({
  keywords: optionalText,
  /** Accepted as a synonym of keywords. */
  keyword: optionalText,
  ...FilterFields,
});
export type OpportunitySearchQuery = z.infer<typeof OpportunitySearchQuerySchema>;

export const OpportunitySearchResponseSchema = z.object({
  results: z.array(OpportunitySchema),
  total: z.number(),
  /** Where the results came from: SAM.gov's API, or the local database when no key is set. */
  source: z.enum(['sam_gov', 'local']),
});
export type OpportunitySearchResponse = z.infer<typeof OpportunitySearchResponseSchema>;

export const SaveResponseSchema = z.object({ saved: z.boolean() });

export const DescriptionQuerySchema = z.object({
  notice_id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid notice id'),
});
export const DescriptionResponseSchema = z.object({ description: z.string() });

export const ImportCsvSyncBodySchema = z.object({
  csv_url: z.string({ error: 'Please enter a CSV URL' }).trim().min(1, 'Please enter a CSV URL').max(2000, 'CSV URL is too long'),
});

export const ImportResultSchema = z.object({
  imported: z.number(),
  inserted: z.number(),
  updated: z.number(),
  rows: z.number(),
  malformed: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })),
  duration_ms: z.number(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ClearOpportunitiesResponseSchema = z.object({ deleted: z.number() });
