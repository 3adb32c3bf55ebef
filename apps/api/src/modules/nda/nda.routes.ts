import { NdaAcceptQuerySchema, NdaAcceptResponseSchema, NdaSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as service from './nda.service';

const errors = standardErrors(400, 401, 403, 404, 409);

/** SPEC §7 NDA: the current agreement (public) and a member's acceptance. */
export const ndaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nda/current',
    {
      config: { public: true },
      schema: { tags: ['nda'], security: [], response: { 200: NdaSchema, ...standardErrors(404) } },
    },
    async (request) => service.getCurrentNda(request.ctx),
  );

  app.post(
    '/workspaces/:id/nda/accept',
    {
      schema: {
        tags: ['nda'],
        params: IdParamsSchema,
        querystring: NdaAcceptQuerySchema,
        response: { 200: NdaAcceptResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.acceptNda(request.authedCtx, request.params.id, request.query.nda_version_id, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );
};
