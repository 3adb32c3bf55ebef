import { ActivityListSchema, ActivityQuerySchema, AdminStatsSchema, ErrorBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { adminStats, recentActivity } from './admin-stats.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** SPEC §7 Admin: stats (Analytics tab) and recent activity (Activity tab). */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/stats', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: AdminStatsSchema, ...errors } },
  }, async (request) => adminStats(request.ctx as AuthedCtx));

  app.get('/admin/activity', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], querystring: ActivityQuerySchema, response: { 200: ActivityListSchema, ...errors } },
  }, async (request) => recentActivity(request.ctx as AuthedCtx, request.query.limit));
};
