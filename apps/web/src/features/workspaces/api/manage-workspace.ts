import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MessageResponse,
  type Workspace,
  MessageResponseSchema,
  WorkspaceSchema,
  DeleteWorkspaceResponseSchema,
} from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { WORKSPACES_KEY } from '../../../lib/workspace-keys';

/** DELETE /workspaces/{id}: permanent, owner only. */
export function deleteWorkspace(id: string): Promise<{ deleted: true; message: string }> {
  return apiRequest(`/workspaces/${id}`, DeleteWorkspaceResponseSchema, { method: 'DELETE' });
}

/** PATCH /workspaces/{id}/archive?archive=: archive (true) or restore (false), owner only. */
export function archiveWorkspace(id: string, archive: boolean): Promise<Workspace> {
  return apiRequest(`/workspaces/${id}/archive`, WorkspaceSchema, { method: 'PATCH', query: { archive } });
}

/** POST /workspaces/{id}/leave: any member but the owner. */
export function leaveWorkspace(id: string): Promise<MessageResponse> {
  return apiRequest(`/workspaces/${id}/leave`, MessageResponseSchema, { method: 'POST' });
}

/**
 * A workspace-wide change. After delete or leave the caller has no access any more, so the open
 * workspace is not refetched (it would answer 403/404 while the page is on its way out).
 */
function useWorkspaceMutation<V, R>(mutationFn: (v: V) => Promise<R>, refetchDetail: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY, predicate: (q) => refetchDetail || q.queryKey[1] !== 'detail' }),
  });
}

export const useDeleteWorkspace = () => useWorkspaceMutation(deleteWorkspace, false);
export const useArchiveWorkspace = () =>
  useWorkspaceMutation((v: { id: string; archive: boolean }) => archiveWorkspace(v.id, v.archive), true);
export const useLeaveWorkspace = () => useWorkspaceMutation(leaveWorkspace, false);
