import { ImportResultSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import { importFromUpload } from '../opportunities/import.service';
import { importJobsRoutes } from '../import-jobs/import-jobs.routes';

/** Admin → Database: import an extract file the admin uploads (beyond SPEC §7, beside the URL import). */
export const importUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // The background imports the Database tab now starts (registered here to keep app.ts as it is).
  await app.register(importJobsRoutes);
  app.post(
    '/admin/import-csv-upload',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        response: { 200: ImportResultSchema, ...standardErrors(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Please choose a CSV file');
      const file = await request.file({ limits: { fileSize: request.ctx.config.IMPORT_MAX_BYTES, files: 1 } });
      return importFromUpload(request.authedCtx, file);
    },
  );
};
