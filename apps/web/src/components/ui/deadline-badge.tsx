import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { getUrgency, type UrgencyLevel } from '@biddesk/shared';
import { useAlertThresholdDays } from '../../lib/preferences';

const LOOK: Record<UrgencyLevel, { color: string; icon: typeof IconClock | null }> = {
  urgent: { color: 'red', icon: IconAlertTriangle },
  warning: { color: 'yellow', icon: IconClock },
  good: { color: 'green', icon: IconCircleCheck },
  expired: { color: 'gray', icon: null },
  none: { color: 'gray', icon: null },
};

/** Deadline urgency badge (SPEC §4) from the one shared rule, getUrgency. */
export function DeadlineBadge({ dueDate }: { dueDate: string | null }) {
  const urgency = getUrgency(dueDate, new Date(), useAlertThresholdDays());
  const { color, icon: Icon } = LOOK[urgency.level];
  return (
    <Badge color={color} variant="light" data-testid="deadline-badge" data-level={urgency.level} leftSection={Icon ? <Icon size={12} /> : undefined}>
      {urgency.label}
    </Badge>
  );
}
