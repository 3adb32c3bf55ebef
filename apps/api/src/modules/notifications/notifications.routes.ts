import { MessageResponseSchema, NotificationListSchema, NotificationSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as service from './notifications.service';

const errors = standardErrors(401);

/** SPEC §7 Notifications: the caller's own in-app notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: { tags: ['notifications'], response: { 200: NotificationListSchema, ...errors } },
    },
    async (request) => service.listNotifications(request.authedCtx),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: { tags: ['notifications'], params: IdParamsSchema, response: { 200: NotificationSchema, ...errors, ...standardErrors(404) } },
    },
    async (request) => service.markRead(request.authedCtx, request.params.id),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors, ...standardErrors(404) },
      },
    },
    async (request) => service.deleteNotification(request.authedCtx, request.params.id),
  );
};
