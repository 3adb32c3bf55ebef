import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_POLL_MS } from '@biddesk/shared';
import { ApiError } from '../../../lib/api-client';
import { getWorkspaceChanges, staleQueries } from '../api/workspace-changes';
import { workspaceKey } from '../../../lib/workspace-keys';

const isTabVisible = () => document.visibilityState === 'visible';

/**
 * Keeps an open workspace current with what other members do (issue 21 item 3): every 5 s (the
 * chat's poll, SPEC §9) while the tab is visible, one cheap changes call, then only the queries of
 * the areas that changed are invalidated (TanStack Query refetches those that are shown). Nothing
 * is asked while the tab is hidden; coming back asks at once. A 403/404 (removed, deleted) makes
 * the page re-read the workspace, which then says so.
 */
export function useWorkspaceChanges(workspaceId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let cursor: string | undefined;
    let inFlight = false;
    let stopped = false;
    const controller = new AbortController();
    const poll = async () => {
      if (inFlight || stopped || !isTabVisible()) return;
      inFlight = true;
      try {
        const answer = await getWorkspaceChanges(workspaceId, cursor, controller.signal);
        cursor = answer.cursor;
        await Promise.all(staleQueries(workspaceId, answer.changed).map((q) => queryClient.invalidateQueries(q)));
      } catch (err) {
        if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
          stopped = true;
          await queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId), exact: true });
        }
        // Anything else: the next tick tries again with the same cursor, so nothing is missed.
      } finally {
        inFlight = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), CHAT_POLL_MS);
    const onVisibility = () => void (isTabVisible() && poll());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [workspaceId, enabled, queryClient]);
}
