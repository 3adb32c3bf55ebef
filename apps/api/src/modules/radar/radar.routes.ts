import {
  CreateRadarSearchBodySchema,
  PursuitSchema,
  RadarAgencyListSchema,
  RadarAgencyQuerySchema,
  RadarQuerySchema,
  RadarResponseSchema,
  RadarSearchListResponseSchema,
  RadarSearchSchema,
  TrackRecompeteBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { createRadarSearch, listRadarSearches } from './radar-searches.service';
import { getRadar, getRadarAgencies, trackRecompete } from './radar.service';

const tags = ['radar'];

/**
 * The recompete radar (issue 27 item 4). Internal users only: guests are refused by the auth
 * plugin (not in lib/guest-access.ts) and by the services.
 */
export const radarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/radar',
    {
      schema: { tags, querystring: RadarQuerySchema, response: { 200: RadarResponseSchema, ...standardErrors(400, 401, 403) } },
    },
    async (request) => getRadar(request.authedCtx, request.query),
  );

  app.get(
    '/radar/agencies',
    {
      schema: { tags, querystring: RadarAgencyQuerySchema, response: { 200: RadarAgencyListSchema, ...standardErrors(400, 401, 403) } },
    },
    async (request) => getRadarAgencies(request.authedCtx, request.query),
  );

  app.post(
    '/radar/track',
    {
      schema: { tags, body: TrackRecompeteBodySchema, response: { 201: PursuitSchema, ...standardErrors(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.code(201).send(await trackRecompete(request.authedCtx, request.body.award_key)),
  );

  app.get(
    '/radar/searches',
    {
      schema: { tags, response: { 200: RadarSearchListResponseSchema, ...standardErrors(401, 403) } },
    },
    async (request) => listRadarSearches(request.authedCtx),
  );

  app.post(
    '/radar/searches',
    {
      schema: { tags, body: CreateRadarSearchBodySchema, response: { 201: RadarSearchSchema, ...standardErrors(400, 401, 403, 409) } },
    },
    async (request, reply) => reply.code(201).send(await createRadarSearch(request.authedCtx, request.body)),
  );
};
