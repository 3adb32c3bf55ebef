import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  type NoticeStatus,
  type Opportunity,
  type OpportunityListResponse,
  type OpportunitySearchResponse,
  type OpportunitySort,
  type OpportunityStats,
  type SortOrder,
  OpportunityListResponseSchema,
  OpportunitySchema,
  OpportunitySearchResponseSchema,
  OpportunityStatsSchema,
  DescriptionResponseSchema,
  SaveResponseSchema,
} from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { OPPORTUNITIES_KEY } from '../../../lib/opportunity-keys';
import { useSyncRefetch } from '../../../lib/sync-frequency';

/** Status, type, date windows and order: shared by the listing and the search. */
export interface ViewParams {
  status?: NoticeStatus;
  notice_type?: string;
  due_within?: number;
  posted_within?: number;
  sort?: OpportunitySort;
  order?: SortOrder;
}

export interface ListParams extends ViewParams {
  page: number;
  limit: number;
  saved_only?: boolean;
}

export interface SearchFilters extends ViewParams {
  keywords?: string;
  agency?: string;
  naics?: string;
  psc?: string;
  set_aside?: string;
}

const STATS_KEY = ['opportunities', 'stats'] as const;
const detailKey = (id: string) => ['opportunities', 'detail', id] as const;

/**
 * How long a listing page or the stats count as fresh: the sign-in prefetch (dashboard-prefetch.ts)
 * fetches them while the dashboard's code renders, and the dashboard mounting a moment later must
 * use that answer instead of asking again. The server caches listing pages as long (LISTING_CACHE_MS).
 */
export const DASHBOARD_FRESH_MS = 5_000;

/** GET /opportunities (server paging); the timestamp defeats intermediary caches (SPEC §7). */
export const listQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...OPPORTUNITIES_KEY, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest('/opportunities', OpportunityListResponseSchema, {
        query: { ...params, saved_only: params.saved_only || undefined, _: Date.now() },
        signal,
      }),
    staleTime: DASHBOARD_FRESH_MS,
  });

/** The listing, re-read as often as Settings → Integration's sync frequency asks (sync-frequency.ts). */
export function useOpportunityList(params: ListParams, enabled = true) {
  return useQuery({ ...listQuery(params), ...useSyncRefetch(), placeholderData: keepPreviousData, enabled });
}

/** GET /opportunities/stats: the four dashboard counts in one call. */
export const statsQuery = () =>
  queryOptions({
    queryKey: STATS_KEY,
    queryFn: ({ signal }) => apiRequest('/opportunities/stats', OpportunityStatsSchema, { signal }),
    staleTime: DASHBOARD_FRESH_MS,
  });

/** The stat cards' counts, re-read with the listing (sync frequency). */
export const useOpportunityStats = () => useQuery({ ...statsQuery(), ...useSyncRefetch() });

/**
 * Re-reads the counts and the listings together, now. A stat card opens the list it counts; the
 * card was read when the dashboard loaded (possibly hours ago, by the sync frequency) and the list
 * is read on opening, so "Recently Updated 736" opened 735 notices once one aged out of the
 * window (issue 21). Both are asked again at the same moment, by the same filters on the server.
 */
export function useRefreshCounts(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: STATS_KEY });
    void queryClient.invalidateQueries({ queryKey: [...OPPORTUNITIES_KEY, 'list'] });
  };
}

export const useOpportunity = (id: string) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiRequest(`/opportunities/${id}`, OpportunitySchema, { signal }),
    retry: false,
  });

/** POST /opportunities/search (query params, nulls dropped, no body). */
export function searchOpportunities(filters: SearchFilters, signal?: AbortSignal): Promise<OpportunitySearchResponse> {
  return apiRequest('/opportunities/search', OpportunitySearchResponseSchema, { method: 'POST', query: { ...filters }, signal });
}

/**
 * The dashboard search as a cached query: Back to the dashboard shows the same results at once
 * instead of searching again. SPEC §4: the answer is a local result set paged on the client.
 */
export const useOpportunitySearch = (filters: SearchFilters, enabled: boolean) =>
  useQuery({
    queryKey: [...OPPORTUNITIES_KEY, 'search', filters],
    queryFn: ({ signal }) => searchOpportunities(filters, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useDescription = (noticeId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['sam-gov', 'description', noticeId],
    queryFn: ({ signal }) => apiRequest('/sam-gov/description', DescriptionResponseSchema, { query: { notice_id: noticeId }, signal }),
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
    // The target state travels with the call, so a double click cannot undo itself.
    mutationFn: (o: Pick<Opportunity, 'id' | 'saved'>) =>
      apiRequest(`/opportunities/${o.id}/save`, SaveResponseSchema, { method: 'POST', query: { saved: String(!o.saved) } }),
    onMutate: async (o) => {
      await queryClient.cancelQueries({ queryKey: OPPORTUNITIES_KEY });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: OPPORTUNITIES_KEY });
      const flip = <T extends Pick<Opportunity, 'id' | 'saved'>>(item: T): T => (item.id === o.id ? { ...item, saved: !o.saved } : item);
      queryClient.setQueriesData({ queryKey: OPPORTUNITIES_KEY }, (data: unknown) => {
        if (!data || typeof data !== 'object') return data;
        if ('data' in data && Array.isArray((data as OpportunityListResponse).data)) {
          const list = data as OpportunityListResponse;
          return { ...list, data: list.data.map(flip) };
        }
        if ('results' in data && Array.isArray((data as OpportunitySearchResponse).results)) {
          const answer = data as OpportunitySearchResponse;
          return { ...answer, results: answer.results.map(flip) };
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
