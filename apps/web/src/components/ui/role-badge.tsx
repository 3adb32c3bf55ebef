import { Badge } from '@mantine/core';
import type { WorkspaceRole } from '@biddesk/shared';
import { ROLE_COLORS, ROLE_LABELS } from '../../lib/workspace-roles';

/**
 * A workspace role as a coloured badge, never shortened: in a narrow table cell Mantine's label
 * ellipsis cut it to "CONTRIBU…" (issue 21), so the badge is as wide as its text.
 */
export function RoleBadge({ role }: { role: WorkspaceRole }) {
  return (
    <Badge
      color={ROLE_COLORS[role]}
      variant="light"
      data-testid="role-badge"
      miw="max-content"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {ROLE_LABELS[role]}
    </Badge>
  );
}
