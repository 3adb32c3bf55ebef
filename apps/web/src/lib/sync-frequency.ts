import { usePreferences, type SyncFrequency } from './preferences';

/**
 * Settings → Integration "Sync frequency": how often the dashboard's listing and stat cards re-read
 * opportunities from BidDesk's API while the screen is open. It does not touch the SAM.gov import
 * schedule, which is server-side and the admin's (Admin → Database).
 * Daily and weekly re-read only when the screen is opened and on a manual refresh: a screen left
 * open for a day is rare, and polling once a day would only hide that choice behind a timer.
 */
export const SYNC_INTERVAL_MS: Record<SyncFrequency, number | false> = {
  realtime: 30_000,
  hourly: 60 * 60_000,
  daily: false,
  weekly: false,
};

/** The one line under the Settings select: says exactly what the choice does. */
export const SYNC_FREQUENCY_DESCRIPTION =
  'How often open screens re-read opportunities from BidDesk. Admins set the SAM.gov import schedule in Admin → Database.';

/** What each choice means, shown with the select so nobody has to guess. */
export const SYNC_FREQUENCY_HINTS: Record<SyncFrequency, string> = {
  realtime: 'Every 30 seconds while the tab is visible',
  hourly: 'Every hour while the tab is visible',
  daily: 'When the dashboard is opened and when you press Refresh',
  weekly: 'When the dashboard is opened and when you press Refresh',
};

/** TanStack Query observer options for one frequency. */
export function syncRefetchOptions(frequency: SyncFrequency) {
  const interval = SYNC_INTERVAL_MS[frequency];
  // A hidden tab does not poll; coming back to it (or back online) re-reads at once only when what
  // is shown is older than the interval, so returning to the tab never reads more often than asked.
  const overdue =
    interval === false ? false : (query: { state: { dataUpdatedAt: number } }) => Date.now() - query.state.dataUpdatedAt >= interval;
  return {
    refetchInterval: interval,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: overdue,
    refetchOnReconnect: overdue,
  } as const;
}

/** The options for the user's current choice; a change in Settings applies to open screens at once. */
export const useSyncRefetch = () => syncRefetchOptions(usePreferences().syncFrequency);
