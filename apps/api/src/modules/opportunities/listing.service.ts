import {
  OpportunityListQuerySchema,
  OpportunityListResponseSchema,
  type OpportunityListQuery,
  type OpportunityListResponse,
} from '@biddesk/shared';
import { z } from 'zod';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import type { UserRow } from '../../db/schema/index';
import { ListingCache, type CachedListing } from './listing-cache';
import * as repo from './opportunities.repository';
import * as savedFlags from './saved-flags.repository';
import { filtersOf, listOpportunities, orderOf } from './opportunities.service';
import { presentSummary } from './opportunity.presenter';

/** A cached page and the caller's own saved flags for its rows, in row order. */
export interface SharedListing {
  cached: CachedListing;
  saved: boolean[];
}

/**
 * GET /opportunities through the shared page cache (see listing-cache.ts): the page is loaded once
 * per query and TTL for every user, the caller's saved flags are read fresh on every request (a
 * user who just saved a notice sees it at once), in one query with the other requests of the turn. My Saved, or the cache turned off: the plain path.
 */
export async function listOpportunitiesShared(ctx: AuthedCtx, q: OpportunityListQuery): Promise<SharedListing | OpportunityListResponse> {
  const cache = listingCacheOf(ctx);
  const filters = filtersOf(q);
  if (filters.savedOnly || !cache.enabled) return listOpportunities(ctx, q);
  const page = await cachedPage(ctx, cache, q, filters);
  const saved = await savedFlags.savedAmong(ctx.db, ctx.actor.id, page.ids);
  return { cached: page, saved: page.ids.map((id) => saved.has(id)) };
}

// One cache per app (its database handle), shared by the listing route and the sign-in warm-up.
const caches = new WeakMap<object, ListingCache>();

/** This app's listing page cache (LISTING_CACHE_MS). */
export function listingCacheOf(ctx: Ctx): ListingCache {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new ListingCache(ctx.config.LISTING_CACHE_MS)));
  return cache;
}

/**
 * Loads the dashboard's first page (no filters: page 1, open notices, newest first) into the page
 * cache, not waiting for it. Sign-in calls it for a known account while the password hash runs
 * (~250 ms of a worker thread), so the listing call that follows the sign-in answer finds its page
 * ready instead of running the page query and the count then (issue 15: Sign In click to cards).
 * At most one load per cache lifetime whatever the number of attempts; failures only logged.
 */
export function warmDefaultListing(ctx: Ctx, actor: UserRow): void {
  const cache = listingCacheOf(ctx);
  if (!cache.enabled) return;
  cachedPage({ ...ctx, actor }, cache, OpportunityListQuerySchema.parse({})).catch((err: unknown) =>
    ctx.log.warn({ err }, 'listing warm-up failed'),
  );
}

function cachedPage(ctx: AuthedCtx, cache: ListingCache, q: OpportunityListQuery, filters = filtersOf(q)): Promise<CachedListing> {
  const order = orderOf(q, filters.keyword);
  return cache.get(JSON.stringify([filters, order, q.page, q.limit]), async () => {
    const { rows, total } = await repo.listPage(ctx.db, ctx.actor.id, filters, order, q.page, q.limit);
    // Encoded by the response schema as the route's serializer would, with nobody's saved flag.
    const response = z.encode(OpportunityListResponseSchema, {
      data: rows.map((row) => presentSummary({ ...row, saved: false })),
      total,
      total_pages: Math.ceil(total / q.limit),
      page: q.page,
    });
    return { response, ids: rows.map((row) => row.id) };
  });
}
