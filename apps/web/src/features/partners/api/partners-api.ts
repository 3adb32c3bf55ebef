import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPursuitPartyBody, PartnerDetail, PartnerSearchResponse, PursuitListResponse, PursuitParties } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import type { PartnerQuery } from '../partner-url-state';

/** GET /partners with the /partners page's filters. */
export const usePartnerSearch = (q: PartnerQuery, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ['partners', 'search', q],
    queryFn: ({ signal }) =>
      apiRequest<PartnerSearchResponse>('/partners', {
        signal,
        query: {
          naics: q.naics,
          psc: q.psc,
          agency: q.agency,
          state: q.state,
          business_type: q.businessType,
          q: q.q,
          sort: q.sort,
          page: q.page,
        },
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });

/** GET /partners/{uei}: one recipient with its names, parent and awards. */
export const usePartner = (uei: string | null) =>
  useQuery({
    queryKey: ['partners', 'detail', uei],
    queryFn: ({ signal }) => apiRequest<PartnerDetail>(`/partners/${encodeURIComponent(uei!)}`, { signal }),
    enabled: uei !== null,
    retry: false,
  });

/** The pursuits a user may add a partner to: their own, or every one for an admin. */
export const useEditablePursuits = (ownerId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['pursuits', 'list', 'editable', ownerId ?? 'all'],
    queryFn: ({ signal }) => apiRequest<PursuitListResponse>('/pursuits', { signal, query: { owner: ownerId } }).then((r) => r.data),
    enabled,
  });

/** POST /pursuits/{id}/parties: add a recipient as a competitor or teaming partner. */
export function useAddPursuitParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pursuitId, body }: { pursuitId: string; body: AddPursuitPartyBody }) =>
      apiRequest<PursuitParties>(`/pursuits/${pursuitId}/parties`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pursuits'] }),
  });
}
