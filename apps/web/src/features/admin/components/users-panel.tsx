import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconKey, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { AppRoleSchema, formatDate, type AdminUser, type AppRole } from '@biddesk/shared';
import { adminErrorMessage, useAdminUsers, useChangeGuest, useChangeRole, useDeleteUser, useResetUserPassword } from '../api/admin-api';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';
import { checkNewPassword } from '../../../lib/validation';

const ROLE_OPTIONS = AppRoleSchema.options.map((role) => ({ value: role, label: role === 'admin' ? 'Admin' : 'User' }));

export const RoleBadge = ({ role }: { role: AppRole }) => (
  <Badge color={role === 'admin' ? 'grape' : 'blue'} variant="light" data-testid="role-badge">
    {role}
  </Badge>
);

/** Users tab (SPEC §2): list with role and stats; change role, reset password, delete (not yourself). */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  const [roleChange, setRoleChange] = useState<{ user: AdminUser; role: AppRole } | null>(null);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const [deleteFor, setDeleteFor] = useState<AdminUser | null>(null);
  const changeGuest = useChangeGuest();

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Users
      </Title>
      {users.isPending && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {users.isError && <Text c="red">{adminErrorMessage(users.error, 'Failed to load users')}</Text>}
      {users.data && users.data.length === 0 && <Text c="dimmed">No users yet.</Text>}
      {users.data && users.data.length > 0 && (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Guest</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th ta="right">Saved</Table.Th>
                <Table.Th ta="right">Documents</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((u) => {
                const isSelf = u.id === currentUserId;
                return (
                  <Table.Tr key={u.id} data-testid="admin-user-row">
                    <Table.Td fw={500}>
                      {u.name}
                      {isSelf && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          (you)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>
                      <RoleBadge role={u.role} />
                    </Table.Td>
                    <Table.Td>
                      {/* Issue 26: a guest (teaming partner) sees only its workspaces; admins are never guests. */}
                      <Switch
                        aria-label={`Guest account: ${u.name}`}
                        checked={u.is_guest}
                        disabled={isSelf || u.role === 'admin' || changeGuest.isPending}
                        onChange={(e) =>
                          changeGuest.mutate(
                            { id: u.id, isGuest: e.currentTarget.checked },
                            {
                              onSuccess: (_, v) =>
                                toast.success(v.isGuest ? `${u.name} is now a guest` : `${u.name} is now an internal user`),
                              onError: (error) => toast.error(adminErrorMessage(error, 'Failed to change the guest setting')),
                            },
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>{formatDate(u.created_at)}</Table.Td>
                    <Table.Td ta="right">{u.stats.opportunities}</Table.Td>
                    <Table.Td ta="right">{u.stats.documents_generated}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {!isSelf && (
                          <Select
                            size="xs"
                            w={110}
                            aria-label={`Role for ${u.name}`}
                            data={ROLE_OPTIONS}
                            value={u.role}
                            allowDeselect={false}
                            onChange={(value) => {
                              const role = AppRoleSchema.safeParse(value);
                              if (role.success && role.data !== u.role) setRoleChange({ user: u, role: role.data });
                            }}
                          />
                        )}
                        <Tooltip label="Reset password">
                          <ActionIcon variant="subtle" aria-label={`Reset password for ${u.name}`} onClick={() => setResetFor(u)}>
                            <IconKey size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {!isSelf && (
                          <Tooltip label="Delete user">
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${u.name}`} onClick={() => setDeleteFor(u)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ChangeRoleModal change={roleChange} onClose={() => setRoleChange(null)} />
      <ResetPasswordModal user={resetFor} onClose={() => setResetFor(null)} />
      <DeleteUserModal user={deleteFor} onClose={() => setDeleteFor(null)} />
    </Card>
  );
}

function ChangeRoleModal({ change, onClose }: { change: { user: AdminUser; role: AppRole } | null; onClose: () => void }) {
  const mutation = useChangeRole();
  const confirm = () => {
    if (!change) return;
    mutation.mutate(
      { id: change.user.id, role: change.role },
      {
        onSuccess: () => {
          toast.success(`User role updated to ${change.role}`);
          onClose();
        },
        onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.failedToUpdateRole)),
      },
    );
  };
  return (
    <Modal opened={change !== null} onClose={onClose} title="Change role" centered>
      {change && (
        <Stack>
          <Text size="sm">
            Change the role of <b>{change.user.name}</b> ({change.user.email}) from <b>{change.user.role}</b> to <b>{change.role}</b>?
          </Text>
          {change.role === 'admin' && (
            <Text size="sm" c="dimmed">
              Admins can manage users, invite codes, notifications and all opportunity data.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={mutation.isPending}>
              Change Role
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useResetUserPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const problem = checkNewPassword(password);
    if (problem) {
      setError(problem);
      return;
    }
    mutation.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          toast.success(MESSAGES.passwordReset);
          close();
        },
        onError: (err) => toast.error(adminErrorMessage(err, MESSAGES.failedToResetPassword)),
      },
    );
  };

  return (
    <Modal opened={user !== null} onClose={close} title="Reset password" centered>
      {user && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              Set a new password for <b>{user.name}</b> ({user.email}). Tell them the new password; they can change it after signing in.
            </Text>
            <PasswordInput
              label="New Password"
              required
              autoComplete="new-password"
              value={password}
              error={error}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Reset Password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function DeleteUserModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const mutation = useDeleteUser();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!user) return;
    setError(null);
    mutation.mutate(user.id, {
      onSuccess: (result) => {
        toast.success(MESSAGES.userDeleted);
        const { transferred, deleted } = result.workspaces;
        if (transferred.length + deleted.length > 0) {
          const parts = [
            ...transferred.map((w) => `"${w.name}" now belongs to ${w.new_owner_email}`),
            ...deleted.map((w) => `"${w.name}" was deleted (no other members)`),
          ];
          toast.info(parts.join('; '), { title: 'Their workspaces' });
        }
        onClose();
      },
      // Shown in the dialog, not a toast: a refusal (409) says which workspaces and what to do.
      onError: (error) => setError(adminErrorMessage(error, MESSAGES.failedToDeleteUser)),
    });
  };
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={user !== null} onClose={close} title="Delete user" centered>
      {user && (
        <Stack data-testid="delete-user-confirmation">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            This permanently deletes <b>{user.name}</b> ({user.email}) and all their data. This cannot be undone.
          </Alert>
          <Text size="sm">The following are removed with the account:</Text>
          <List size="sm" spacing={4}>
            <List.Item>Saved opportunities ({user.stats.opportunities})</List.Item>
            <List.Item>Generated documents ({user.stats.documents_generated})</List.Item>
            <List.Item>Notifications</List.Item>
            <List.Item>
              Workspaces they own pass to a member who accepted the NDA (contributors first, then reviewers, then viewers), or are deleted
              when nobody else is in them. If only members who have not accepted the NDA are left, nothing is deleted and you are told what
              to do.
            </List.Item>
          </List>
          {error && (
            <Alert color="orange" variant="light" data-testid="delete-user-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={mutation.isPending}>
              Delete User
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
