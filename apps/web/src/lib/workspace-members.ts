import { useQuery } from '@tanstack/react-query';
import { type Member, MemberSchema } from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { membersKey } from './workspace-keys';

// Shared: the team tab lists members, and the task and RFP dialogs offer them as assignees.

/** GET /workspaces/{id}/members. */
export function listMembers(workspaceId: string, signal?: AbortSignal): Promise<Member[]> {
  return apiRequest(`/workspaces/${workspaceId}/members`, z.array(MemberSchema), { signal });
}

export const useMembers = (workspaceId: string) =>
  useQuery({ queryKey: membersKey(workspaceId), queryFn: ({ signal }) => listMembers(workspaceId, signal) });
