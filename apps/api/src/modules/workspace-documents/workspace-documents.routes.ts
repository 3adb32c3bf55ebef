import {
  DocumentVersionListSchema,
  ErrorBodySchema,
  ForceReleaseBodySchema,
  MessageResponseSchema,
  WorkspaceDocumentListSchema,
  WorkspaceDocumentSchema,
} from '@biddesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import { checkInDocument, checkOutDocument, forceReleaseDocument } from './document-locks.service';
import { sendAttachment } from '../../lib/attachment';
import { readMultipart } from './document-files';
import * as service from './workspace-documents.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const IdParams = z.object({ id: z.string() });
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
  app.post('/workspaces/:id/documents', {
    schema: { tags, consumes: ['multipart/form-data'], params: IdParams, response: { 200: WorkspaceDocumentSchema, ...errors, 413: ErrorBodySchema } },
  }, async (request) => {
    const ctx = request.ctx as AuthedCtx;
    const { file } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
    return service.uploadDocument(ctx, request.params.id, file);
  });

  app.get('/workspaces/:id/documents', {
    schema: { tags, params: IdParams, response: { 200: WorkspaceDocumentListSchema, ...errors } },
  }, async (request) => service.listDocuments(request.ctx as AuthedCtx, request.params.id));

  app.get('/documents/:id/download', {
    schema: { tags, params: IdParams, response: binary },
  }, async (request, reply) => {
    const file = await service.downloadDocument(request.ctx as AuthedCtx, request.params.id);
    return sendAttachment(reply, file.fileName, file.bytes);
  });

  app.get('/documents/:id/versions', {
    schema: { tags, params: IdParams, response: { 200: DocumentVersionListSchema, ...errors } },
  }, async (request) => service.listVersions(request.ctx as AuthedCtx, request.params.id));

  app.get('/documents/:id/versions/:version/download', {
    schema: { tags, params: VersionParams, response: binary },
  }, async (request, reply) => {
    const file = await service.downloadDocument(request.ctx as AuthedCtx, request.params.id, request.params.version);
    return sendAttachment(reply, file.fileName, file.bytes);
  });

  app.post('/documents/:id/check-out', {
    schema: { tags, params: IdParams, response: { 200: WorkspaceDocumentSchema, ...errors } },
  }, async (request) => checkOutDocument(request.ctx as AuthedCtx, request.params.id));

  app.post('/documents/:id/check-in', {
    schema: { tags, consumes: ['multipart/form-data'], params: IdParams, response: { 200: WorkspaceDocumentSchema, ...errors, 413: ErrorBodySchema } },
  }, async (request) => {
    const ctx = request.ctx as AuthedCtx;
    const { file, fields } = await readMultipart(request, ctx.config.UPLOAD_MAX_BYTES);
    return checkInDocument(ctx, request.params.id, { file, note: fields.note });
  });

  app.post('/documents/:id/force-release', {
    schema: { tags, params: IdParams, body: ForceReleaseBodySchema, response: { 200: WorkspaceDocumentSchema, ...errors } },
  }, async (request) => forceReleaseDocument(request.ctx as AuthedCtx, request.params.id, request.body));

  app.delete('/documents/:id', {
    schema: { tags, params: IdParams, response: { 200: MessageResponseSchema, ...errors } },
  }, async (request) => service.deleteDocument(request.ctx as AuthedCtx, request.params.id));
};
