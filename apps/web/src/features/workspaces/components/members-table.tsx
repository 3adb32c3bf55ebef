import { Button, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate, type Member, type Workspace } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useRemoveMember } from '../api/members';
import { useMembers } from '../../../lib/workspace-members';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** What the NDA column says: the acceptance date, "Pending", or that this member is not gated. */
export function ndaStatus(member: Member, requireNda: boolean): string {
  if (member.nda_accepted_at) return formatDate(member.nda_accepted_at);
  // WORKSPACES.md §2: the owner is never gated; without the requirement nobody is.
  if (member.role === 'OWNER' || !requireNda) return 'Not required';
  return 'Pending';
}

/** The Team tab's member list; the owner may remove anyone but the owner (SPEC §6). */
export function MembersTable({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const members = useMembers(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [removing, setRemoving] = useState<Member | null>(null);

  // SPEC §7: a failed member load is only logged and shows nothing.
  useEffect(() => {
    if (members.error) console.warn('Failed to load members', members.error);
  }, [members.error]);
  if (!members.data) return null;

  const handleRemove = () => {
    if (!removing) return;
    remove.mutate(removing.user_id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (err) => toast.error(MESSAGES.failedToRemoveMember, err),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="xs" data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>NDA accepted</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((m) => (
              <Table.Tr key={m.user_id} data-testid="member-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {m.user_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {m.user_email}
                  </Text>
                </Table.Td>
                <Table.Td miw={150}>
                  <RoleBadge role={m.role} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(m.created_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{ndaStatus(m, workspace.require_nda)}</Table.Td>
                <Table.Td ta="right">
                  {can('member.remove', { targetRole: m.role }) && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(m)}
                      aria-label={`Remove ${m.user_name}`}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove member"
        message={`Remove ${removing?.user_name ?? 'this member'} from ${workspace.name}? They lose access at once.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
