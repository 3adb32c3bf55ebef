import {
  MovePursuitBodySchema,
  PipelineStageListSchema,
  PipelineUserListSchema,
  PursuitPagedListResponseSchema,
  PursuitLookupQuerySchema,
  PursuitLookupResponseSchema,
  PursuitSchema,
  PursuitTableQuerySchema,
  ReplaceStagesBodySchema,
  TrackOpportunityBodySchema,
  UpdatePursuitBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as stages from './pipeline-stages.service';
import { pursuitCsvRoutes } from './pursuit-csv.routes';
import { listTablePage } from './pursuits-table.service';
import * as service from './pursuits.service';

const errors = standardErrors(400, 401, 403);
const withNotFound = standardErrors(400, 401, 403, 404, 409);
const tags = ['pipeline'];

/** The capture pipeline (issue 26, beyond SPEC): pursuits of opportunities by stage. */
export const pursuitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pipeline/stages', { schema: { tags, response: { 200: PipelineStageListSchema, ...errors } } }, async (request) =>
    stages.listStages(request.authedCtx),
  );

  app.put(
    '/admin/pipeline/stages',
    {
      config: { role: 'admin' },
      schema: { tags, body: ReplaceStagesBodySchema, response: { 200: PipelineStageListSchema, ...standardErrors(400, 401, 403, 409) } },
    },
    async (request) => stages.replaceStages(request.authedCtx, request.body),
  );

  app.get('/pipeline/owners', { schema: { tags, response: { 200: PipelineUserListSchema, ...errors } } }, async (request) =>
    service.listOwners(request.authedCtx),
  );

  // CSV export and import of pursuits (pursuit-csv.*).
  await app.register(pursuitCsvRoutes);

  app.get(
    '/pursuits',
    {
      schema: { tags, querystring: PursuitTableQuerySchema, response: { 200: PursuitPagedListResponseSchema, ...errors } },
    },
    async (request) =>
      request.query.view === 'table'
        ? listTablePage(request.authedCtx, request.query)
        : service.listPursuits(request.authedCtx, request.query),
  );

  app.get(
    '/pursuits/lookup',
    {
      schema: { tags, querystring: PursuitLookupQuerySchema, response: { 200: PursuitLookupResponseSchema, ...errors } },
    },
    async (request) => service.lookupPursuits(request.authedCtx, request.query.opportunity_ids),
  );

  app.post(
    '/pursuits',
    {
      schema: { tags, body: TrackOpportunityBodySchema, response: { 201: PursuitSchema, ...withNotFound } },
    },
    async (request, reply) => reply.code(201).send(await service.trackOpportunity(request.authedCtx, request.body)),
  );

  app.get(
    '/pursuits/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: PursuitSchema, ...withNotFound } },
    },
    async (request) => service.getPursuit(request.authedCtx, request.params.id),
  );

  app.patch(
    '/pursuits/:id',
    {
      schema: { tags, params: IdParamsSchema, body: UpdatePursuitBodySchema, response: { 200: PursuitSchema, ...withNotFound } },
    },
    async (request) => service.updatePursuit(request.authedCtx, request.params.id, request.body),
  );

  app.post(
    '/pursuits/:id/move',
    {
      schema: { tags, params: IdParamsSchema, body: MovePursuitBodySchema, response: { 200: PursuitSchema, ...withNotFound } },
    },
    async (request) => service.movePursuit(request.authedCtx, request.params.id, request.body),
  );

  app.delete(
    '/pursuits/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 204: z.null(), ...withNotFound } },
    },
    async (request, reply) => {
      await service.deletePursuit(request.authedCtx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/pursuits/:id/workspace',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: {
          200: z.object({ workspace_id: z.string(), created: z.boolean() }),
          201: z.object({ workspace_id: z.string(), created: z.boolean() }),
          ...withNotFound,
        },
      },
    },
    async (request, reply) => {
      const result = await service.openPursuitWorkspace(request.authedCtx, request.params.id);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
};
