import {
  CreateSavedSearchBodySchema,
  NotificationPreferencesSchema,
  SavedSearchListResponseSchema,
  SavedSearchSchema,
  UpdateNotificationPreferencesBodySchema,
  UpdateSavedSearchBodySchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import * as preferences from './notification-preferences.service';
import * as service from './saved-searches.service';

const errors = standardErrors(400, 401);

/**
 * Saved searches and the alert settings (issue 15; beyond SPEC §7). Every search belongs to its
 * user: another user's id answers 404, never 403.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/saved-searches',
    {
      schema: { tags: ['saved-searches'], response: { 200: SavedSearchListResponseSchema, ...standardErrors(401) } },
    },
    async (request) => service.listSavedSearches(request.authedCtx),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags: ['saved-searches'],
        body: CreateSavedSearchBodySchema,
        response: { 201: SavedSearchSchema, ...errors, ...standardErrors(409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createSavedSearch(request.authedCtx, request.body)),
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        tags: ['saved-searches'],
        params: IdParamsSchema,
        body: UpdateSavedSearchBodySchema,
        response: { 200: SavedSearchSchema, ...errors, ...standardErrors(404, 409) },
      },
    },
    async (request) => service.updateSavedSearch(request.authedCtx, request.params.id, request.body),
  );

  app.delete(
    '/saved-searches/:id',
    {
      schema: { tags: ['saved-searches'], params: IdParamsSchema, response: { 204: z.null(), ...standardErrors(401, 404) } },
    },
    async (request, reply) => {
      await service.deleteSavedSearch(request.authedCtx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/settings/notifications',
    {
      schema: { tags: ['settings'], response: { 200: NotificationPreferencesSchema, ...standardErrors(401) } },
    },
    async (request) => preferences.getPreferences(request.authedCtx),
  );

  app.put(
    '/settings/notifications',
    {
      schema: {
        tags: ['settings'],
        body: UpdateNotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => preferences.updatePreferences(request.authedCtx, request.body),
  );
};
