import { ActivityListSchema, ActivityQuerySchema, AdminStatsSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { adminStats, recentActivity } from './admin-stats.service';

const errors = standardErrors(400, 401, 403);

/** SPEC §7 Admin: stats (Analytics tab) and recent activity (Activity tab). */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: AdminStatsSchema, ...errors } },
    },
    async (request) => adminStats(request.authedCtx),
  );

  app.get(
    '/admin/activity',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], querystring: ActivityQuerySchema, response: { 200: ActivityListSchema, ...errors } },
    },
    async (request) => recentActivity(request.authedCtx, request.query.limit),
  );
};
