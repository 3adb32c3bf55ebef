import { useQuery } from '@tanstack/react-query';
import { OpportunityAwardsSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /opportunities/{id}/awards: the incumbent and prior award candidates of a notice. */
export const useOpportunityAwards = (opportunityId: string) =>
  useQuery({
    queryKey: ['opportunities', 'detail', opportunityId, 'awards'],
    queryFn: ({ signal }) => apiRequest(`/opportunities/${opportunityId}/awards`, OpportunityAwardsSchema, { signal }),
    retry: false,
    // Award data changes with an import, not by the minute.
    staleTime: 5 * 60_000,
  });
