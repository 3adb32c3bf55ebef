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

/**
 * Deadline urgency badge (SPEC §4) from the one shared rule, getUrgency. A notice whose response
 * date passed is "Expired" (SPEC); work whose due date passed is late, not expired: `overdue`
 * (tasks) says "Overdue" in red (issue 21).
 */
export function DeadlineBadge({ dueDate, overdue = false }: { dueDate: string | null; overdue?: boolean }) {
  const urgency = getUrgency(dueDate, new Date(), useAlertThresholdDays());
  const late = overdue && urgency.level === 'expired';
  const { color, icon: Icon } = late ? { color: 'red', icon: IconAlertTriangle } : LOOK[urgency.level];
  return (
    <Badge
      color={color}
      variant="light"
      data-testid="deadline-badge"
      data-level={late ? 'overdue' : urgency.level}
      leftSection={Icon ? <Icon size={12} /> : undefined}
    >
      {late ? 'Overdue' : urgency.label}
    </Badge>
  );
}
