import { Button, Group, Switch, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { mayEver, type Workspace } from '@biddesk/shared';
import { useUpdateWorkspaceSettings } from '../api/members';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { WorkspaceInvitesList } from './workspace-invites-list';
import { toast } from '../../../lib/toast';

/**
 * Team (SPEC §2): members for everyone; the owner also gets Invite Member, the invitations list and
 * the NDA requirement. An archived workspace is read-only, so its write controls are hidden.
 */
export function TeamTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const [inviting, setInviting] = useState(false);
  const settings = useUpdateWorkspaceSettings(workspace.id);

  const handleRequireNda = (requireNda: boolean) =>
    settings.mutate(
      { require_nda: requireNda },
      {
        onSuccess: () => toast.success(requireNda ? 'Members must now accept the NDA' : 'The NDA is no longer required'),
        onError: (err) => toast.error('Failed to update NDA setting', err),
      },
    );

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Team
        </Title>
        {can('member.invite') && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite Member
          </Button>
        )}
      </Group>
      {/* The owner still sees the setting while archived, switched off: it says whether members need the NDA. */}
      {mayEver(workspace.user_role, 'workspace.editSettings') && (
        <Switch
          mb="md"
          label="Require NDA"
          description="Members must accept the non-disclosure agreement before they see workspace content."
          checked={workspace.require_nda}
          disabled={!can('workspace.editSettings') || settings.isPending}
          onChange={(e) => handleRequireNda(e.currentTarget.checked)}
        />
      )}
      <MembersTable workspace={workspace} can={can} />
      {/* SPEC §6: the invitations list is loaded only for owners. */}
      {can('member.listInvites') && <WorkspaceInvitesList workspaceId={workspace.id} canRevoke={can('member.invite')} />}
      {inviting && <InviteMemberDialog workspaceId={workspace.id} opened onClose={() => setInviting(false)} />}
    </>
  );
}
