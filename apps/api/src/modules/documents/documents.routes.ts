import {
  DocumentListQuerySchema,
  DocumentListResponseSchema,
  GenerateDocumentBodySchema,
  GenerateDocumentResponseSchema,
  OpportunityFormFactsSchema,
  OpportunityRequirementSchema,
  UploadPdfResponseSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { readMultipart } from '../../lib/uploaded-file';
import * as service from './documents.service';
import { exportComplianceMatrix } from './matrix-export.service';
import { PDF_ONLY, uploadSolicitationPdf, type UploadedFile } from './pdf-upload.service';

const errors = standardErrors(400, 401, 404);
/** Workspace documents add the access refusals (WORKSPACES.md §3). */
const workspaceErrors = { ...errors, ...standardErrors(403, 409) };

/** Reads the one multipart file `file` whole (bounded by UPLOAD_MAX_BYTES) or says why not. */
async function readPdfField(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(PDF_ONLY);
  const { file } = await readMultipart(request, maxBytes, (limit) => `The PDF is larger than the ${limit} limit`);
  if (!file) throw badRequest(PDF_ONLY);
  return file;
}

/** SPEC §7: solicitation PDF upload on an opportunity, and generated documents. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/opportunities/:id/upload-pdf',
    {
      schema: {
        tags: ['documents'],
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: UploadPdfResponseSchema, ...errors, ...standardErrors(413, 422) },
      },
    },
    async (request) => {
      const ctx = request.authedCtx;
      const file = await readPdfField(request, ctx.config.UPLOAD_MAX_BYTES);
      return uploadSolicitationPdf(ctx, request.params.id, file);
    },
  );

  app.get(
    '/opportunities/:id/requirements',
    {
      schema: { tags: ['documents'], params: IdParamsSchema, response: { 200: z.array(OpportunityRequirementSchema), ...errors } },
    },
    async (request) => service.listRequirements(request.authedCtx, request.params.id),
  );

  app.get(
    '/opportunities/:id/form-facts',
    {
      schema: {
        tags: ['documents'],
        description:
          'The filled standard form (SF-1449 ...) of the latest solicitation PDF: each fact with its source, the offer due date beside the notice deadline (beyond SPEC).',
        params: IdParamsSchema,
        response: { 200: OpportunityFormFactsSchema, ...errors },
      },
    },
    async (request) => service.getFormFacts(request.authedCtx, request.params.id),
  );

  app.post(
    '/documents/generate',
    {
      schema: {
        tags: ['documents'],
        description:
          'With workspace_id: a workspace AI tool document (requirements, proposal, compliance, pricing) that every member sees.',
        body: GenerateDocumentBodySchema,
        response: { 200: GenerateDocumentResponseSchema, ...workspaceErrors, ...standardErrors(502) },
      },
    },
    async (request) => service.generateDocument(request.authedCtx, request.body),
  );

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        querystring: DocumentListQuerySchema,
        response: { 200: DocumentListResponseSchema, ...workspaceErrors },
      },
    },
    async (request) => service.listDocuments(request.authedCtx, request.query),
  );

  app.get(
    '/generated-documents/:id/export',
    {
      schema: {
        tags: ['documents'],
        description:
          'The compliance matrix as CSV or .xlsx (format=csv|xlsx), or the response template as a Word outline or its text (format=docx|md).',
        params: IdParamsSchema,
        querystring: z.object({ format: z.enum(['csv', 'xlsx', 'docx', 'md'], { message: 'format must be csv, xlsx, docx or md' }) }),
        response: { 200: z.any().describe('The file: text/csv, an .xlsx workbook, a .docx outline or markdown'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportComplianceMatrix(request.authedCtx, request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.delete(
    '/generated-documents/:id',
    {
      schema: {
        tags: ['documents'],
        params: IdParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...workspaceErrors },
      },
    },
    async (request) => service.deleteDocument(request.authedCtx, request.params.id),
  );
};
