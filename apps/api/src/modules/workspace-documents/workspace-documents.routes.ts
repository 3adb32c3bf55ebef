import {
  DocumentVersionListSchema,
  ForceReleaseBodySchema,
  MessageResponseSchema,
  WorkspaceDocumentListSchema,
  WorkspaceDocumentSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, standardErrors } from '../../lib/route-schemas';
import { checkInDocument, checkOutDocument, forceReleaseDocument } from './document-locks.service';
import { sendAttachment } from '../../lib/attachment';
import { readMultipart } from '../../lib/uploaded-file';
import * as service from './workspace-documents.service';

const errors = standardErrors(400, 401, 403, 404, 409);
const VersionParams = z.object({ id: z.string(), version: z.string() });
const binary = { 200: z.any().describe('The file, always as an attachment'), ...errors };
const tags = ['workspace-documents'];

/**
 * SPEC §7 Workspace documents, plus (beyond SPEC):
 * - GET /documents/{id}/versions: every kept version, newest first.
 * - GET /documents/{id}/versions/{version}/download: one version's bytes.
 * - POST /documents/{id}/force-release {reason}: the OWNER releases a lock older than
 *   LOCK_STALE_HOURS; audited, the holder notified (WORKSPACES.md §1).
 * POST /documents/{id}/check-in also takes an optional text field `note`, kept with the new version.
 * Downloads are attachments with `X-Content-Type-Options: nosniff`.
 */
export const workspaceDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workspaces/:id/documents',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: WorkspaceDocumentSchema, ...errors, ...standardErrors(413) },
      },
    },
    async (request) => {
      const ctx = request.authedCtx;
      const { file } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
      return service.uploadDocument(ctx, request.params.id, file);
    },
  );

  app.get(
    '/workspaces/:id/documents',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: WorkspaceDocumentListSchema, ...errors } },
    },
    async (request) => service.listDocuments(request.authedCtx, request.params.id),
  );

  app.get(
    '/documents/:id/download',
    {
      schema: { tags, params: IdParamsSchema, response: binary },
    },
    async (request, reply) => {
      const file = await service.downloadDocument(request.authedCtx, request.params.id);
      return sendAttachment(reply, file.fileName, file.bytes);
    },
  );

  app.get(
    '/documents/:id/versions',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: DocumentVersionListSchema, ...errors } },
    },
    async (request) => service.listVersions(request.authedCtx, request.params.id),
  );

  app.get(
    '/documents/:id/versions/:version/download',
    {
      schema: { tags, params: VersionParams, response: binary },
    },
    async (request, reply) => {
      const file = await service.downloadDocument(request.authedCtx, request.params.id, request.params.version);
      return sendAttachment(reply, file.fileName, file.bytes);
    },
  );

  app.post(
    '/documents/:id/check-out',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: WorkspaceDocumentSchema, ...errors } },
    },
    async (request) => checkOutDocument(request.authedCtx, request.params.id),
  );

  app.post(
    '/documents/:id/check-in',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: WorkspaceDocumentSchema, ...errors, ...standardErrors(413) },
      },
    },
    async (request) => {
      const ctx = request.authedCtx;
      const { file, fields } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
      return checkInDocument(ctx, request.params.id, { file, note: fields.note });
    },
  );

  app.post(
    '/documents/:id/force-release',
    {
      schema: { tags, params: IdParamsSchema, body: ForceReleaseBodySchema, response: { 200: WorkspaceDocumentSchema, ...errors } },
    },
    async (request) => forceReleaseDocument(request.authedCtx, request.params.id, request.body),
  );

  app.delete(
    '/documents/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    },
    async (request) => service.deleteDocument(request.authedCtx, request.params.id),
  );
};
