import { PartnerDetailSchema, PartnerSearchQuerySchema, PartnerSearchResponseSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { standardErrors } from '../../lib/route-schemas';
import * as service from './partners.service';

const tags = ['partners'];

/** Partner search over the award data (issue 27 item 5): internal users only. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners',
    {
      schema: {
        tags,
        querystring: PartnerSearchQuerySchema,
        response: { 200: PartnerSearchResponseSchema, ...standardErrors(400, 401, 403) },
      },
    },
    async (request) => service.searchPartners(request.authedCtx, request.query),
  );

  app.get(
    '/partners/:uei',
    {
      schema: { tags, params: z.object({ uei: z.string() }), response: { 200: PartnerDetailSchema, ...standardErrors(401, 403, 404) } },
    },
    async (request) => service.getPartner(request.authedCtx, request.params.uei),
  );
};
