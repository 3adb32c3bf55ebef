import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SavedSearch, SavedSearchSchema, SavedSearchListResponseSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

/** GET /saved-searches: the signed-in user's searches. */
export const useSavedSearches = () =>
  useQuery({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: ({ signal }) => apiRequest('/saved-searches', SavedSearchListResponseSchema, { signal }).then((r) => r.data),
  });

/** POST /saved-searches */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; filters: SavedSearch['filters'] }) =>
      apiRequest('/saved-searches', SavedSearchSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

/** DELETE /saved-searches/{id} */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/saved-searches/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
