import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, type Workspace } from '@biddesk/shared';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useSession } from '../../../lib/session-context';
import { WorkspaceMenu } from './workspace-menu';
import { WorkspaceAwardsLine } from './workspace-awards-line';
import { memberCountLabel } from './workspace-list';

/** Workspace header (SPEC §2): name, deadline, agency, number, due date, member count, role, menu. */
export function WorkspaceHeader({ workspace }: { workspace: Workspace }) {
  const opportunity = workspace.opportunity;
  const isGuest = useSession().user?.is_guest ?? false;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <div style={{ minWidth: 0 }}>
        <Group gap="xs" align="center">
          <Title order={1} size="h2" data-testid="workspace-name">
            {workspace.name}
          </Title>
          <DeadlineBadge dueDate={opportunity?.response_date ?? null} />
          <RoleBadge role={workspace.user_role} />
          {workspace.archived && (
            <Badge color="gray" variant="filled" data-testid="archived-badge">
              Archived
            </Badge>
          )}
        </Group>
        {/* Award data is company intelligence: never asked for a guest (the server refuses too). */}
        <WorkspaceAwardsLine workspaceId={workspace.id} enabled={!isGuest && Boolean(opportunity?.id)} />
        <Group gap="lg" mt={6} data-testid="workspace-facts">
          <Fact label="Agency" value={opportunity?.agency ?? 'N/A'} />
          <Fact label="Solicitation" value={opportunity?.solicitation_number ?? 'N/A'} />
          <Fact label="Due" value={formatDate(opportunity?.response_date)} />
          <Text size="sm" c="dimmed">
            {memberCountLabel(workspace.member_count)}
          </Text>
          {/* Guests (issue 26) never see the opportunity pages: no link to one. */}
          {isGuest ? null : opportunity?.id ? (
            <Anchor component={Link} to={`/opportunity/${opportunity.id}`} size="sm">
              View opportunity
            </Anchor>
          ) : (
            opportunity && (
              <Text size="sm" c="dimmed" data-testid="opportunity-unlinked">
                Notice no longer in the opportunity list: details as kept by the workspace
              </Text>
            )
          )}
        </Group>
      </div>
      <WorkspaceMenu workspace={workspace} />
    </Group>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
