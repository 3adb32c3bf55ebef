import { useQuery } from '@tanstack/react-query';
import { type OpportunityWorkspace, OpportunityWorkspaceSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { opportunityWorkspaceKey } from '../../../lib/workspace-keys';

/** GET /opportunities/{id}/workspace: the opportunity's workspace, if any, and whether the caller is in it. */
export function getOpportunityWorkspace(opportunityId: string, signal?: AbortSignal): Promise<OpportunityWorkspace> {
  return apiRequest(`/opportunities/${opportunityId}/workspace`, OpportunityWorkspaceSchema, { signal });
}

export const useOpportunityWorkspace = (opportunityId: string) =>
  useQuery({ queryKey: opportunityWorkspaceKey(opportunityId), queryFn: ({ signal }) => getOpportunityWorkspace(opportunityId, signal) });
