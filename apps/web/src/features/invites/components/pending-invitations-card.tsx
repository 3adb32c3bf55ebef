import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate, type PendingInvite } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useAcceptPendingInvite, useDeclinePendingInvite, usePendingInvites } from '../api/pending-invites';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * Dashboard "Pending Invitations" card (SPEC §2), shown only while there are invitations. Accept
 * joins and opens the workspace (which shows the NDA first when it needs one); Decline confirms.
 */
export function PendingInvitationsCard() {
  const invites = usePendingInvites();
  const accept = useAcceptPendingInvite();
  const decline = useDeclinePendingInvite();
  const navigate = useNavigate();
  const [declining, setDeclining] = useState<PendingInvite | null>(null);

  if (!invites.data || invites.data.length === 0) return null;

  const handleAccept = (invite: PendingInvite) =>
    accept.mutate(invite.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void navigate(`/workspace/${answer.workspace_id}`);
      },
      onError: (err) => toast.error(MESSAGES.failedToAcceptInvite, err),
    });

  const handleDecline = () => {
    if (!declining) return;
    decline.mutate(declining.id, {
      onSuccess: () => toast.success(MESSAGES.invitationDeclined),
      onError: (err) => toast.error(MESSAGES.failedToDeclineInvitation, err),
      onSettled: () => setDeclining(null),
    });
  };

  return (
    <Card withBorder radius="md" mb="md" data-testid="pending-invitations">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4">
          Pending Invitations
        </Title>
        <Badge variant="filled" circle>
          {invites.data.length}
        </Badge>
      </Group>
      <Stack gap="sm">
        {invites.data.map((invite) => (
          <Group key={invite.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="pending-invite">
            <div>
              <Text fw={600}>{invite.workspace_name}</Text>
              <Group gap="xs" mt={2}>
                <RoleBadge role={invite.role} />
                <Text size="xs" c="dimmed">
                  Invited by {invite.inviter_name ?? 'a workspace owner'} · Expires {formatDate(invite.expires_at)}
                </Text>
                {invite.require_nda && (
                  <Badge color="yellow" variant="light" size="sm">
                    NDA required
                  </Badge>
                )}
              </Group>
              {invite.message && (
                <Text size="sm" fs="italic" mt={4}>
                  “{invite.message}”
                </Text>
              )}
            </div>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                onClick={() => handleAccept(invite)}
                loading={accept.isPending && accept.variables === invite.id}
                disabled={accept.isPending}
              >
                Accept
              </Button>
              <Button size="xs" variant="default" onClick={() => setDeclining(invite)} disabled={accept.isPending}>
                Decline
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={declining !== null}
        title="Decline invitation"
        message={`Decline the invitation to ${declining?.workspace_name ?? 'this workspace'}? You will need a new invitation to join later.`}
        confirmLabel="Decline invitation"
        busy={decline.isPending}
        onConfirm={handleDecline}
        onCancel={() => setDeclining(null)}
      />
    </Card>
  );
}
