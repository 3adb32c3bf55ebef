import { ImportJobListSchema, ImportJobParamsSchema, ImportJobSchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { getImportJob, listImportJobs } from './import-jobs.service';
import { importStartRoutes } from './import-start.routes';

const errors = standardErrors(401, 403);

/**
 * Admin → Database: CSV imports as background jobs (issue 16). A start answers 202 with the job at
 * once; the Database tab polls GET /admin/import-jobs/{id} for progress. Beyond SPEC §7, whose
 * synchronous POST /admin/import-csv-sync is unchanged.
 */
export const importJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importStartRoutes('/admin/import-jobs', 'opportunities'));

  app.get(
    '/admin/import-jobs',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: ImportJobListSchema, ...errors } },
    },
    async (request) => listImportJobs(request.authedCtx),
  );

  app.get(
    '/admin/import-jobs/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema, ...standardErrors(400), ...errors, ...standardErrors(404) },
      },
    },
    async (request) => getImportJob(request.authedCtx, request.params.id),
  );
};
