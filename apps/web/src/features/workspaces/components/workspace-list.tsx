import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Workspace } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { RoleBadge } from '../../../components/ui/role-badge';

/** "3 members". */
export function memberCountLabel(count: number): string {
  return plural(count, 'member');
}

/** Workspaces as rows: a link, the caller's role, member count and the deadline when there is one. */
export function WorkspaceList({ workspaces }: { workspaces: Workspace[] }) {
  return (
    <Stack gap="xs">
      {workspaces.map((w) => (
        <Group
          key={w.id}
          justify="space-between"
          wrap="nowrap"
          data-testid="workspace-row"
          py={4}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/workspace/${w.id}`} fw={600} lineClamp={1}>
              {w.name}
            </Anchor>
            {w.opportunity && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {[w.opportunity.agency, w.opportunity.solicitation_number].filter(Boolean).join(' · ')}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap">
            {w.archived && <Badge color="gray">Archived</Badge>}
            {w.opportunity?.response_date && <DeadlineBadge dueDate={w.opportunity.response_date} />}
            <Text size="xs" c="dimmed" data-testid="member-count">
              {memberCountLabel(w.member_count)}
            </Text>
            <RoleBadge role={w.user_role} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
