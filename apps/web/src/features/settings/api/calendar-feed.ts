import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export const CALENDAR_FEED_KEY = ['settings', 'calendar-feed'] as const;

/** GET /calendar-feed: the caller's private calendar address, if they have one. */
export const useCalendarFeed = () =>
  useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: ({ signal }) => apiRequest('/calendar-feed', CalendarFeedSchema, { signal }) });

/** POST /calendar-feed: a new address (the earlier one stops working). */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/calendar-feed', CalendarFeedSchema, { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(CALENDAR_FEED_KEY, feed),
  });
}

/** DELETE /calendar-feed */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(CALENDAR_FEED_KEY, { path: null, created_at: null }),
  });
}

/** The address a calendar app subscribes to: this server's origin and the feed's path. */
export const feedUrl = (path: string, origin = window.location.origin) => `${origin}${path}`;
