import { Button, Group, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Workspace } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateWorkspaceSettings } from '../api/members';
import type { WorkspaceAbilityCheck } from '../hooks/use-workspace-ability';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { WorkspaceInvitesList } from './workspace-invites-list';

/**
 * Team (SPEC §2): members for everyone; the owner also gets Invite Member, the invitations list and
 * the NDA requirement. An archived workspace is read-only, so its write controls are hidden.
 */
export function TeamTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const [inviting, setInviting] = useState(false);
  const settings = useUpdateWorkspaceSettings(workspace.id);
  const readOnly = workspace.archived;

  const handleRequireNda = (requireNda: boolean) =>
    settings.mutate(
      { require_nda: requireNda },
      {
        onSuccess: () => notifications.show({ color: 'green', message: requireNda ? 'Members must now accept the NDA' : 'The NDA is no longer required' }),
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Failed to update NDA setting') }),
      },
    );

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Team
        </Title>
        {can('member.invite') && !readOnly && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite Member
          </Button>
        )}
      </Group>
      {can('workspace.editSettings') && (
        <Switch
          mb="md"
          label="Require NDA"
          description="Members must accept the non-disclosure agreement before they see workspace content."
          checked={workspace.require_nda}
          disabled={readOnly || settings.isPending}
          onChange={(e) => handleRequireNda(e.currentTarget.checked)}
        />
      )}
      <MembersTable workspace={workspace} can={can} readOnly={readOnly} />
      {/* SPEC §6: the invitations list is loaded only for owners. */}
      {can('member.invite') && <WorkspaceInvitesList workspaceId={workspace.id} readOnly={readOnly} />}
      {inviting && <InviteMemberDialog workspaceId={workspace.id} opened onClose={() => setInviting(false)} />}
    </>
  );
}
