import {
  ErrorBodySchema,
  MovePursuitBodySchema,
  PipelineStageListSchema,
  PipelineUserListSchema,
  PursuitListQuerySchema,
  PursuitListResponseSchema,
  PursuitLookupQuerySchema,
  PursuitLookupResponseSchema,
  PursuitSchema,
  ReplaceStagesBodySchema,
  TrackOpportunityBodySchema,
  UpdatePursuitBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as stages from './pipeline-stages.service';
import * as service from './pursuits.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const withNotFound = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
const tags = ['pipeline'];

/** The capture pipeline (issue 26, beyond SPEC): pursuits of opportunities by stage. */
export const pursuitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pipeline/stages', { schema: { tags, response: { 200: PipelineStageListSchema, ...errors } } }, async (request) => stages.listStages(request.ctx as AuthedCtx));

  app.put('/admin/pipeline/stages', {
    config: { role: 'admin' },
    schema: { tags, body: ReplaceStagesBodySchema, response: { 200: PipelineStageListSchema, ...errors, 409: ErrorBodySchema } },
  }, async (request) => stages.replaceStages(request.ctx as AuthedCtx, request.body));

  app.get('/pipeline/owners', { schema: { tags, response: { 200: PipelineUserListSchema, ...errors } } }, async (request) => service.listOwners(request.ctx as AuthedCtx));

  app.get('/pursuits', {
    schema: { tags, querystring: PursuitListQuerySchema, response: { 200: PursuitListResponseSchema, ...errors } },
  }, async (request) => service.listPursuits(request.ctx as AuthedCtx, request.query));

  app.get('/pursuits/lookup', {
    schema: { tags, querystring: PursuitLookupQuerySchema, response: { 200: PursuitLookupResponseSchema, ...errors } },
  }, async (request) => service.lookupPursuits(request.ctx as AuthedCtx, request.query.opportunity_ids));

  app.post('/pursuits', {
    schema: { tags, body: TrackOpportunityBodySchema, response: { 201: PursuitSchema, ...withNotFound } },
  }, async (request, reply) => reply.code(201).send(await service.trackOpportunity(request.ctx as AuthedCtx, request.body)));

  app.get('/pursuits/:id', {
    schema: { tags, params: IdParams, response: { 200: PursuitSchema, ...withNotFound } },
  }, async (request) => service.getPursuit(request.ctx as AuthedCtx, request.params.id));

  app.patch('/pursuits/:id', {
    schema: { tags, params: IdParams, body: UpdatePursuitBodySchema, response: { 200: PursuitSchema, ...withNotFound } },
  }, async (request) => service.updatePursuit(request.ctx as AuthedCtx, request.params.id, request.body));

  app.post('/pursuits/:id/move', {
    schema: { tags, params: IdParams, body: MovePursuitBodySchema, response: { 200: PursuitSchema, ...withNotFound } },
  }, async (request) => service.movePursuit(request.ctx as AuthedCtx, request.params.id, request.body));

  app.delete('/pursuits/:id', {
    schema: { tags, params: IdParams, response: { 204: z.null(), ...withNotFound } },
  }, async (request, reply) => {
    await service.deletePursuit(request.ctx as AuthedCtx, request.params.id);
    return reply.code(204).send(null);
  });

  app.post('/pursuits/:id/workspace', {
    schema: { tags, params: IdParams, response: { 200: z.object({ workspace_id: z.string(), created: z.boolean() }), 201: z.object({ workspace_id: z.string(), created: z.boolean() }), ...withNotFound } },
  }, async (request, reply) => {
    const result = await service.openPursuitWorkspace(request.ctx as AuthedCtx, request.params.id);
    return reply.code(result.created ? 201 : 200).send(result);
  });
};
