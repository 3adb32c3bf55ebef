import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MessageResponse, type WorkspaceSettings, MessageResponseSchema, WorkspaceSettingsSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKey } from '../../../lib/workspace-keys';

/** DELETE /workspaces/{id}/members/{userId}: owner only, never the owner. */
export function removeMember(workspaceId: string, userId: string): Promise<MessageResponse> {
  return apiRequest(`/workspaces/${workspaceId}/members/${userId}`, MessageResponseSchema, { method: 'DELETE' });
}

/** PATCH /workspaces/{id}/settings: the owner turns the NDA requirement on or off. */
export function updateWorkspaceSettings(workspaceId: string, settings: WorkspaceSettings): Promise<WorkspaceSettings> {
  return apiRequest(`/workspaces/${workspaceId}/settings`, WorkspaceSettingsSchema, { method: 'PATCH', body: settings });
}

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
