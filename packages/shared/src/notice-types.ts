/**
 * SAM.gov notice types (the `Type` column / API `type`, shared/data/samgov/notice-types.json) and
 * the rule for which ones a firm can still respond to ("biddable", issue 15).
 *
 * - Solicitation, Combined Synopsis/Solicitation: the government asks for offers — biddable.
 * - Presolicitation: announces a solicitation to come and often invites interest or questions;
 *   a capture lead starts work here — biddable.
 * - Sources Sought: market research whose answers decide set-asides and who is invited; a capability
 *   statement is the response — biddable.
 * - Special Notice: events, RFIs, industry days, but also pure announcements; biddable only when it
 *   states a response date (then something can be sent in).
 * - Award Notice, Justification (J&A), Intent to Bundle, Consolidate/(Substantially) Bundle,
 *   Fair Opportunity / Limited Sources, Foreign Government Standard: a decision already made or a
 *   statement, nothing to respond to — not biddable.
 * - Sale of Surplus Property: the government sells; not a contract a bidder performs — not biddable.
 * A biddable type counts while its response date is in the future, or when none is stated. A row
 * without a type (not seen in SAM data) is judged by its date alone.
 */
export const BIDDABLE_NOTICE_TYPES = ['Solicitation', 'Combined Synopsis/Solicitation', 'Presolicitation', 'Sources Sought'] as const;
/** Biddable only with a response date still ahead. */
export const BIDDABLE_WITH_DEADLINE_TYPES = ['Special Notice'] as const;
export const AWARD_NOTICE_TYPE = 'Award Notice';

/** The notice-type filter's choices: SAM's current types, biddable ones first. */
export const NOTICE_TYPE_OPTIONS = [
  'Solicitation',
  'Combined Synopsis/Solicitation',
  'Presolicitation',
  'Sources Sought',
  'Special Notice',
  'Award Notice',
  'Justification',
  'Intent to Bundle Requirements (DoD-Funded)',
  'Consolidate/(Substantially) Bundle',
  'Sale of Surplus Property',
] as const;

/** Which notices a listing shows: open for a response (default), deadline passed, awards, or all. */
export const NOTICE_STATUS_OPTIONS = [
  { value: 'open', label: 'Open for response' },
  { value: 'past_due', label: 'Deadline passed' },
  { value: 'awarded', label: 'Award notices' },
  { value: 'all', label: 'All notices' },
] as const;
export const NOTICE_STATUSES = ['open', 'past_due', 'awarded', 'all'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Listing sorts. `relevance` needs a keyword; table columns sort by their field. */
export const OPPORTUNITY_SORTS = [
  'relevance',
  'posted',
  'due',
  'title',
  'agency',
  'solicitation_number',
  'notice_type',
  'set_aside',
  'naics',
] as const;
export type OpportunitySort = (typeof OPPORTUNITY_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** The direction a sort takes when none is asked for: due soonest, newest posted, A to Z. */
export function defaultOrder(sort: OpportunitySort): SortOrder {
  return sort === 'posted' || sort === 'relevance' ? 'desc' : 'asc';
}
