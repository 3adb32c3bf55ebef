import { ErrorBodySchema, ImportJobListSchema, ImportJobParamsSchema, ImportJobSchema, StartUrlImportJobBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { getImportJob, listImportJobs, startUploadImport, startUrlImport } from './import-jobs.service';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Admin → Database: CSV imports as background jobs (issue 16). A start answers 202 with the job at
 * once; the Database tab polls GET /admin/import-jobs/{id} for progress. Beyond SPEC §7, whose
 * synchronous POST /admin/import-csv-sync is unchanged.
 */
export const importJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/import-jobs/upload', {
    config: { role: 'admin' },
    schema: {
      tags: ['admin'],
      consumes: ['multipart/form-data'],
      response: { 202: ImportJobSchema, 400: ErrorBodySchema, ...errors, 409: ErrorBodySchema, 413: ErrorBodySchema },
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Please choose a CSV file');
    const file = await request.file({ limits: { fileSize: request.ctx.config.IMPORT_MAX_BYTES, files: 1 } });
    return reply.code(202).send(await startUploadImport(request.ctx as AuthedCtx, file));
  });

  app.post('/admin/import-jobs', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], body: StartUrlImportJobBodySchema, response: { 202: ImportJobSchema, 400: ErrorBodySchema, ...errors, 409: ErrorBodySchema } },
  }, async (request, reply) => reply.code(202).send(await startUrlImport(request.ctx as AuthedCtx, request.body.csv_url)));

  app.get('/admin/import-jobs', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: ImportJobListSchema, ...errors } },
  }, async (request) => listImportJobs(request.ctx as AuthedCtx));

  app.get('/admin/import-jobs/:id', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], params: ImportJobParamsSchema, response: { 200: ImportJobSchema, 400: ErrorBodySchema, ...errors, 404: ErrorBodySchema } },
  }, async (request) => getImportJob(request.ctx as AuthedCtx, request.params.id));
};
