import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentVersion,
  type MessageResponse,
  type WorkspaceDocument,
  DocumentVersionSchema,
  MessageResponseSchema,
  WorkspaceDocumentSchema,
} from '@biddesk/shared';
import { z } from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { documentsKey, workspaceKey } from '../../../lib/workspace-keys';

/** Under the workspace's key, so refreshing the workspace (its Documents counter) refreshes the list too. */
export const documentVersionsKey = (workspaceId: string, documentId: string) =>
  [...documentsKey(workspaceId), documentId, 'versions'] as const;

/** GET /workspaces/{id}/documents, newest updated first. */
export function listDocuments(workspaceId: string, signal?: AbortSignal): Promise<WorkspaceDocument[]> {
  return apiRequest(`/workspaces/${workspaceId}/documents`, z.array(WorkspaceDocumentSchema), { signal });
}

/** POST /workspaces/{id}/documents (multipart field `file`). */
export function uploadDocument(workspaceId: string, file: File): Promise<WorkspaceDocument> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`/workspaces/${workspaceId}/documents`, WorkspaceDocumentSchema, { method: 'POST', body });
}

/** POST /documents/{id}/check-out. */
export function checkOutDocument(documentId: string): Promise<WorkspaceDocument> {
  return apiRequest(`/documents/${documentId}/check-out`, WorkspaceDocumentSchema, { method: 'POST' });
}

/** POST /documents/{id}/check-in (multipart: optional `file` becomes the next version, optional `note`). */
export function checkInDocument(documentId: string, input: { file: File | null; note: string }): Promise<WorkspaceDocument> {
  const body = new FormData();
  if (input.note.trim()) body.append('note', input.note.trim());
  if (input.file) body.append('file', input.file);
  return apiRequest(`/documents/${documentId}/check-in`, WorkspaceDocumentSchema, { method: 'POST', body });
}

/** POST /documents/{id}/force-release: the owner releases a stale check-out, with a reason. */
export function forceReleaseDocument(documentId: string, reason: string): Promise<WorkspaceDocument> {
  return apiRequest(`/documents/${documentId}/force-release`, WorkspaceDocumentSchema, { method: 'POST', body: { reason } });
}

/** DELETE /documents/{id}: owner only. */
export function deleteDocument(documentId: string): Promise<MessageResponse> {
  return apiRequest(`/documents/${documentId}`, MessageResponseSchema, { method: 'DELETE' });
}

/** GET /documents/{id}/versions, newest first. */
export function listDocumentVersions(documentId: string, signal?: AbortSignal): Promise<DocumentVersion[]> {
  return apiRequest(`/documents/${documentId}/versions`, z.array(DocumentVersionSchema), { signal });
}

/** The current version's bytes, or one version's (GET /documents/{id}[/versions/{n}]/download). */
export function downloadDocumentFile(documentId: string, version?: number) {
  return apiDownload(version === undefined ? `/documents/${documentId}/download` : `/documents/${documentId}/versions/${version}/download`);
}

export const useDocuments = (workspaceId: string) =>
  useQuery({ queryKey: documentsKey(workspaceId), queryFn: ({ signal }) => listDocuments(workspaceId, signal) });

export const useDocumentVersions = (workspaceId: string, documentId: string) =>
  useQuery({ queryKey: documentVersionsKey(workspaceId, documentId), queryFn: ({ signal }) => listDocumentVersions(documentId, signal) });

/**
 * Every document change refreshes the workspace: its Documents counter, this list and the Activity
 * log all sit under workspaceKey. Refreshed after a failure too, since a 409 means the list is stale
 * (someone else checked it out, or the owner released the lock).
 */
function useDocumentMutation<V, R>(workspaceId: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }) });
}

export const useUploadDocument = (workspaceId: string) =>
  useDocumentMutation(workspaceId, (file: File) => uploadDocument(workspaceId, file));
export const useCheckOutDocument = (workspaceId: string) => useDocumentMutation(workspaceId, checkOutDocument);
export const useCheckInDocument = (workspaceId: string) =>
  useDocumentMutation(workspaceId, (vars: { documentId: string; file: File | null; note: string }) =>
    checkInDocument(vars.documentId, vars),
  );
export const useForceReleaseDocument = (workspaceId: string) =>
  useDocumentMutation(workspaceId, (vars: { documentId: string; reason: string }) => forceReleaseDocument(vars.documentId, vars.reason));
export const useDeleteDocument = (workspaceId: string) => useDocumentMutation(workspaceId, deleteDocument);
