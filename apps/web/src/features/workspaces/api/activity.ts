import { useInfiniteQuery } from '@tanstack/react-query';
import { type WorkspaceActivityPage, WorkspaceActivityPageSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { activityKey } from '../../../lib/workspace-keys';

const ACTIVITY_PAGE_SIZE = 50;

/** GET /workspaces/{id}/activity?limit=&before=: newest first; `before` reads the next, older page. */
export function getActivity(workspaceId: string, before: string | null, signal?: AbortSignal): Promise<WorkspaceActivityPage> {
  return apiRequest(`/workspaces/${workspaceId}/activity`, WorkspaceActivityPageSchema, {
    query: { limit: ACTIVITY_PAGE_SIZE, before },
    signal,
  });
}

/** The activity log, paged by cursor so Load more neither repeats nor skips entries. */
export const useActivity = (workspaceId: string) =>
  useInfiniteQuery({
    queryKey: activityKey(workspaceId),
    queryFn: ({ pageParam, signal }) => getActivity(workspaceId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
