import {
  DescriptionQuerySchema,
  DescriptionResponseSchema,
  OpportunitySchema,
  OpportunitySearchQuerySchema,
  OpportunitySearchResponseSchema,
  OpportunityStatsSchema,
  SaveQuerySchema,
  SaveResponseSchema,
} from '@biddesk/shared';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { listingRoutes } from './listing.routes';
import * as service from './opportunities.service';
import type { SamCaches } from './sam-caches';

const errors = standardErrors(400, 401);

/** SPEC §7 Opportunities: listing, stats, detail, saved toggle, search, description. */
export const opportunitiesRoutes =
  (opts: { samCaches: SamCaches }): FastifyPluginAsyncZod =>
  async (app) => {
    // Listings and searches are the large answers (a page of 20, a search of up to 1,000): sent
    // compressed when the client accepts it, brotli at a fast quality. Scoped to these routes.
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // GET /opportunities: a shared page cache and ready compressed bodies (listing.routes.ts).
    await app.register(listingRoutes);

    app.get(
      '/opportunities/stats',
      {
        schema: { tags: ['opportunities'], response: { 200: OpportunityStatsSchema, ...errors } },
      },
      async (request) => service.opportunityStats(request.authedCtx),
    );

    app.post(
      '/opportunities/search',
      {
        schema: {
          tags: ['opportunities'],
          querystring: OpportunitySearchQuerySchema,
          response: { 200: OpportunitySearchResponseSchema, ...errors, ...standardErrors(429, 502) },
        },
      },
      async (request) => service.searchOpportunities(request.authedCtx, request.ctx.samGov, opts.samCaches, request.query),
    );

    app.get(
      '/opportunities/:id',
      {
        schema: {
          tags: ['opportunities'],
          params: IdParamsSchema,
          response: { 200: OpportunitySchema, ...errors, ...standardErrors(404) },
        },
      },
      async (request) => service.getOpportunity(request.authedCtx, request.params.id),
    );

    app.post(
      '/opportunities/:id/save',
      {
        schema: {
          tags: ['opportunities'],
          params: IdParamsSchema,
          querystring: SaveQuerySchema,
          response: { 200: SaveResponseSchema, ...errors, ...standardErrors(404) },
        },
      },
      async (request) => service.toggleSaved(request.authedCtx, request.params.id, request.query.saved),
    );

    app.get(
      '/sam-gov/description',
      {
        schema: {
          tags: ['opportunities'],
          querystring: DescriptionQuerySchema,
          response: { 200: DescriptionResponseSchema, ...errors, ...standardErrors(404, 429, 502) },
        },
      },
      async (request) => service.fetchDescription(request.authedCtx, request.ctx.samGov, opts.samCaches, request.query.notice_id),
    );
  };
