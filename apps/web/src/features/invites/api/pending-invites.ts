import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_POLL_MS,
  type AcceptInviteResponse,
  type MessageResponse,
  type PendingInvite,
  AcceptInviteResponseSchema,
  MessageResponseSchema,
  PendingInviteSchema,
} from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const PENDING_INVITES_KEY = ['invites', 'pending'] as const;

/** GET /invites/pending: invitations waiting for the signed-in user. */
export function listPendingInvites(signal?: AbortSignal): Promise<PendingInvite[]> {
  return apiRequest('/invites/pending', z.array(PendingInviteSchema), { signal });
}

/** POST /invites/{id}/accept: joins the workspace; the NDA, if required, is shown there. */
export function acceptPendingInvite(inviteId: string): Promise<AcceptInviteResponse> {
  return apiRequest(`/invites/${inviteId}/accept`, AcceptInviteResponseSchema, { method: 'POST' });
}

/** POST /invites/{id}/decline. */
export function declinePendingInvite(inviteId: string): Promise<MessageResponse> {
  return apiRequest(`/invites/${inviteId}/decline`, MessageResponseSchema, { method: 'POST' });
}

/**
 * The dashboard card refreshes itself (issue 21 item 3): an invitation sent, revoked or expired
 * shows within the chat's 5 s, only while the tab is visible (TanStack Query skips interval
 * refetches while `document.visibilityState` is hidden). The list is one indexed read by email.
 */
export const usePendingInvites = () =>
  useQuery({
    queryKey: PENDING_INVITES_KEY,
    queryFn: ({ signal }) => listPendingInvites(signal),
    refetchInterval: CHAT_POLL_MS,
    refetchIntervalInBackground: false,
  });

function useInviteMutation<R>(mutationFn: (id: string) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Accepting also adds a workspace to My Workspaces.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PENDING_INVITES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
      ]),
  });
}

export const useAcceptPendingInvite = () => useInviteMutation(acceptPendingInvite);
export const useDeclinePendingInvite = () => useInviteMutation(declinePendingInvite);
