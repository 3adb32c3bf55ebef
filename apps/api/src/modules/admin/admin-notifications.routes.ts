import { ErrorBodySchema, SendNotificationBodySchema, SendNotificationResponseSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { sendNotification } from './admin-notifications.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7 Admin: send a notification to one user or to all. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/notifications', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], body: SendNotificationBodySchema, response: { 200: SendNotificationResponseSchema, ...errors } },
  }, async (request) => sendNotification(request.ctx as AuthedCtx, request.body));
};
