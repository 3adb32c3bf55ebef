import {
  CreateRfpTasksBodySchema,
  CreateRfpTasksResponseSchema,
  RfpAnalysisSchema,
  RfpAmendmentListSchema,
  RfpAnalysisSummaryListSchema,
  RfpMatrixSchema,
  RfpSolicitationSchema,
  RfpSolicitationSummaryListSchema,
  RfpUploadResponseSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { readMultipart } from '../../lib/uploaded-file';
import { listAmendments } from './rfp-amendment.service';
import * as analyses from './rfp-analysis.service';
import { exportMatrix } from './rfp-matrix-export';
import { getMatrix } from './rfp-matrix.service';
import { createTasksFromRequirements } from './rfp-tasks.service';
import * as service from './rfp.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const uploadErrors = { ...errors, ...standardErrors(413, 422) };
const tags = ['rfp'];

/**
 * SPEC §7 RFP, plus (beyond SPEC):
 * - GET /workspaces/{id}/rfp/solicitations: every uploaded version, newest first, without requirements.
 * - GET /workspaces/{id}/rfp/analyses: every draft analysis, newest first, scores only.
 * - POST /workspaces/{id}/rfp/tasks: board tasks from requirements of the latest RFP (201).
 * - GET /workspaces/{id}/rfp/matrix: the compliance matrix (requirement, task, draft status).
 * - GET /workspaces/{id}/rfp/matrix/export?format=csv|xlsx: the same rows as a download.
 * - GET /workspaces/{id}/rfp/amendments: every amendment (a version's diff against the previous one),
 *   newest first; the latest version's is also `amendment` on GET .../rfp/solicitation.
 * analyze-draft also takes a Word .docx. Both uploads are bounded by UPLOAD_MAX_BYTES (413).
 */
export const rfpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workspaces/:id/rfp/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: RfpUploadResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const ctx = request.authedCtx;
      const { file } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
      return service.uploadRfp(ctx, request.params.id, file);
    },
  );

  app.get(
    '/workspaces/:id/rfp/solicitation',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpSolicitationSchema, ...errors } },
    },
    async (request) => service.getSolicitation(request.authedCtx, request.params.id),
  );

  app.get(
    '/workspaces/:id/rfp/solicitations',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpSolicitationSummaryListSchema, ...errors } },
    },
    async (request) => service.listSolicitations(request.authedCtx, request.params.id),
  );

  app.get(
    '/workspaces/:id/rfp/amendments',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpAmendmentListSchema, ...errors } },
    },
    async (request) => listAmendments(request.authedCtx, request.params.id),
  );

  app.post(
    '/workspaces/:id/rfp/analyze-draft',
    {
      schema: { tags, consumes: ['multipart/form-data'], params: IdParamsSchema, response: { 200: RfpAnalysisSchema, ...uploadErrors } },
    },
    async (request) => {
      const ctx = request.authedCtx;
      const { file } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
      return analyses.analyzeDraft(ctx, request.params.id, file);
    },
  );

  app.get(
    '/workspaces/:id/rfp/analysis',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpAnalysisSchema, ...errors } },
    },
    async (request) => analyses.getAnalysis(request.authedCtx, request.params.id),
  );

  app.get(
    '/workspaces/:id/rfp/analyses',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpAnalysisSummaryListSchema, ...errors } },
    },
    async (request) => analyses.listAnalyses(request.authedCtx, request.params.id),
  );

  app.post(
    '/workspaces/:id/rfp/tasks',
    {
      schema: { tags, params: IdParamsSchema, body: CreateRfpTasksBodySchema, response: { 201: CreateRfpTasksResponseSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createTasksFromRequirements(request.authedCtx, request.params.id, request.body)),
  );

  app.get(
    '/workspaces/:id/rfp/matrix',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: RfpMatrixSchema, ...errors } },
    },
    async (request) => getMatrix(request.authedCtx, request.params.id),
  );

  app.get(
    '/workspaces/:id/rfp/matrix/export',
    {
      schema: {
        tags,
        description: 'The compliance matrix as CSV or .xlsx (format=csv|xlsx).',
        params: IdParamsSchema,
        querystring: z.object({ format: z.enum(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }) }),
        response: { 200: z.any().describe('The file: CSV or an .xlsx workbook'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportMatrix(request.authedCtx, request.params.id, request.query.format);
      return sendAttachment(reply, file.fileName, file.body);
    },
  );
};
