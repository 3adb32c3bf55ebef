import { Badge } from '@mantine/core';
import type { WorkspaceRole } from '@biddesk/shared';
import { ROLE_COLORS, ROLE_LABELS } from '../../lib/workspace-roles';

/** A workspace role as a coloured badge. */
export function RoleBadge({ role }: { role: WorkspaceRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light" data-testid="role-badge" style={{ flexShrink: 0, overflow: 'visible' }}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
