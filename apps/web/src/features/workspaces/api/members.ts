import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member, MessageResponse, WorkspaceSettings } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { membersKey, workspaceKey } from '../../../lib/workspace-keys';

/** GET /workspaces/{id}/members. */
export function listMembers(workspaceId: string, signal?: AbortSignal): Promise<Member[]> {
  return apiRequest<Member[]>(`/workspaces/${workspaceId}/members`, { signal });
}

/** DELETE /workspaces/{id}/members/{userId}: owner only, never the owner. */
export function removeMember(workspaceId: string, userId: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/workspaces/${workspaceId}/members/${userId}`, { method: 'DELETE' });
}

/** PATCH /workspaces/{id}/settings: the owner turns the NDA requirement on or off. */
export function updateWorkspaceSettings(workspaceId: string, settings: WorkspaceSettings): Promise<WorkspaceSettings> {
  return apiRequest<WorkspaceSettings>(`/workspaces/${workspaceId}/settings`, { method: 'PATCH', body: settings });
}

export const useMembers = (workspaceId: string) =>
  useQuery({ queryKey: membersKey(workspaceId), queryFn: ({ signal }) => listMembers(workspaceId, signal) });

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(workspaceId, userId),
    // The member count in the header moves too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }),
  });
}

export function useUpdateWorkspaceSettings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: WorkspaceSettings) => updateWorkspaceSettings(workspaceId, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }),
  });
}
