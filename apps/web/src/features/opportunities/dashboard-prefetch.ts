import type { QueryClient } from '@tanstack/react-query';

type DashboardQueryModule = typeof import('./dashboard-query');

let loaded: DashboardQueryModule | undefined;

/**
 * Fetches the dashboard's query code (a chunk of its own, so the sign-in screens stay small). The
 * sign-in screens call it on the first key press, with the layout and dashboard code.
 */
export function loadDashboardQuery(): Promise<DashboardQueryModule> {
  return import('./dashboard-query').then((m) => (loaded = m));
}

/**
 * Starts the dashboard's listing and stats calls for the screen a sign-in opens: synchronously when
 * the code is already here (the usual case), so the calls leave before React renders anything for
 * the new session; else as soon as it arrives.
 */
export function startDashboardCalls(queryClient: QueryClient, target: string): void {
  if (loaded) loaded.prefetchDashboard(queryClient, target);
  else void loadDashboardQuery().then((m) => m.prefetchDashboard(queryClient, target));
}
