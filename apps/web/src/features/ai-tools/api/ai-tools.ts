import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentTone,
  type WorkspaceDocumentType,
  type WorkspaceGeneratedDocument,
  WorkspaceGeneratedDocumentSchema,
} from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { readDocumentTone } from '../../../lib/preferences';
import { aiDocumentsKey, workspaceKey } from '../../../lib/workspace-keys';

/** Under the workspace's key, so refreshing the workspace refreshes this list and its Activity too. */

/** GET /documents?workspace_id=: every member's generated documents, newest first. */
export function listAiDocuments(workspaceId: string, signal?: AbortSignal): Promise<WorkspaceGeneratedDocument[]> {
  return apiRequest('/documents', z.array(WorkspaceGeneratedDocumentSchema), { query: { workspace_id: workspaceId }, signal });
}

/** POST /documents/generate with workspace_id: the server uses the workspace's opportunity and latest RFP. */
export function generateAiDocument(
  workspaceId: string,
  /** Null once the opportunity data was cleared: the server then writes from the facts the workspace kept. */
  opportunityId: string | null,
  documentType: WorkspaceDocumentType,
  tone: DocumentTone,
): Promise<WorkspaceGeneratedDocument> {
  return apiRequest('/documents/generate', WorkspaceGeneratedDocumentSchema, {
    method: 'POST',
    body: { workspace_id: workspaceId, opportunity_id: opportunityId ?? undefined, document_type: documentType, tone },
  });
}

/** DELETE /generated-documents/{id}. */
export function deleteAiDocument(documentId: string): Promise<{ deleted: true }> {
  return apiRequest<{ deleted: true }>(`/generated-documents/${documentId}`, { method: 'DELETE' });
}

export const useAiDocuments = (workspaceId: string) =>
  useQuery({ queryKey: aiDocumentsKey(workspaceId), queryFn: ({ signal }) => listAiDocuments(workspaceId, signal) });

/** A change refreshes the whole workspace: the list, the Activity log and the header. */
function useAiMutation<V, R>(workspaceId: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }) });
}

/** Asks for the tone chosen in Settings, as the opportunity documents do. */
export const useGenerateAiDocument = (workspaceId: string) =>
  useAiMutation(workspaceId, (vars: { opportunityId: string | null; documentType: WorkspaceDocumentType }) =>
    generateAiDocument(workspaceId, vars.opportunityId, vars.documentType, readDocumentTone()),
  );
export const useDeleteAiDocument = (workspaceId: string) =>
  useAiMutation(workspaceId, (documentId: string) => deleteAiDocument(documentId));
