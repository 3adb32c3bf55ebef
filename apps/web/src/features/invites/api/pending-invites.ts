import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInviteResponse, MessageResponse, PendingInvite } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export const PENDING_INVITES_KEY = ['invites', 'pending'] as const;

/** GET /invites/pending: invitations waiting for the signed-in user. */
export function listPendingInvites(signal?: AbortSignal): Promise<PendingInvite[]> {
  return apiRequest<PendingInvite[]>('/invites/pending', { signal });
}

/** POST /invites/{id}/accept: joins the workspace; the NDA, if required, is shown there. */
export function acceptPendingInvite(inviteId: string): Promise<AcceptInviteResponse> {
  return apiRequest<AcceptInviteResponse>(`/invites/${inviteId}/accept`, { method: 'POST' });
}

/** POST /invites/{id}/decline. */
export function declinePendingInvite(inviteId: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/invites/${inviteId}/decline`, { method: 'POST' });
}

export const usePendingInvites = () => useQuery({ queryKey: PENDING_INVITES_KEY, queryFn: ({ signal }) => listPendingInvites(signal) });

function useInviteMutation<R>(mutationFn: (id: string) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Accepting also adds a workspace to My Workspaces.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: PENDING_INVITES_KEY }), queryClient.invalidateQueries({ queryKey: ['workspaces'] })]),
  });
}

export const useAcceptPendingInvite = () => useInviteMutation(acceptPendingInvite);
export const useDeclinePendingInvite = () => useInviteMutation(declinePendingInvite);
