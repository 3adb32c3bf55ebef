import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NotificationPreferences, NotificationPreferencesSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export const NOTIFICATION_PREFERENCES_KEY = ['settings', 'notifications'] as const;

/** GET /settings/notifications: what the alert jobs send (Settings → Notifications). */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => apiRequest('/settings/notifications', NotificationPreferencesSchema, { signal }),
  });

/** PUT /settings/notifications */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NotificationPreferences>) =>
      apiRequest('/settings/notifications', NotificationPreferencesSchema, { method: 'PUT', body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved),
  });
}
