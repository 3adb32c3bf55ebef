import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AwardSourcesStatusSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

/** Under the award upload: whether notices look awards up on demand, and SAM's quota used today. */
export function AwardSourcesStatus() {
  const status = useQuery({
    queryKey: ['admin', 'award-sources'],
    queryFn: ({ signal }) => apiRequest('/admin/award-sources', AwardSourcesStatusSchema, { signal }),
  });
  if (!status.data) return null;
  const { usaspending_lookups: lookups, sam_contract_awards: sam } = status.data;
  return (
    <Text size="sm" c="dimmed" data-testid="award-sources-status">
      {lookups
        ? 'Notices look up the contract numbers they quote on USAspending when opened.'
        : 'On-demand award lookups are off (AWARD_LOOKUPS=false): only imported award data is used.'}{' '}
      {sam
        ? `SAM.gov Contract Awards (by solicitation number): ${sam.used.toLocaleString('en-US')} of ${sam.limit.toLocaleString('en-US')} requests used on ${sam.day} (UTC).`
        : 'SAM.gov Contract Awards is not asked (no SAM_API_KEY, or lookups off).'}
    </Text>
  );
}
