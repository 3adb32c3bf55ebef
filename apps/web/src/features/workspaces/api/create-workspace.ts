import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateWorkspaceBody, type Workspace, WorkspaceSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { WORKSPACES_KEY } from '../../../lib/workspace-keys';

/** POST /workspaces: one workspace per opportunity (409 names the owner to ask). */
export function createWorkspace(body: CreateWorkspaceBody): Promise<Workspace> {
  return apiRequest('/workspaces', WorkspaceSchema, { method: 'POST', body });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  // Settled, not only success: a 409 means someone else's workspace exists, and the detail screen should say so.
  return useMutation({ mutationFn: createWorkspace, onSettled: () => queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY }) });
}
