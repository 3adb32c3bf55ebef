import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pursuit, RadarAgency, RadarResponse, RadarSearch } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { toRadarQuery, type RadarState } from '../url-state';

const RADAR_KEY = ['radar'] as const;

/** GET /radar with the page's filters, sort and page. */
export const useRadar = (state: RadarState) =>
  useQuery({
    queryKey: [...RADAR_KEY, 'list', state],
    queryFn: ({ signal }) => apiRequest<RadarResponse>('/radar', { signal, query: toRadarQuery(state) }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /radar/track: a pursuit for an award's recompete. */
export function useTrackRecompete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (awardKey: string) => apiRequest<Pursuit>('/radar/track', { method: 'POST', body: { award_key: awardKey } }),
    // Also after a 409: someone else tracked it, and the row should say so.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: RADAR_KEY }), queryClient.invalidateQueries({ queryKey: ['pursuits'] })]),
  });
}

/** POST /radar/searches: the current filters kept under a name, with the daily alert. */
export function useSaveRadarSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, state }: { name: string; state: RadarState }) => {
      const { sort: _sort, order: _order, page: _page, ...filters } = toRadarQuery(state);
      return apiRequest<RadarSearch>('/radar/searches', { method: 'POST', body: { name, filters } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...RADAR_KEY, 'searches'] }),
  });
}

/** GET /radar/searches: the caller's saved radar searches. */
export const useRadarSearches = () =>
  useQuery({
    queryKey: [...RADAR_KEY, 'searches'],
    queryFn: ({ signal }) => apiRequest<{ data: RadarSearch[] }>('/radar/searches', { signal }).then((r) => r.data),
  });

/** GET /radar/agencies: agencies with awards ending in the window, for the agency filter. */
export const useRadarAgencies = (fromMonths: number, toMonths: number) =>
  useQuery({
    queryKey: [...RADAR_KEY, 'agencies', fromMonths, toMonths],
    queryFn: ({ signal }) =>
      apiRequest<{ data: RadarAgency[] }>('/radar/agencies', { signal, query: { from_months: fromMonths, to_months: toMonths } }).then(
        (r) => r.data,
      ),
    enabled: fromMonths < toMonths,
    staleTime: 5 * 60_000,
  });
