import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Opportunity, OpportunityListResponse, OpportunitySearchResponse, OpportunityStats } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export interface ListParams {
  page: number;
  limit: number;
  saved_only?: boolean;
}

export interface SearchFilters {
  keywords?: string;
  agency?: string;
  naics?: string;
  psc?: string;
  set_aside?: string;
}

export const OPPORTUNITIES_KEY = ['opportunities'] as const;
const STATS_KEY = ['opportunities', 'stats'] as const;
const detailKey = (id: string) => ['opportunities', 'detail', id] as const;

/** GET /opportunities (server paging); the timestamp defeats intermediary caches (SPEC §7). */
export function useOpportunityList(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: [...OPPORTUNITIES_KEY, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest<OpportunityListResponse>('/opportunities', { query: { ...params, saved_only: params.saved_only || undefined, _: Date.now() }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /opportunities/stats: the four dashboard counts in one call. */
export const useOpportunityStats = () =>
  useQuery({ queryKey: STATS_KEY, queryFn: ({ signal }) => apiRequest<OpportunityStats>('/opportunities/stats', { signal }) });

export const useOpportunity = (id: string) =>
  useQuery({ queryKey: detailKey(id), queryFn: ({ signal }) => apiRequest<Opportunity>(`/opportunities/${id}`, { signal }), retry: false });

/** POST /opportunities/search (query params, nulls dropped, no body). */
export function searchOpportunities(filters: SearchFilters): Promise<OpportunitySearchResponse> {
  return apiRequest<OpportunitySearchResponse>('/opportunities/search', { method: 'POST', query: { ...filters } });
}

export const useDescription = (noticeId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['sam-gov', 'description', noticeId],
    queryFn: ({ signal }) => apiRequest<{ description: string }>('/sam-gov/description', { query: { notice_id: noticeId }, signal }),
    enabled: enabled && Boolean(noticeId),
    retry: false,
    staleTime: Infinity,
  });

type Snapshot = [QueryKey, unknown][];

/**
 * POST /opportunities/{id}/save, optimistic (SPEC §4): every cached copy of the opportunity flips
 * at once and the Favorited count moves with it; on failure everything rolls back.
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (o: Pick<Opportunity, 'id' | 'saved'>) => apiRequest<{ saved: boolean }>(`/opportunities/${o.id}/save`, { method: 'POST' }),
    onMutate: async (o) => {
      await queryClient.cancelQueries({ queryKey: OPPORTUNITIES_KEY });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: OPPORTUNITIES_KEY });
      const flip = (item: Opportunity) => (item.id === o.id ? { ...item, saved: !o.saved } : item);
      queryClient.setQueriesData({ queryKey: OPPORTUNITIES_KEY }, (data: unknown) => {
        if (!data || typeof data !== 'object') return data;
        if ('data' in data && Array.isArray((data as OpportunityListResponse).data)) {
          const list = data as OpportunityListResponse;
          return { ...list, data: list.data.map(flip) };
        }
        if ('favorited' in data) {
          const stats = data as OpportunityStats;
          return { ...stats, favorited: Math.max(0, stats.favorited + (o.saved ? -1 : 1)) };
        }
        if ('id' in data && (data as Opportunity).id === o.id) return flip(data as Opportunity);
        return data;
      });
      return { snapshot };
    },
    onError: (_err, _o, context) => {
      for (const [key, value] of context?.snapshot ?? []) queryClient.setQueryData(key, value);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...OPPORTUNITIES_KEY, 'list'] }),
  });
}
