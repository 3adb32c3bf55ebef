import type {
  Opportunity,
  OpportunityListQuery,
  OpportunityListResponse,
  OpportunitySearchQuery,
  OpportunitySearchResponse,
  OpportunityStats,
} from '@biddesk/shared';
import { ALL_AGENCIES, NO_SET_ASIDE, defaultOrder, type NoticeStatus, type OpportunitySort, type SortOrder } from '@biddesk/shared';
import { SamGovError, samGovErrorToAppError, type SamGovClient } from '../../integrations/samgov/samgov-client';
import { mapSamOpportunity } from '../../integrations/samgov/samgov-mapper';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isDescriptionMarker, sanitizeDescription } from './description';
import * as repo from './opportunities.repository';
import { upsertOpportunities } from './opportunities-write.repository';
import { NEW_MATCH_ALERTS_JOB } from '../saved-searches/alerts/new-match-alerts';
import { presentOpportunity, presentSummary } from './opportunity.presenter';
import type { SamCaches } from './sam-caches';

export const DESCRIPTION_UNAVAILABLE = 'Description not available. Please visit the opportunities service for full details.';
const SEARCH_RESULT_LIMIT = 200;
const LOCAL_SEARCH_LIMIT = 1000;

type FilterQuery = {
  keyword?: string;
  agency?: string;
  naics?: string;
  psc?: string;
  set_aside?: string;
  notice_type?: string;
  status?: NoticeStatus;
  due_within?: number;
  posted_within?: number;
  saved_only?: boolean;
};

// 'all' agencies and 'none' set-aside are the selects' "no filter" values. Without a status a
// listing shows notices open for a response (issue 15), except My Saved, which shows every saved
// notice (SPEC's saved_only call names no status).
export function filtersOf(q: FilterQuery): repo.OpportunityFilters {
  return {
    keyword: q.keyword,
    agency: q.agency && q.agency.toLowerCase() !== ALL_AGENCIES ? q.agency : undefined,
    naics: q.naics,
    psc: q.psc,
    setAside: q.set_aside && q.set_aside.toLowerCase() !== NO_SET_ASIDE ? q.set_aside.toUpperCase() : undefined,
    noticeType: q.notice_type,
    status: q.status ?? (q.saved_only ? 'all' : 'open'),
    dueWithinDays: q.due_within,
    postedWithinDays: q.posted_within,
    savedOnly: q.saved_only,
  };
}

/** Relevance when there is a keyword and no other sort was asked for, else newest posted. */
export function orderOf(q: { sort?: OpportunitySort; order?: SortOrder }, keyword: string | undefined): repo.ListOrder {
  const sort = q.sort === 'relevance' && !keyword ? 'posted' : (q.sort ?? (keyword ? 'relevance' : 'posted'));
  return { sort, order: q.order ?? defaultOrder(sort) };
}

export async function listOpportunities(ctx: AuthedCtx, q: OpportunityListQuery): Promise<OpportunityListResponse> {
  const filters = filtersOf(q);
  const { rows, total } = await repo.listPage(ctx.db, ctx.actor.id, filters, orderOf(q, filters.keyword), q.page, q.limit);
  return { data: rows.map(presentSummary), total, total_pages: Math.ceil(total / q.limit), page: q.page };
}

/** The opportunity a call is about (with the caller's saved flag), or 404. */
export async function requireOpportunity(ctx: AuthedCtx, id: string): Promise<repo.OpportunityWithSaved> {
  const row = isUuid(id) ? await repo.findById(ctx.db, ctx.actor.id, id) : undefined;
  if (!row) throw notFound('Opportunity not found');
  return row;
}

export async function getOpportunity(ctx: AuthedCtx, id: string): Promise<Opportunity> {
  return presentOpportunity(await requireOpportunity(ctx, id));
}

/**
 * POST /opportunities/{id}/save: toggles (SPEC §7), or sets the state given as `saved`, which the
 * web app sends so a double click cannot undo itself.
 */
export async function toggleSaved(ctx: AuthedCtx, id: string, saved?: boolean): Promise<{ saved: boolean }> {
  await requireOpportunity(ctx, id);
  if (saved !== undefined) return { saved: await repo.setSaved(ctx.db, ctx.actor.id, id, saved) };
  return { saved: await repo.toggleSaved(ctx.db, ctx.actor.id, id) };
}

export async function opportunityStats(ctx: AuthedCtx, now = new Date()): Promise<OpportunityStats> {
  const s = await repo.stats(ctx.db, ctx.actor.id, now);
  return { open_solicitations: s.open, due_this_week: s.dueThisWeek, favorited: s.favorited, recently_updated: s.recentlyUpdated };
}

/**
 * The dashboard search (SPEC §7 POST /opportunities/search). With a SAM.gov key it asks SAM's v2
 * API (posted within the last 365 days), stores what comes back so it can be opened and saved,
 * and caches the answer; without one it runs the same filters on the local database.
 */
export async function searchOpportunities(
  ctx: AuthedCtx,
  samGov: SamGovClient | null,
  caches: SamCaches,
  q: OpportunitySearchQuery,
): Promise<OpportunitySearchResponse> {
  const filters = filtersOf({ ...q, keyword: q.keywords ?? q.keyword, saved_only: false });
  if (!filters.keyword && !filters.agency && !filters.naics && !filters.psc && !filters.setAside) {
    throw badRequest('Please enter at least one search criterion');
  }
  const order = orderOf(q, filters.keyword);
  if (!samGov) {
    const { rows, total } = await repo.listPage(ctx.db, ctx.actor.id, filters, order, 1, LOCAL_SEARCH_LIMIT);
    return { results: rows.map(presentSummary), total, source: 'local' };
  }

  const key = JSON.stringify(filters);
  let noticeIds = await caches.search.get(key);
  if (!noticeIds) {
    const postedTo = new Date();
    const postedFrom = new Date(postedTo.getTime() - 364 * 86_400_000);
    try {
      const answer = await samGov.searchOpportunities({
        title: filters.keyword,
        organizationName: filters.agency,
        ncode: filters.naics,
        ccode: filters.psc,
        typeOfSetAside: filters.setAside,
        postedFrom,
        postedTo,
        limit: SEARCH_RESULT_LIMIT,
      });
      const rows = answer.opportunities.map(mapSamOpportunity).filter((r) => r.noticeId && r.title);
      const written = await upsertOpportunities(ctx.db, rows);
      // New notices from SAM: saved searches hear about them now (after the answer), not at the next hourly sweep.
      if (written.inserted > 0) void ctx.jobs.trigger(NEW_MATCH_ALERTS_JOB);
      noticeIds = rows.map((r) => r.noticeId);
      await caches.search.set(key, noticeIds);
    } catch (err) {
      // SAM documents "404 No Data found" for a search without results: that is an empty answer.
      if (err instanceof SamGovError && err.kind === 'not_found') return { results: [], total: 0, source: 'sam_gov' };
      throw samError(err, ctx);
    }
  }
  // SAM already applied the search filters; here each answer becomes its solicitation's latest
  // notice, with the status and type filters and the sort the listing has.
  const groupKeys = await repo.groupKeysOf(ctx.db, noticeIds);
  const answerFilters = {
    status: filters.status,
    noticeType: filters.noticeType,
    dueWithinDays: filters.dueWithinDays,
    postedWithinDays: filters.postedWithinDays,
    groupKeys,
  };
  const { rows, total } = await repo.listPage(ctx.db, ctx.actor.id, answerFilters, order, 1, LOCAL_SEARCH_LIMIT);
  return { results: rows.map(presentSummary), total, source: 'sam_gov' };
}

/**
 * The full description of a notice (SPEC §7 GET /sam-gov/description): what we hold when it is
 * text, otherwise SAM's noticedesc, made safe and stored so each notice costs one call at most.
 */
export async function fetchDescription(
  ctx: AuthedCtx,
  samGov: SamGovClient | null,
  caches: SamCaches,
  noticeId: string,
): Promise<{ description: string }> {
  const row = await repo.findByNoticeId(ctx.db, noticeId);
  // Stored text (a CSV import, an older row) is made safe too: the web app renders this answer as HTML.
  if (row?.description && !isDescriptionMarker(row.description)) return { description: sanitizeDescription(row.description) };
  const cached = await caches.description.get(noticeId);
  if (cached) return { description: cached };
  if (!samGov) throw notFound(DESCRIPTION_UNAVAILABLE);
  let html: string;
  try {
    html = await samGov.fetchDescription(noticeId);
  } catch (err) {
    if (err instanceof SamGovError && err.kind === 'not_found') throw notFound(DESCRIPTION_UNAVAILABLE);
    throw samError(err, ctx);
  }
  const description = sanitizeDescription(html);
  if (!description) throw notFound(DESCRIPTION_UNAVAILABLE);
  if (row) await repo.setDescription(ctx.db, row.id, description);
  await caches.description.set(noticeId, description);
  return { description };
}

function samError(err: unknown, ctx: AuthedCtx): unknown {
  if (err instanceof SamGovError) ctx.log.warn({ kind: err.kind, status: err.status }, `SAM.gov call failed: ${err.message}`);
  return samGovErrorToAppError(err);
}
