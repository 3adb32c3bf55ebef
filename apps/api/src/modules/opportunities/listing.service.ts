import { OpportunityListResponseSchema, type OpportunityListQuery, type OpportunityListResponse } from '@biddesk/shared';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import type { CachedListing, ListingCache } from './listing-cache';
import * as repo from './opportunities.repository';
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
 * user who just saved a notice sees it at once). My Saved, or the cache turned off: the plain path.
 */
export async function listOpportunitiesShared(ctx: AuthedCtx, q: OpportunityListQuery, cache: ListingCache): Promise<SharedListing | OpportunityListResponse> {
  const filters = filtersOf(q);
  if (filters.savedOnly || !cache.enabled) return listOpportunities(ctx, q);
  const order = orderOf(q, filters.keyword);
  const page = await cache.get(JSON.stringify([filters, order, q.page, q.limit]), async () => {
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
  const saved = await repo.savedAmong(ctx.db, ctx.actor.id, page.ids);
  return { cached: page, saved: page.ids.map((id) => saved.has(id)) };
}
