import {
  CreateSavedSearchBodySchema,
  ErrorBodySchema,
  NotificationPreferencesSchema,
  SavedSearchListResponseSchema,
  SavedSearchSchema,
  UpdateNotificationPreferencesBodySchema,
  UpdateSavedSearchBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import * as preferences from './notification-preferences.service';
import * as service from './saved-searches.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });

/**
 * Saved searches and the alert settings (issue 15; beyond SPEC §7). Every search belongs to its
 * user: another user's id answers 404, never 403.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/saved-searches', {
    schema: { tags: ['saved-searches'], response: { 200: SavedSearchListResponseSchema, 401: ErrorBodySchema } },
  }, async (request) => service.listSavedSearches(request.ctx as AuthedCtx));

  app.post('/saved-searches', {
    schema: { tags: ['saved-searches'], body: CreateSavedSearchBodySchema, response: { 201: SavedSearchSchema, ...errors, 409: ErrorBodySchema } },
  }, async (request, reply) => reply.code(201).send(await service.createSavedSearch(request.ctx as AuthedCtx, request.body)));

  app.patch('/saved-searches/:id', {
    schema: { tags: ['saved-searches'], params: IdParams, body: UpdateSavedSearchBodySchema, response: { 200: SavedSearchSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request) => service.updateSavedSearch(request.ctx as AuthedCtx, request.params.id, request.body));

  app.delete('/saved-searches/:id', {
    schema: { tags: ['saved-searches'], params: IdParams, response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.deleteSavedSearch(request.ctx as AuthedCtx, request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/settings/notifications', {
    schema: { tags: ['settings'], response: { 200: NotificationPreferencesSchema, 401: ErrorBodySchema } },
  }, async (request) => preferences.getPreferences(request.ctx as AuthedCtx));

  app.put('/settings/notifications', {
    schema: { tags: ['settings'], body: UpdateNotificationPreferencesBodySchema, response: { 200: NotificationPreferencesSchema, ...errors } },
  }, async (request) => preferences.updatePreferences(request.ctx as AuthedCtx, request.body));
};
