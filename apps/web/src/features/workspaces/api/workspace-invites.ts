import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InviteBody,
  type MessageResponse,
  type SentInvite,
  type WorkspaceInvite,
  MessageResponseSchema,
  SentInviteSchema,
  WorkspaceInviteSchema,
} from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { workspaceInvitesKey } from '../../../lib/workspace-keys';

/** POST /workspaces/{id}/invite: email, role (CONTRIBUTOR by default) and an optional note; says whether an earlier link was revoked. */
export function inviteMember(workspaceId: string, body: InviteBody): Promise<SentInvite> {
  return apiRequest(`/workspaces/${workspaceId}/invite`, SentInviteSchema, { method: 'POST', body });
}

/** GET /workspaces/{id}/invites: the owner's list. */
export function listWorkspaceInvites(workspaceId: string, signal?: AbortSignal): Promise<WorkspaceInvite[]> {
  return apiRequest(`/workspaces/${workspaceId}/invites`, z.array(WorkspaceInviteSchema), { signal });
}

/** DELETE /invites/{id}: revokes a pending invitation (SPEC §7). */
export function revokeInvite(inviteId: string): Promise<MessageResponse> {
  return apiRequest(`/invites/${inviteId}`, MessageResponseSchema, { method: 'DELETE' });
}

/** The invitations list, loaded only for owners (SPEC §6). */
export const useWorkspaceInvites = (workspaceId: string, enabled: boolean) =>
  useQuery({ queryKey: workspaceInvitesKey(workspaceId), queryFn: ({ signal }) => listWorkspaceInvites(workspaceId, signal), enabled });

export function useInviteMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => inviteMember(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceInvitesKey(workspaceId) }),
  });
}

export function useRevokeInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceInvitesKey(workspaceId) }),
  });
}
