import type { DocumentVersion, MessageResponse, WorkspaceAbility, WorkspaceDocument } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceDocumentRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import { requireAbility, type WorkspaceAccess } from '../workspaces/workspace-access';
import { removeUnreferencedFiles, storeFileThen } from '../../lib/stored-files';
import { SELECT_A_FILE, type UploadedFile } from '../../lib/uploaded-file';
import * as repository from './workspace-documents.repository';
import { presentDocument, presentVersion } from './workspace-documents.presenter';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const FILE_EMPTY = 'The selected file is empty';

/**
 * Loads a document by id, then grants access on the workspace its row names (never one from the
 * URL): 404 for an unknown or malformed id, then requireAbility's checks for `ability`.
 */
export async function loadDocument(
  ctx: AuthedCtx,
  documentId: string,
  ability: WorkspaceAbility,
): Promise<{ document: WorkspaceDocumentRow; access: WorkspaceAccess }> {
  const document = isUuid(documentId) ? await repository.findById(ctx.db, documentId) : undefined;
  if (!document) throw notFound(DOCUMENT_NOT_FOUND);
  const access = await requireAbility(ctx, document.workspaceId, ability);
  return { document, access };
}

/** One document as the list shows it (after a change). */
export async function presentOne(ctx: AuthedCtx, workspaceId: string, documentId: string): Promise<WorkspaceDocument> {
  const [view] = await repository.listViews(ctx.db, workspaceId, documentId);
  if (!view) throw notFound(DOCUMENT_NOT_FOUND);
  return presentDocument(view, ctx.config.LOCK_STALE_HOURS);
}

/**
 * Stores an uploaded file within the uploader's storage quota; the key is removed again if the rows
 * referring to it are never written (lib/stored-files.ts).
 */
export function storeThen<T>(ctx: AuthedCtx, file: UploadedFile, write: (stored: { key: string; size: number }) => Promise<T>): Promise<T> {
  return storeFileThen(ctx, file.bytes, write);
}

/** POST /workspaces/{id}/documents: a new document whose version 1 is the uploaded file. */
export async function uploadDocument(ctx: AuthedCtx, workspaceId: string, file: UploadedFile | undefined): Promise<WorkspaceDocument> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'document.upload');
  if (!file) throw badRequest(SELECT_A_FILE);
  if (file.bytes.byteLength === 0) throw badRequest(FILE_EMPTY);
  const document = await storeThen(ctx, file, (stored) =>
    ctx.db.transaction(async (tx) => {
      const row = await repository.insertWithFirstVersion(tx, workspace.id, file.fileName, {
        storageKey: stored.key,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: stored.size,
        uploadedBy: ctx.actor.id,
        uploaderName: ctx.actor.name,
        note: null,
      });
      await recordActivity(tx, ctx.actor, {
        action: 'document.uploaded',
        workspaceId: workspace.id,
        targetType: 'workspace_document',
        targetId: row.id,
        details: { name: row.name },
      });
      return row;
    }),
  );
  return presentOne(ctx, workspace.id, document.id);
}

/** GET /workspaces/{id}/documents, newest updated first. */
export async function listDocuments(ctx: AuthedCtx, workspaceId: string): Promise<WorkspaceDocument[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'document.download');
  const views = await repository.listViews(ctx.db, workspace.id);
  return views.map((v) => presentDocument(v, ctx.config.LOCK_STALE_HOURS));
}

/** GET /documents/{id}/versions: every kept version, newest first. */
export async function listVersions(ctx: AuthedCtx, documentId: string): Promise<DocumentVersion[]> {
  const { document } = await loadDocument(ctx, documentId, 'document.download');
  return (await repository.listVersions(ctx.db, document.id)).map(presentVersion);
}

/** The bytes of the current version, or of `version`; 404 "File not found" for an unknown version. */
export async function downloadDocument(ctx: AuthedCtx, documentId: string, version?: string): Promise<{ fileName: string; bytes: Buffer }> {
  const { document } = await loadDocument(ctx, documentId, 'document.download');
  const wanted = version === undefined ? document.currentVersion : /^[1-9]\d{0,8}$/.test(version) ? Number(version) : undefined;
  const row = wanted ? await repository.findVersion(ctx.db, document.id, wanted) : undefined;
  if (!row) throw notFound('File not found');
  // A file lost from the store (deleted by hand, a bucket emptied) is the user's 404, not a 500;
  // any other storage failure stays a server error.
  const bytes = await ctx.files.read(row.storageKey).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('File not found');
    throw err;
  });
  return { fileName: row.fileName, bytes };
}

/** DELETE /documents/{id} (OWNER only): the document and every version, then files nothing else uses. */
export async function deleteDocument(ctx: AuthedCtx, documentId: string): Promise<MessageResponse> {
  const { document } = await loadDocument(ctx, documentId, 'document.delete');
  const keys = await ctx.db.transaction(async (tx) => {
    const removed = await repository.remove(tx, document.id);
    await recordActivity(tx, ctx.actor, {
      action: 'document.deleted',
      workspaceId: document.workspaceId,
      targetType: 'workspace_document',
      targetId: document.id,
      details: { name: document.name },
    });
    return removed;
  });
  await removeUnreferencedFiles(ctx.db, ctx.files, keys);
  return { message: 'Document deleted' };
}
