import {
  DescriptionQuerySchema,
  DescriptionResponseSchema,
  ErrorBodySchema,
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
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import { listingRoutes } from './listing.routes';
import * as service from './opportunities.service';
import type { SamCaches } from './sam-caches';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });

/** SPEC §7 Opportunities: listing, stats, detail, saved toggle, search, description. */
export const opportunitiesRoutes = (opts: { samCaches: SamCaches }): FastifyPluginAsyncZod => async (app) => {
  // Listings and searches are the large answers (a page of 20, a search of up to 1,000): sent
  // compressed when the client accepts it, brotli at a fast quality. Scoped to these routes.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // GET /opportunities: a shared page cache and ready compressed bodies (listing.routes.ts).
  await app.register(listingRoutes);

  app.get('/opportunities/stats', {
    schema: { tags: ['opportunities'], response: { 200: OpportunityStatsSchema, ...errors } },
  }, async (request) => service.opportunityStats(request.ctx as AuthedCtx));

  app.post('/opportunities/search', {
    schema: {
      tags: ['opportunities'],
      querystring: OpportunitySearchQuerySchema,
      response: { 200: OpportunitySearchResponseSchema, ...errors, 429: ErrorBodySchema, 502: ErrorBodySchema },
    },
  }, async (request) => service.searchOpportunities(request.ctx as AuthedCtx, request.ctx.samGov, opts.samCaches, request.query));

  app.get('/opportunities/:id', {
    schema: { tags: ['opportunities'], params: IdParams, response: { 200: OpportunitySchema, ...errors, 404: ErrorBodySchema } },
  }, async (request) => service.getOpportunity(request.ctx as AuthedCtx, request.params.id));

  app.post('/opportunities/:id/save', {
    schema: { tags: ['opportunities'], params: IdParams, querystring: SaveQuerySchema, response: { 200: SaveResponseSchema, ...errors, 404: ErrorBodySchema } },
  }, async (request) => service.toggleSaved(request.ctx as AuthedCtx, request.params.id, request.query.saved));

  app.get('/sam-gov/description', {
    schema: {
      tags: ['opportunities'],
      querystring: DescriptionQuerySchema,
      response: { 200: DescriptionResponseSchema, ...errors, 404: ErrorBodySchema, 429: ErrorBodySchema, 502: ErrorBodySchema },
    },
  }, async (request) => service.fetchDescription(request.ctx as AuthedCtx, request.ctx.samGov, opts.samCaches, request.query.notice_id));
};
