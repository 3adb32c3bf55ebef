import { ErrorBodySchema, OpportunityListQuerySchema, OpportunityListResponseSchema, type OpportunityListResponse } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { ListingCache, listingEncoding } from './listing-cache';
import { listOpportunitiesShared } from './listing.service';

/**
 * GET /opportunities (SPEC §7), the dashboard's most frequent call. Pages come from a short-lived
 * cache shared by all users of this app (listing-cache.ts) and go out as ready bytes, compressed
 * once per page and saved-flag pattern; other answers go through the serializer and compression.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  let cache: ListingCache | undefined;
  app.get('/opportunities', {
    schema: { tags: ['opportunities'], querystring: OpportunityListQuerySchema, response: { 200: OpportunityListResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } },
  }, async (request, reply) => {
    const ctx = request.ctx as AuthedCtx;
    cache ??= new ListingCache(ctx.config.LISTING_CACHE_MS);
    const listing = await listOpportunitiesShared(ctx, request.query, cache);
    if (!('cached' in listing)) return listing;
    const body = cache.body(listing.cached, listing.saved, listingEncoding(request.headers['accept-encoding']));
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
    // Ready bytes of the schema's JSON: Fastify sends a Buffer as is, without the serializer.
    return reply.send(body.bytes as unknown as OpportunityListResponse);
  });
};
