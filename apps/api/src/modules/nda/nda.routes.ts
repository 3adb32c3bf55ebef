import { ErrorBodySchema, NdaAcceptQuerySchema, NdaAcceptResponseSchema, NdaSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as service from './nda.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** SPEC §7 NDA: the current agreement (public) and a member's acceptance. */
export const ndaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/nda/current', {
    config: { public: true },
    schema: { tags: ['nda'], security: [], response: { 200: NdaSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getCurrentNda(request.ctx));

  app.post('/workspaces/:id/nda/accept', {
    schema: { tags: ['nda'], params: z.object({ id: z.string() }), querystring: NdaAcceptQuerySchema, response: { 200: NdaAcceptResponseSchema, ...errors } },
  }, async (request) =>
    service.acceptNda(request.ctx as AuthedCtx, request.params.id, request.query.nda_version_id, {
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    }));
};
