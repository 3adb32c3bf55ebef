import { z } from 'zod';
import { safeText } from '../text';
import { SAVED_SEARCH_NAME_MAX } from './saved-searches';

/**
 * The recompete radar (issue 27 item 4): awards whose current end date falls in a window of months
 * from today, in the NAICS codes, PSC codes and awarding agencies a team chooses, with the signals
 * that make an incumbent vulnerable. Decisions: docs/decisions/2026-11-28-radar.md.
 */

export const RADAR_MONTHS_MAX = 60;
export const RADAR_DEFAULT_FROM_MONTHS = 6;
export const RADAR_DEFAULT_TO_MONTHS = 18;
export const RADAR_PAGE_SIZE_MAX = 100;
/** Codes per list filter. */
export const RADAR_CODES_MAX = 50;
/** The total is counted up to this; beyond it the answer says "more than". */
export const RADAR_COUNT_CAP = 10_000;

export const RADAR_SORTS = ['end_date', 'potential_end_date', 'obligated', 'ceiling'] as const;
export type RadarSort = (typeof RADAR_SORTS)[number];

/** A comma-separated list of codes, each checked against `pattern`; '' or absent is no filter. */
function codeList(label: string, pattern: RegExp, hint: string) {
  return safeText(label)
    .max(2000, `${label} list is too long`)
    .optional()
    .transform((v, ctx) => {
      const codes = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      const bad = codes.find((c) => !pattern.test(c));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} "${bad}" is not valid: ${hint}` });
        return z.NEVER;
      }
      if (codes.length > RADAR_CODES_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${RADAR_CODES_MAX} ${label} codes` });
        return z.NEVER;
      }
      return codes;
    });
}

const months = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of months` })
    .int(`${name} must be a whole number of months`)
    .min(0, `${name} must be from 0 to ${RADAR_MONTHS_MAX}`)
    .max(RADAR_MONTHS_MAX, `${name} must be from 0 to ${RADAR_MONTHS_MAX}`)
    .default(fallback);

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'signals_only must be true or false' })
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** What a team chooses: saved as a radar search, and the query of GET /radar. */
const radarCriteria = {
  from_months: months('from_months', RADAR_DEFAULT_FROM_MONTHS),
  to_months: months('to_months', RADAR_DEFAULT_TO_MONTHS),
  naics: codeList('NAICS', /^\d{6}$/, 'a NAICS code has 6 digits'),
  psc: codeList('PSC', /^[A-Z0-9]{4}$/, 'a PSC code has 4 letters or digits'),
  agency: codeList('Agency', /^[A-Z0-9]{3,4}$/, 'an agency code is a 3-character toptier code (097) or a 4-character sub-tier code (2100)'),
  signals_only: flag,
};

const windowOrder = (v: { from_months: number; to_months: number }) => v.from_months < v.to_months;
const WINDOW_MESSAGE = { message: 'from_months must be less than to_months', path: ['to_months'] };

export const RadarQuerySchema = z
  .object({
    ...radarCriteria,
    sort: z.enum(RADAR_SORTS, { error: `sort must be one of ${RADAR_SORTS.join(', ')}` }).default('end_date'),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('asc'),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(1000, 'page must be at most 1000')
      .default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, `page_size must be from 1 to ${RADAR_PAGE_SIZE_MAX}`)
      .max(RADAR_PAGE_SIZE_MAX, `page_size must be from 1 to ${RADAR_PAGE_SIZE_MAX}`)
      .default(50),
  })
  .strict()
  .refine(windowOrder, WINDOW_MESSAGE);
export type RadarQuery = z.infer<typeof RadarQuerySchema>;

/** A radar search's criteria as saved (saved_searches.kind = 'radar'). */
export const RadarFiltersSchema = z
  .object(radarCriteria)
  .strict()
  .refine(windowOrder, WINDOW_MESSAGE)
  .refine((f) => f.naics.length + f.psc.length + f.agency.length > 0, {
    message: 'Choose at least one NAICS code, PSC code or agency to save a radar search',
  });
export type RadarFilters = z.infer<typeof RadarFiltersSchema>;

/** The wire form of saved radar filters (lists as arrays). */
export const RadarFiltersOutSchema = z.object({
  from_months: z.number(),
  to_months: z.number(),
  naics: z.array(z.string()),
  psc: z.array(z.string()),
  agency: z.array(z.string()),
  signals_only: z.boolean(),
});

/** `/radar?naics=...`: the page that runs saved radar filters. */
export function radarLink(f: z.infer<typeof RadarFiltersOutSchema>): string {
  const params = new URLSearchParams();
  if (f.from_months !== RADAR_DEFAULT_FROM_MONTHS) params.set('from_months', String(f.from_months));
  if (f.to_months !== RADAR_DEFAULT_TO_MONTHS) params.set('to_months', String(f.to_months));
  if (f.naics.length) params.set('naics', f.naics.join(','));
  if (f.psc.length) params.set('psc', f.psc.join(','));
  if (f.agency.length) params.set('agency', f.agency.join(','));
  if (f.signals_only) params.set('signals_only', 'true');
  const q = params.toString();
  return q ? `/radar?${q}` : '/radar';
}

export const RADAR_SIGNAL_KINDS = ['single_offer', 'not_competed', 'near_ceiling', 'many_modifications', 'outgrew_size'] as const;
export type RadarSignalKind = (typeof RADAR_SIGNAL_KINDS)[number];

export const RadarSignalSchema = z.object({
  kind: z.enum(RADAR_SIGNAL_KINDS),
  /** A short badge text ("Single offer"). */
  label: z.string(),
  /** One line a capture lead reads: what it means for the recompete. */
  explanation: z.string(),
  /** The data it came from, as stored ("number_of_offers_received = 1"). */
  evidence: z.string(),
});
export type RadarSignal = z.infer<typeof RadarSignalSchema>;

export const RadarRowSchema = z.object({
  award_key: z.string(),
  piid: z.string(),
  parent_idv_piid: z.string().nullable(),
  recipient_name: z.string().nullable(),
  recipient_uei: z.string().nullable(),
  awarding_agency_code: z.string().nullable(),
  awarding_agency_name: z.string().nullable(),
  awarding_sub_agency_name: z.string().nullable(),
  awarding_office_name: z.string().nullable(),
  naics_code: z.string().nullable(),
  psc_code: z.string().nullable(),
  current_end_date: z.string(),
  potential_end_date: z.string().nullable(),
  /** Decimal text, dollars. */
  obligated_amount: z.string().nullable(),
  /** Base and all options value (the ceiling), decimal text. */
  ceiling_amount: z.string().nullable(),
  extent_competed_code: z.string().nullable(),
  extent_competed: z.string().nullable(),
  offers_received: z.number().nullable(),
  signals: z.array(RadarSignalSchema),
  source_url: z.string(),
  fetched_at: z.string(),
  /** The pursuit tracking this recompete, when there is one. */
  pursuit_id: z.string().nullable(),
});
export type RadarRow = z.infer<typeof RadarRowSchema>;

export const RadarResponseSchema = z.object({
  data: z.array(RadarRowSchema),
  /** Rows matching, counted up to RADAR_COUNT_CAP; `total_capped` says there are more. */
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The window as dates (UTC), inclusive. */
  window: z.object({ from: z.string(), to: z.string() }),
  /** What the reader must know to read the rows right (latest modification, DoD delay, signals not shown). */
  caveats: z.array(z.string()),
});
export type RadarResponse = z.infer<typeof RadarResponseSchema>;

/** POST /radar/track: a pursuit for the recompete of this award. */
export const TrackRecompeteBodySchema = z.object({
  award_key: safeText('award_key', 'award_key is required').trim().min(1, 'award_key is required').max(200, 'award_key is too long'),
});
export type TrackRecompeteBody = z.infer<typeof TrackRecompeteBodySchema>;

/** POST /radar/searches: the team's radar filters kept under a name (a saved search of kind "radar"). */
export const CreateRadarSearchBodySchema = z.object({
  name: safeText('Name', 'Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  filters: RadarFiltersSchema,
});
export type CreateRadarSearchBody = z.infer<typeof CreateRadarSearchBodySchema>;

export const RadarSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.literal('radar'),
  filters: RadarFiltersOutSchema,
  /** The /radar path that runs it. */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RadarSearch = z.infer<typeof RadarSearchSchema>;
export const RadarSearchListResponseSchema = z.object({ data: z.array(RadarSearchSchema) });

/** GET /radar/agencies: the awarding agencies and sub-agencies with awards ending in the window. */
export const RadarAgencyQuerySchema = z
  .object({ from_months: radarCriteria.from_months, to_months: radarCriteria.to_months })
  .strict()
  .refine(windowOrder, WINDOW_MESSAGE);
export const RadarAgencySchema = z.object({
  /** A toptier (3-character) or sub-tier (4-character) code, as the `agency` filter takes it. */
  code: z.string(),
  name: z.string().nullable(),
  level: z.enum(['agency', 'sub_agency']),
  /** Awards ending in the window. */
  awards: z.number().int(),
});
export type RadarAgency = z.infer<typeof RadarAgencySchema>;
export const RadarAgencyListSchema = z.object({ data: z.array(RadarAgencySchema) });
