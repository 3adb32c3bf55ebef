import { PURSUIT_CSV_MAX_BYTES, PursuitImportReportSchema, PursuitListQuerySchema } from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { standardErrors } from '../../lib/route-schemas';
import { readMultipart } from '../../lib/uploaded-file';
import { exportPursuitsCsv, importPursuitsCsv } from './pursuit-csv.service';

const tags = ['pipeline'];

/**
 * The pipeline as a spreadsheet (issue 26 item 6): GET /pursuits/export.csv with the /pipeline
 * filters, and POST /pursuits/import (multipart field `file`, at most PURSUIT_CSV_MAX_BYTES)
 * answering a per-row report. Internal users only (guests are refused by the auth hook too).
 */
export const pursuitCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pursuits/export.csv',
    {
      schema: {
        tags,
        description: 'Every pursuit the filters select as CSV (UTF-8 with a BOM), one row each, formulas neutralised.',
        querystring: PursuitListQuerySchema.omit({ per_stage: true }),
        response: { 200: z.any().describe('The CSV file'), ...standardErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await exportPursuitsCsv(request.authedCtx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/pursuits/import',
    {
      schema: {
        tags,
        description: "Imports a pursuit CSV (the export's columns); each row is applied whole or refused with the reason.",
        consumes: ['multipart/form-data'],
        response: { 200: PursuitImportReportSchema, ...standardErrors(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { file } = await readMultipart(
        request,
        PURSUIT_CSV_MAX_BYTES,
        (limit) => `The CSV file is larger than the ${limit} import limit. Split it. Nothing was imported.`,
      );
      if (!file) throw badRequest('Choose a CSV file to import (multipart field "file")');
      return importPursuitsCsv(request.authedCtx, file.bytes);
    },
  );
};
