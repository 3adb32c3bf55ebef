import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { OpportunitySummary } from '@biddesk/shared';

/** The saved star of a card, table row or compact line (SPEC §2 saved toggle). */
export function SaveToggle({ opportunity: o, onToggle, size = 18 }: { opportunity: OpportunitySummary; onToggle: (o: OpportunitySummary) => void; size?: number }) {
  return (
    <Tooltip label={o.saved ? 'Remove from saved' : 'Save'}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={o.saved ? 'Remove from saved' : 'Save opportunity'}
        aria-pressed={o.saved}
        data-testid="save-toggle"
        onClick={() => onToggle(o)}
      >
        {o.saved ? <IconStarFilled size={size} /> : <IconStar size={size} />}
      </ActionIcon>
    </Tooltip>
  );
}
