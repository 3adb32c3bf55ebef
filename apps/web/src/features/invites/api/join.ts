import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type AcceptInviteResponse,
  type InviteDetails,
  type JoinRegisterBody,
  type JoinRegisterResponse,
  AcceptInviteResponseSchema,
  InviteDetailsSchema,
  JoinRegisterResponseSchema,
} from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /join/{token}: public and sent without a token (SPEC §6); 404 for an unknown token. */
export function getInviteDetails(token: string, signal?: AbortSignal): Promise<InviteDetails> {
  return apiRequest(`/join/${encodeURIComponent(token)}`, InviteDetailsSchema, { signal, anonymous: true });
}

/** POST /join/{token}/accept: the signed-in user accepts; 403 when signed in with another email. */
export function acceptInviteByToken(token: string): Promise<AcceptInviteResponse> {
  return apiRequest(`/join/${encodeURIComponent(token)}/accept`, AcceptInviteResponseSchema, { method: 'POST' });
}

/** POST /join/{token}/register: creates the account for the invited email and joins (no admin code). */
export function registerByInvite(token: string, body: JoinRegisterBody): Promise<JoinRegisterResponse> {
  return apiRequest(`/join/${encodeURIComponent(token)}/register`, JoinRegisterResponseSchema, { method: 'POST', body, anonymous: true });
}

export const useInviteDetails = (token: string) =>
  useQuery({ queryKey: ['join', token], queryFn: ({ signal }) => getInviteDetails(token, signal), retry: false });

export const useAcceptInviteByToken = () => useMutation({ mutationFn: acceptInviteByToken });
export const useRegisterByInvite = () =>
  useMutation({ mutationFn: (v: { token: string; body: JoinRegisterBody }) => registerByInvite(v.token, v.body) });
