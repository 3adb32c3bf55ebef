import { SendNotificationBodySchema, SendNotificationResponseSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { sendNotification } from './admin-notifications.service';

const errors = standardErrors(400, 401, 403, 404);

/** SPEC §7 Admin: send a notification to one user or to all. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/notifications',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], body: SendNotificationBodySchema, response: { 200: SendNotificationResponseSchema, ...errors } },
    },
    async (request) => sendNotification(request.authedCtx, request.body),
  );
};
