import { ImportJobSchema, StartUrlImportJobBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import { startUploadImport, startUrlImport, type ImportKind } from './import-jobs.service';

const errors = standardErrors(401, 403);

/**
 * The two ways an admin starts a background CSV import of one kind: `POST {base}/upload` (a
 * multipart file) and `POST {base}` (a URL). Both answer 202 with the job at once; progress is at
 * GET /admin/import-jobs/{id}; one import at a time across processes (409 otherwise).
 */
export function importStartRoutes(base: string, kind: ImportKind): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${base}/upload`,
      {
        config: { role: 'admin' },
        schema: {
          tags: ['admin'],
          consumes: ['multipart/form-data'],
          response: { 202: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(409, 413) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest('Please choose a CSV file');
        const file = await request.file({ limits: { fileSize: request.ctx.config.IMPORT_MAX_BYTES, files: 1 } });
        return reply.code(202).send(await startUploadImport(request.authedCtx, file, kind));
      },
    );

    app.post(
      base,
      {
        config: { role: 'admin' },
        schema: {
          tags: ['admin'],
          body: StartUrlImportJobBodySchema,
          response: { 202: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(409) },
        },
      },
      async (request, reply) => reply.code(202).send(await startUrlImport(request.authedCtx, request.body.csv_url, kind)),
    );
  };
}
