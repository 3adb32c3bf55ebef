import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { OPPORTUNITIES_KEY } from '../../../lib/opportunity-keys';

/**
 * The manual refresh the sync frequency (Settings → Integration) promises: re-reads the listing,
 * the stats and a shown search from the server now, whatever the setting.
 */
export function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: OPPORTUNITIES_KEY }) > 0;
  return (
    <Tooltip label="Re-read opportunities from BidDesk now">
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Refresh opportunities"
        loading={fetching}
        onClick={() => void queryClient.invalidateQueries({ queryKey: OPPORTUNITIES_KEY, refetchType: 'active' })}
      >
        <IconRefresh size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
