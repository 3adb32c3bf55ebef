import {
  ClearOpportunitiesPreviewSchema,
  ClearOpportunitiesResponseSchema,
  ImportCsvSyncBodySchema,
  ImportResultSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardErrors } from '../../lib/route-schemas';
import { importFromUrl } from '../opportunities/import.service';
import { clearOpportunities, previewClearOpportunities } from '../opportunities/clear-opportunities.service';

const errors = standardErrors(400, 401, 403);

/** SPEC §7 Admin: the opportunity data (CSV import from a URL, clear). */
export const opportunityDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/import-csv-sync',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        body: ImportCsvSyncBodySchema,
        response: { 200: ImportResultSchema, ...errors, ...standardErrors(409, 502) },
      },
    },
    async (request) => importFromUrl(request.authedCtx, request.body.csv_url),
  );

  // Beyond SPEC: the counts the Clear All Opportunities dialog lists (SPEC §5: "a dialog listing consequences").
  app.get(
    '/admin/clear-opportunities/preview',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: ClearOpportunitiesPreviewSchema, ...errors } },
    },
    async (request) => previewClearOpportunities(request.authedCtx),
  );

  app.delete(
    '/admin/clear-opportunities',
    {
      config: { role: 'admin' },
      schema: { tags: ['admin'], response: { 200: ClearOpportunitiesResponseSchema, ...errors } },
    },
    async (request) => clearOpportunities(request.authedCtx),
  );
};
