import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { ChangePasswordBodySchema, UpdateProfileBodySchema, AuthResponseSchema, UserSchema } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { checkSamePassword, schemaCheck } from '../../../lib/validation';

// The checks Settings runs before any call, in the words of the schemas the server validates with.
const checkName = schemaCheck(UpdateProfileBodySchema.shape.name);
const checkCurrentPassword = schemaCheck(ChangePasswordBodySchema.shape.current_password);
const checkChangedPassword = schemaCheck(ChangePasswordBodySchema.shape.new_password);

/**
 * Profile tab (SPEC §2). SPEC's profile form only showed a success message; no screen may claim
 * what did not happen (issues 15 and 21), so the name is saved for real (PATCH /auth/profile, and
 * the header shows it) and the email, which is the sign-in address, is shown read-only. The
 * password change is real too:
 * POST /auth/change-password with the current password; the server ends every other session and
 * answers a fresh token for this one, which replaces the stored one.
 */
export function ProfileSettings() {
  const { user, token, signIn } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });
  const [saving, setSaving] = useState(false);
  const [savingProfile, setSavingProfile] = useState(false);

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    const nameProblem = checkName(name);
    if (nameProblem) return toast.error(nameProblem);
    setSavingProfile(true);
    try {
      const saved = await apiRequest('/auth/profile', UserSchema, { method: 'PATCH', body: { name } });
      // The same session with the saved user: the header and every screen show the new name.
      if (token) signIn(token, saved);
      setName(saved.name);
      toast.success('Profile updated successfully');
    } catch (err) {
      toast.error('Failed to update profile', err);
    } finally {
      setSavingProfile(false);
    }
  };
  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    // The same checks as Reset password (SPEC §5), before any call.
    const problem =
      checkCurrentPassword(passwords.current) ??
      checkChangedPassword(passwords.next) ??
      checkSamePassword(passwords.confirm, passwords.next);
    if (problem) return toast.error(problem);
    setSaving(true);
    try {
      const session = await apiRequest('/auth/change-password', AuthResponseSchema, {
        method: 'POST',
        body: { current_password: passwords.current, new_password: passwords.next },
      });
      signIn(session.token, session.user);
      setPasswords({ current: '', next: '', confirm: '' });
      toast.success('Password updated successfully');
    } catch (err) {
      toast.error('Failed to update password', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="md">
          Profile Information
        </Title>
        <form onSubmit={saveProfile}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Full Name"
                required
                maxLength={200}
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <TextInput
                label="Email"
                type="email"
                value={user?.email ?? ''}
                readOnly
                description="Your sign-in address; it cannot be changed"
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={savingProfile}>
                Save Profile
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4">
          Change Password
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Use a password you do not use elsewhere. Changing it signs you out everywhere else.
        </Text>
        <form onSubmit={savePassword}>
          <Stack gap="sm">
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              value={passwords.current}
              onChange={(e) => setPasswords({ ...passwords, current: e.currentTarget.value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="New Password"
                autoComplete="new-password"
                value={passwords.next}
                onChange={(e) => setPasswords({ ...passwords, next: e.currentTarget.value })}
              />
              <PasswordInput
                label="Confirm New Password"
                autoComplete="new-password"
                value={passwords.confirm}
                onChange={(e) => setPasswords({ ...passwords, confirm: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant="light" leftSection={<IconLock size={16} />} loading={saving}>
                Update Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
