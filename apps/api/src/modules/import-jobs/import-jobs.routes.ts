import { ImportJobListSchema, ImportJobParamsSchema, ImportJobSchema, StartUrlImportJobBodySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import { getImportJob, listImportJobs, startUploadImport, startUrlImport } from './import-jobs.service';

const errors = standardErrors(401, 403);

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
      response: { 202: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(409, 413) },
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Please choose a CSV file');
    const file = await request.file({ limits: { fileSize: request.ctx.config.IMPORT_MAX_BYTES, files: 1 } });
    return reply.code(202).send(await startUploadImport(request.authedCtx, file));
  });

  app.post('/admin/import-jobs', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], body: StartUrlImportJobBodySchema, response: { 202: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(409) } },
  }, async (request, reply) => reply.code(202).send(await startUrlImport(request.authedCtx, request.body.csv_url)));

  app.get('/admin/import-jobs', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], response: { 200: ImportJobListSchema, ...errors } },
  }, async (request) => listImportJobs(request.authedCtx));

  app.get('/admin/import-jobs/:id', {
    config: { role: 'admin' },
    schema: { tags: ['admin'], params: ImportJobParamsSchema, response: { 200: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(404) } },
  }, async (request) => getImportJob(request.authedCtx, request.params.id));
};
