import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, type Notification, NotificationSchema } from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /notifications, polled every 30 s (SPEC §9) while signed in. */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => apiRequest('/notifications', z.array(NotificationSchema), { signal }),
    enabled,
    refetchInterval: enabled ? NOTIFICATION_POLL_MS : false,
  });

type Patch = (list: Notification[]) => Notification[];

/** Applies `patch` to the cached list at once and returns a rollback. */
async function patchCache(queryClient: ReturnType<typeof useQueryClient>, patch: Patch) {
  await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
  const previous = queryClient.getQueryData<Notification[]>(NOTIFICATIONS_KEY);
  if (previous) queryClient.setQueryData<Notification[]>(NOTIFICATIONS_KEY, patch(previous));
  return () => queryClient.setQueryData(NOTIFICATIONS_KEY, previous);
}

/** PUT /notifications/{id}/read; the item shows as read right away. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/notifications/${id}/read`, { method: 'PUT' }),
    onMutate: (id) => patchCache(queryClient, (list) => list.map((n) => (n.id === id ? { ...n, read: true } : n))),
    onError: (_err, _id, rollback) => rollback?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** DELETE /notifications/{id}. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/notifications/${id}`, { method: 'DELETE' }),
    onMutate: (id) => patchCache(queryClient, (list) => list.filter((n) => n.id !== id)),
    onError: (_err, _id, rollback) => rollback?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
