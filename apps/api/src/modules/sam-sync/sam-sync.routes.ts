import { SamSyncStatusSchema, UpdateSamSyncSettingsBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { getSamSync, updateSamSync } from './sam-sync.service';

const errors = standardErrors(401, 403);

/** Admin → Database: the daily SAM.gov extract sync's URL and hour, and its latest run (beyond SPEC §7). */
export const samSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sam-sync',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: SamSyncStatusSchema, ...errors } },
    },
    async (request) => getSamSync(request.authedCtx),
  );

  app.put(
    '/admin/sam-sync',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        body: UpdateSamSyncSettingsBodySchema,
        response: { 200: SamSyncStatusSchema, ...standardErrors(400), ...errors },
      },
    },
    async (request) => updateSamSync(request.authedCtx, request.body),
  );
};
