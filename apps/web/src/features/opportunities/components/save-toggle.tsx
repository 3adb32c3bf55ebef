import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { OpportunitySummary } from '@biddesk/shared';

/**
 * The saved star of a card, table row or compact line (SPEC §2 saved toggle). The hint is the
 * browser's own (`title`): a Mantine Tooltip per star was twenty floating-position hooks mounted
 * with the first page of cards, for a hint shown on hover (issue 15: Sign In click to cards).
 */
export function SaveToggle({
  opportunity: o,
  onToggle,
  size = 18,
}: {
  opportunity: OpportunitySummary;
  onToggle: (o: OpportunitySummary) => void;
  size?: number;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="yellow"
      title={o.saved ? 'Remove from saved' : 'Save'}
      aria-label={o.saved ? 'Remove from saved' : 'Save opportunity'}
      aria-pressed={o.saved}
      data-testid="save-toggle"
      onClick={() => onToggle(o)}
    >
      {o.saved ? <IconStarFilled size={size} /> : <IconStar size={size} />}
    </ActionIcon>
  );
}
