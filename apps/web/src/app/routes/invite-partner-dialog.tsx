import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { PartnerSummary } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import { inviteNote } from '../../features/partners/invite-note';
import { useWorkspaces } from '../../features/workspaces/api/list-workspaces';
import { InviteMemberDialog } from '../../features/workspaces/components/invite-member-dialog';

/**
 * "Invite to a workspace": choose a workspace the user owns, then the workspace's own invitation
 * dialog (the same API and rules), with the note prefilled; the user types the email.
 */
export function InvitePartnerDialog({ partner, onClose }: { partner: PartnerSummary | null; onClose: () => void }) {
  const workspaces = useWorkspaces(false, partner !== null);
  const owned = (workspaces.data ?? []).filter((w) => w.user_role === 'OWNER' && !w.archived);
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    setWorkspaceId(null);
    setInviting(false);
  }, [partner]);

  if (partner && inviting && workspaceId)
    return <InviteMemberDialog workspaceId={workspaceId} opened onClose={onClose} initialMessage={inviteNote(partner)} />;
  return (
    <Modal opened={partner !== null} onClose={onClose} title={partner ? `Invite ${partner.name} to a workspace` : ''} centered>
      <Stack gap="sm">
        {workspaces.data && owned.length === 0 && (
          <Text size="sm" c="dimmed">
            You own no open workspace. Only a workspace&apos;s owner can invite to it.
          </Text>
        )}
        <Select
          label="Workspace you own"
          placeholder={workspaces.isPending ? 'Loading…' : 'Choose a workspace'}
          searchable
          data={owned.map((w) => ({ value: w.id, label: w.name }))}
          value={workspaceId}
          onChange={setWorkspaceId}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Award data holds no email address: you type the partner contact&apos;s email in the next step.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => setInviting(true)} disabled={!workspaceId}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
