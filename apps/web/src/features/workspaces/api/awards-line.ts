import { useQuery } from '@tanstack/react-query';
import type { WorkspaceAwardsLine } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /workspaces/{id}/awards-line: the header's incumbent line (internal users only). */
export const useWorkspaceAwardsLine = (workspaceId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['workspaces', 'detail', workspaceId, 'awards-line'],
    queryFn: ({ signal }) => apiRequest<WorkspaceAwardsLine>(`/workspaces/${workspaceId}/awards-line`, { signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
