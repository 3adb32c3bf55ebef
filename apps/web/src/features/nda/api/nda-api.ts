import { useMutation, useQuery } from '@tanstack/react-query';
import { type Nda, type NdaAcceptResponse, NdaAcceptResponseSchema, NdaSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /nda/current: public, sent without a token (SPEC §6). */
export function getCurrentNda(signal?: AbortSignal): Promise<Nda> {
  return apiRequest('/nda/current', NdaSchema, { signal, anonymous: true });
}

/** POST /workspaces/{id}/nda/accept?nda_version_id=: records the caller's acceptance of that version. */
export function acceptNda(workspaceId: string, ndaVersionId: string): Promise<NdaAcceptResponse> {
  return apiRequest(`/workspaces/${workspaceId}/nda/accept`, NdaAcceptResponseSchema, {
    method: 'POST',
    query: { nda_version_id: ndaVersionId },
  });
}

export const useCurrentNda = () => useQuery({ queryKey: ['nda', 'current'], queryFn: ({ signal }) => getCurrentNda(signal), retry: false });

export const useAcceptNda = () =>
  useMutation({ mutationFn: (v: { workspaceId: string; ndaVersionId: string }) => acceptNda(v.workspaceId, v.ndaVersionId) });
