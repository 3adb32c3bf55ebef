import { ErrorBodySchema, MessageResponseSchema, NotificationListSchema, NotificationSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as service from './notifications.service';

const errors = { 401: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });

/** SPEC §7 Notifications: the caller's own in-app notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notifications', {
    schema: { tags: ['notifications'], response: { 200: NotificationListSchema, ...errors } },
  }, async (request) => service.listNotifications(request.ctx as AuthedCtx));

  app.put('/notifications/:id/read', {
    schema: { tags: ['notifications'], params: IdParams, response: { 200: NotificationSchema, ...errors, 404: ErrorBodySchema } },
  }, async (request) => service.markRead(request.ctx as AuthedCtx, request.params.id));

  app.delete('/notifications/:id', {
    schema: { tags: ['notifications'], params: IdParams, response: { 200: MessageResponseSchema, ...errors, 404: ErrorBodySchema } },
  }, async (request) => service.deleteNotification(request.ctx as AuthedCtx, request.params.id));
};
