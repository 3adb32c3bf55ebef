import { WorkspaceAwardsLineSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { getWorkspaceAwardsLine } from './workspace-awards-line.service';

/** The workspace header's incumbent line (issue 27 item 3): internal members only, never guests. */
export const workspaceAwardsLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspaces/:id/awards-line',
    {
      schema: {
        tags: ['workspaces'],
        params: IdParamsSchema,
        response: { 200: WorkspaceAwardsLineSchema, ...standardErrors(401, 403, 404) },
      },
    },
    async (request) => getWorkspaceAwardsLine(request.authedCtx, request.params.id),
  );
};
