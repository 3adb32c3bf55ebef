import { useQuery } from '@tanstack/react-query';
import type { Member } from '@biddesk/shared';
import { apiRequest } from './api-client';
import { membersKey } from './workspace-keys';

// Shared: the team tab lists members, and the task and RFP dialogs offer them as assignees.

/** GET /workspaces/{id}/members. */
export function listMembers(workspaceId: string, signal?: AbortSignal): Promise<Member[]> {
  return apiRequest<Member[]>(`/workspaces/${workspaceId}/members`, { signal });
}

export const useMembers = (workspaceId: string) =>
  useQuery({ queryKey: membersKey(workspaceId), queryFn: ({ signal }) => listMembers(workspaceId, signal) });
