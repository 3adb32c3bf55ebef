import { useQuery } from '@tanstack/react-query';
import { type Workspace, WorkspaceSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKey } from '../../../lib/workspace-keys';

/** GET /workspaces/{id}: the header data, the caller's role and whether the NDA comes first. */
export function getWorkspace(id: string, signal?: AbortSignal): Promise<Workspace> {
  return apiRequest(`/workspaces/${id}`, WorkspaceSchema, { signal });
}

/** The workspace; a 403 or 404 is final, so no retry. */
export const useWorkspace = (id: string) =>
  useQuery({ queryKey: workspaceKey(id), queryFn: ({ signal }) => getWorkspace(id, signal), retry: false });
