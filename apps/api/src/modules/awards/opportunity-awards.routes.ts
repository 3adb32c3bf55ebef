import { OpportunityAwardsSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AwardSources } from './award-sources';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { getOpportunityAwards } from './incumbents.service';

/**
 * The "Incumbent and prior awards" of an opportunity (issue 27 item 3). Signed-in team members
 * only: guests are refused by the auth plugin (not in lib/guest-access.ts), like all opportunity data.
 */
export const opportunityAwardsRoutes =
  (sources: AwardSources): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/opportunities/:id/awards', {
      schema: { tags: ['opportunities'], params: IdParamsSchema, response: { 200: OpportunityAwardsSchema, ...standardErrors(401, 403, 404) } },
    }, async (request) => getOpportunityAwards(request.authedCtx, request.params.id, sources));
  };
