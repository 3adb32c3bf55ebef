import { AwardSourcesStatusSchema, OpportunityAwardsSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AwardSources } from './award-sources';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { getOpportunityAwards } from './incumbents.service';

/**
 * The "Incumbent and prior awards" of an opportunity (issue 27 item 3). Signed-in team members
 * only: guests are refused by the auth plugin (not in lib/guest-access.ts), like all opportunity data.
 * Also the admins' view of the sources those lookups use.
 */
export const opportunityAwardsRoutes =
  (sources: AwardSources): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/opportunities/:id/awards',
      {
        schema: {
          tags: ['opportunities'],
          params: IdParamsSchema,
          response: { 200: OpportunityAwardsSchema, ...standardErrors(401, 403, 404) },
        },
      },
      async (request) => getOpportunityAwards(request.authedCtx, request.params.id, sources),
    );

    // Admin → Database: whether lookups are on, and SAM Contract Awards' daily quota as counted.
    app.get(
      '/admin/award-sources',
      {
        config: { role: 'admin' },
        schema: { tags: ['admin'], response: { 200: AwardSourcesStatusSchema, ...standardErrors(401, 403) } },
      },
      async () => ({
        usaspending_lookups: sources.usaspending !== null,
        sam_contract_awards: sources.samAwards ? await sources.samAwards.quota.usage() : null,
      }),
    );
  };
