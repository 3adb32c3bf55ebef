import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InviteCode, InviteCodeSchema } from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const INVITE_CODES_KEY = ['admin', 'invite-codes'] as const;

/** GET /admin/invite-codes. */
export function listInviteCodes(): Promise<InviteCode[]> {
  return apiRequest('/admin/invite-codes', z.array(InviteCodeSchema));
}

/** POST /admin/invite-codes. */
export function createInviteCode(): Promise<InviteCode> {
  return apiRequest('/admin/invite-codes', InviteCodeSchema, { method: 'POST' });
}

export const useInviteCodes = () => useQuery({ queryKey: INVITE_CODES_KEY, queryFn: listInviteCodes });

export function useCreateInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInviteCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITE_CODES_KEY }),
  });
}
