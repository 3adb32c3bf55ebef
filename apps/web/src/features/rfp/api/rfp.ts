import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateRfpTasksBody,
  type CreateRfpTasksResponse,
  type RfpAnalysis,
  type RfpMatrix,
  type RfpSolicitation,
  type RfpUploadResponse,
  CreateRfpTasksResponseSchema,
  RfpAnalysisSchema,
  RfpMatrixSchema,
  RfpSolicitationSchema,
  RfpUploadResponseSchema,
} from '@biddesk/shared';
import type { z } from 'zod';
import { ApiError, apiDownload, apiRequest, type UploadProgress } from '../../../lib/api-client';
import { matrixKey, rfpKey, workspaceKey } from '../../../lib/workspace-keys';

/** Under the workspace's key, so refreshing the workspace (its Activity log) refreshes the RFP views too. */
export const solicitationKey = (workspaceId: string) => [...rfpKey(workspaceId), 'solicitation'] as const;
export const analysisKey = (workspaceId: string) => [...rfpKey(workspaceId), 'analysis'] as const;

/** A 404 here means "none yet", which the tab shows as its upload area rather than an error. */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /workspaces/{id}/rfp/solicitation: the latest RFP version with its requirements, or null. */
export function getSolicitation(workspaceId: string, signal?: AbortSignal): Promise<RfpSolicitation | null> {
  return orNull(apiRequest(`/workspaces/${workspaceId}/rfp/solicitation`, RfpSolicitationSchema, { signal }));
}

/** GET /workspaces/{id}/rfp/analysis: the latest draft analysis, or null. */
export function getAnalysis(workspaceId: string, signal?: AbortSignal): Promise<RfpAnalysis | null> {
  return orNull(apiRequest(`/workspaces/${workspaceId}/rfp/analysis`, RfpAnalysisSchema, { signal }));
}

/** POSTs one file as multipart `file` through the shared client, which reports the upload's progress. */
function postFile<S extends z.ZodType>(path: string, schema: S, file: File, onProgress: UploadProgress = () => {}): Promise<z.output<S>> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(path, schema, { method: 'POST', body, onUploadProgress: onProgress });
}

/** POST /workspaces/{id}/rfp/upload (multipart `file`, a PDF). */
export function uploadRfp(workspaceId: string, file: File, onProgress?: UploadProgress): Promise<RfpUploadResponse> {
  return postFile(`/workspaces/${workspaceId}/rfp/upload`, RfpUploadResponseSchema, file, onProgress);
}

/** POST /workspaces/{id}/rfp/analyze-draft (multipart `file`, a PDF or a .docx). */
export function analyzeDraft(workspaceId: string, file: File, onProgress?: UploadProgress): Promise<RfpAnalysis> {
  return postFile(`/workspaces/${workspaceId}/rfp/analyze-draft`, RfpAnalysisSchema, file, onProgress);
}

export const useSolicitation = (workspaceId: string) =>
  useQuery({ queryKey: solicitationKey(workspaceId), queryFn: ({ signal }) => getSolicitation(workspaceId, signal) });

export const useAnalysis = (workspaceId: string) =>
  useQuery({ queryKey: analysisKey(workspaceId), queryFn: ({ signal }) => getAnalysis(workspaceId, signal) });

/** Both runs change the workspace (its RFP, analyses and Activity): refresh everything under it. */
function useRfpMutation<R>(workspaceId: string, mutationFn: (file: File) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }) });
}

export const useUploadRfp = (workspaceId: string, onProgress?: UploadProgress) =>
  useRfpMutation(workspaceId, (file: File) => uploadRfp(workspaceId, file, onProgress));
export const useAnalyzeDraft = (workspaceId: string, onProgress?: UploadProgress) =>
  useRfpMutation(workspaceId, (file: File) => analyzeDraft(workspaceId, file, onProgress));

/** GET /workspaces/{id}/rfp/matrix: each requirement of the latest RFP with its task and draft status. */
export function getMatrix(workspaceId: string, signal?: AbortSignal): Promise<RfpMatrix> {
  return apiRequest(`/workspaces/${workspaceId}/rfp/matrix`, RfpMatrixSchema, { signal });
}

/** POST /workspaces/{id}/rfp/tasks: board tasks from the selected requirements. */
export function createRfpTasks(workspaceId: string, body: CreateRfpTasksBody): Promise<CreateRfpTasksResponse> {
  return apiRequest(`/workspaces/${workspaceId}/rfp/tasks`, CreateRfpTasksResponseSchema, { method: 'POST', body });
}

/** GET /workspaces/{id}/rfp/matrix/export as CSV or .xlsx, with the server's file name. */
export function downloadMatrix(workspaceId: string, format: 'csv' | 'xlsx') {
  return apiDownload(`/workspaces/${workspaceId}/rfp/matrix/export`, { format });
}

export const useMatrix = (workspaceId: string, enabled = true) =>
  useQuery({ queryKey: matrixKey(workspaceId), queryFn: ({ signal }) => getMatrix(workspaceId, signal), enabled });

/** New tasks change the board, the Open Tasks counter, the Activity log and the matrix: all under the workspace key. */
export function useCreateRfpTasks(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRfpTasksBody) => createRfpTasks(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }),
  });
}
