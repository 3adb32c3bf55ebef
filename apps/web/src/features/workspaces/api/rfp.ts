import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RfpAnalysis, RfpSolicitation, RfpUploadResponse } from '@biddesk/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { workspaceKey } from './keys';

/** Under the workspace's key, so refreshing the workspace (its Activity log) refreshes the RFP views too. */
export const rfpKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'rfp'] as const;
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
  return orNull(apiRequest<RfpSolicitation>(`/workspaces/${workspaceId}/rfp/solicitation`, { signal }));
}

/** GET /workspaces/{id}/rfp/analysis: the latest draft analysis, or null. */
export function getAnalysis(workspaceId: string, signal?: AbortSignal): Promise<RfpAnalysis | null> {
  return orNull(apiRequest<RfpAnalysis>(`/workspaces/${workspaceId}/rfp/analysis`, { signal }));
}

function withFile(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** POST /workspaces/{id}/rfp/upload (multipart `file`, a PDF). */
export function uploadRfp(workspaceId: string, file: File): Promise<RfpUploadResponse> {
  return apiRequest<RfpUploadResponse>(`/workspaces/${workspaceId}/rfp/upload`, { method: 'POST', body: withFile(file) });
}

/** POST /workspaces/{id}/rfp/analyze-draft (multipart `file`, a PDF or a .docx). */
export function analyzeDraft(workspaceId: string, file: File): Promise<RfpAnalysis> {
  return apiRequest<RfpAnalysis>(`/workspaces/${workspaceId}/rfp/analyze-draft`, { method: 'POST', body: withFile(file) });
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

export const useUploadRfp = (workspaceId: string) => useRfpMutation(workspaceId, (file: File) => uploadRfp(workspaceId, file));
export const useAnalyzeDraft = (workspaceId: string) => useRfpMutation(workspaceId, (file: File) => analyzeDraft(workspaceId, file));
