import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pursuit, PursuitParties, ValueSuggestion } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /pursuits/{id}/parties: the pursuit's names, with their award-data links. */
export const usePursuitParties = (pursuitId: string | null) =>
  useQuery({
    queryKey: ['pursuits', 'one', pursuitId, 'parties'],
    queryFn: ({ signal }) => apiRequest<PursuitParties>(`/pursuits/${pursuitId}/parties`, { signal }).then((r) => r.data),
    enabled: pursuitId !== null,
  });

/** GET /pursuits/{id}/value-from-awards: the prior award's value on offer, or why none. */
export const useValueSuggestion = (pursuitId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['pursuits', 'one', pursuitId, 'value-from-awards'],
    queryFn: ({ signal }) => apiRequest<ValueSuggestion>(`/pursuits/${pursuitId}/value-from-awards`, { signal }),
    enabled: pursuitId !== null && enabled,
    retry: false,
  });

/** POST /pursuits/{id}/value-from-awards: take the offered value. */
export function useTakeAwardValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pursuitId, awardKey }: { pursuitId: string; awardKey: string }) =>
      apiRequest<Pursuit>(`/pursuits/${pursuitId}/value-from-awards`, { method: 'POST', body: { award_key: awardKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pursuits'] }),
  });
}
