import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate, type InviteStatus, type WorkspaceInvite } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useRevokeInvite, useWorkspaceInvites } from '../api/workspace-invites';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

const STATUS_COLORS: Record<InviteStatus, string> = { PENDING: 'blue', ACCEPTED: 'green', REVOKED: 'gray', EXPIRED: 'orange' };

/** The owner's invitations list with Revoke for pending ones (SPEC §2, §6). Render it only for owners. */
export function WorkspaceInvitesList({ workspaceId, canRevoke }: { workspaceId: string; canRevoke: boolean }) {
  const invites = useWorkspaceInvites(workspaceId, true);
  const revoke = useRevokeInvite(workspaceId);
  const [revoking, setRevoking] = useState<WorkspaceInvite | null>(null);

  // SPEC §7: a failed invitations load is only logged and shows nothing.
  useEffect(() => {
    if (invites.error) console.warn('Failed to load invitations', invites.error);
  }, [invites.error]);
  if (!invites.data) return null;

  const handleRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success('Invitation revoked'),
      onError: (err) => toast.error(MESSAGES.failedToRevokeInvitation, err),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <div data-testid="workspace-invites">
      <Title order={3} size="h5" mt="lg" mb="xs">
        Invitations
      </Title>
      {invites.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitations yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invites.data.map((invite) => (
                <Table.Tr key={invite.id} data-testid="invite-row">
                  <Table.Td>{invite.email}</Table.Td>
                  <Table.Td>
                    <RoleBadge role={invite.role} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[invite.status]} miw="max-content">
                      {invite.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{invite.inviter_name ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(invite.expires_at)}</Table.Td>
                  <Table.Td ta="right">
                    {canRevoke && invite.status === 'PENDING' && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRevoking(invite)}
                        aria-label={`Revoke invitation for ${invite.email}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke invitation"
        message={`Revoke the invitation for ${revoking?.email ?? 'this address'}? The link in their email stops working.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={handleRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
