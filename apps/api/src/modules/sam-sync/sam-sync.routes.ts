import { ErrorBodySchema, SamSyncStatusSchema, UpdateSamSyncSettingsBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { getSamSync, updateSamSync } from './sam-sync.service';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Admin → Database: the daily SAM.gov extract sync's URL and hour, and its latest run (beyond SPEC §7). */
export const samSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/sam-sync', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: SamSyncStatusSchema, ...errors } },
  }, async (request) => getSamSync(request.ctx as AuthedCtx));

  app.put('/admin/sam-sync', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], body: UpdateSamSyncSettingsBodySchema, response: { 200: SamSyncStatusSchema, 400: ErrorBodySchema, ...errors } },
  }, async (request) => updateSamSync(request.ctx as AuthedCtx, request.body));
};
