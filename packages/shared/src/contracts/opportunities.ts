import { z } from 'zod';
import { safeText } from '../text';
import { MAX_PAGE_LIMIT } from '../limits';
import { NOTICE_STATUSES, OPPORTUNITY_SORTS } from '../notice-types';

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
  /**
   * The UTC offset SAM gave with the response deadline (`-05:00`), so the time shows as SAM states
   * it; null when SAM gave a date only (or no deadline).
   */
  response_time_zone: z.string().nullable(),
  archive_date: z.string().nullable(),
  active: z.boolean().nullable(),
  saved: z.boolean(),
  /** Text, or SAM's noticedesc URL (the fetch marker) until the text has been fetched. */
  description: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  pdf_processed: z.boolean(),
  contacts: z.array(ContactSchema),
  place_of_performance: z
    .object({
      street_address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  award: z
    .object({ number: z.string().nullable(), date: z.string().nullable(), amount: z.string().nullable(), awardee: z.string().nullable() })
    .nullable(),
  link: z.string().nullable(),
  additional_info_link: z.string().nullable(),
  /** Notices sharing this one's solicitation number (amendments, updates), this one included. */
  notice_count: z.number(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

/**
 * An opportunity in a listing or search answer: the card and table fields and a short plain-text
 * summary instead of the full description (the detail call has that), so a page of 20 stays small.
 */
export const OpportunitySummarySchema = OpportunitySchema.omit({
  description: true,
  contacts: true,
  attachments: true,
  place_of_performance: true,
  award: true,
  additional_info_link: true,
}).extend({ summary: z.string().nullable() });
export type OpportunitySummary = z.infer<typeof OpportunitySummarySchema>;

const optionalText = safeText('Search text')
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
  notice_type: optionalText,
  /** Which notices: open for a response (the default), deadline passed, awards, or all. */
  status: z.enum(NOTICE_STATUSES, { error: `status must be one of ${NOTICE_STATUSES.join(', ')}` }).optional(),
  sort: z.enum(OPPORTUNITY_SORTS, { error: `sort must be one of ${OPPORTUNITY_SORTS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  /** Response date within this many days from now. */
  due_within: z.coerce
    .number()
    .int('due_within must be a whole number')
    .min(1, 'due_within must be 1 to 365')
    .max(365, 'due_within must be 1 to 365')
    .optional(),
  /** Posted within this many days. */
  posted_within: z.coerce
    .number()
    .int('posted_within must be a whole number')
    .min(1, 'posted_within must be 1 to 365')
    .max(365, 'posted_within must be 1 to 365')
    .optional(),
};

export const OpportunityListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(20),
  keyword: optionalText,
  ...FilterFields,
  saved_only: booleanQuery,
});
export type OpportunityListQuery = z.infer<typeof OpportunityListQuerySchema>;

export const OpportunityListResponseSchema = z.object({
  data: z.array(OpportunitySummarySchema),
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
  results: z.array(OpportunitySummarySchema),
  total: z.number(),
  /** Where the results came from: SAM.gov's API, or the local database when no key is set. */
  source: z.enum(['sam_gov', 'local']),
});
export type OpportunitySearchResponse = z.infer<typeof OpportunitySearchResponseSchema>;

export const SaveResponseSchema = z.object({ saved: z.boolean() });
/** Optional target state for the save call: without it the call toggles (SPEC §7). */
export const SaveQuerySchema = z.object({
  saved: z
    .enum(['true', 'false'], { error: 'saved must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export const DescriptionQuerySchema = z.object({
  notice_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid notice id'),
});
export const DescriptionResponseSchema = z.object({ description: z.string() });

export const ImportCsvSyncBodySchema = z.object({
  csv_url: safeText('CSV URL', 'Please enter a CSV URL').trim().min(1, 'Please enter a CSV URL').max(2000, 'CSV URL is too long'),
});

export const ImportResultSchema = z.object({
  imported: z.number(),
  inserted: z.number(),
  updated: z.number(),
  /** Rows skipped because their content did not change since the last import (content hash). */
  unchanged: z.number(),
  rows: z.number(),
  malformed: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })),
  duration_ms: z.number(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ClearOpportunitiesResponseSchema = z.object({
  deleted: z.number(),
  /** Workspaces that were on a cleared notice: they keep its facts and relink when it is stored again. */
  workspaces_kept: z.number(),
});

/** GET /admin/clear-opportunities/preview (beyond SPEC): what Clear All Opportunities would do, for its dialog (SPEC §5: "a dialog listing consequences"). */
export const ClearOpportunitiesPreviewSchema = z.object({
  opportunities: z.number(),
  /** Saved (favourite) flags removed, and how many users had them. */
  favorites: z.number(),
  favorite_users: z.number(),
  /** Uploaded solicitation PDFs and the requirements read from them, deleted. */
  solicitation_pdfs: z.number(),
  /** Generated documents kept, each losing its link to the opportunity. */
  generated_documents: z.number(),
  /** Workspaces on a cleared notice: kept with a snapshot of its facts, relinked when it returns. */
  workspaces: z.number(),
});
export type ClearOpportunitiesPreview = z.infer<typeof ClearOpportunitiesPreviewSchema>;
