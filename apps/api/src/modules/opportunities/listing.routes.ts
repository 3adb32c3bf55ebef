import { OpportunityListQuerySchema, OpportunityListResponseSchema, type OpportunityListResponse } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { listingEncoding } from './listing-cache';
import { listOpportunitiesShared, listingCacheOf } from './listing.service';

/**
 * GET /opportunities (SPEC §7), the dashboard's most frequent call. Pages come from a short-lived
 * cache shared by all users of this app (listing-cache.ts) and go out as ready bytes, compressed
 * once per page and saved-flag pattern; other answers go through the serializer and compression.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/opportunities',
    {
      schema: {
        tags: ['opportunities'],
        querystring: OpportunityListQuerySchema,
        response: { 200: OpportunityListResponseSchema, ...standardErrors(400, 401) },
      },
    },
    async (request, reply) => {
      const ctx = request.authedCtx;
      const listing = await listOpportunitiesShared(ctx, request.query);
      if (!('cached' in listing)) return listing;
      const body = listingCacheOf(ctx).body(listing.cached, listing.saved, listingEncoding(request.headers['accept-encoding']));
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
      // Ready bytes of the schema's JSON: Fastify sends a Buffer as is, without the serializer.
      return reply.send(body.bytes as unknown as OpportunityListResponse);
    },
  );
};
