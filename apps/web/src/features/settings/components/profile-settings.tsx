import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session-context';
import type { AuthResponse } from '@biddesk/shared';

/**
 * Profile tab (SPEC §2). The profile fields are kept as SPEC has them (saving only shows a success
 * message). The password change is real (issue 15: no screen may claim what did not happen):
 * POST /auth/change-password with the current password; the server ends every other session and
 * answers a fresh token for this one, which replaces the stored one.
 */
export function ProfileSettings() {
  const { user, signIn } = useSession();
  const [profile, setProfile] = useState({ name: user?.name ?? '', email: user?.email ?? '', company: '', phone: '' });
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });
  const [saving, setSaving] = useState(false);

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    notifications.show({ color: 'green', message: 'Profile updated successfully' });
  };
  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    // The same checks as Reset password (SPEC §5), before any call.
    if (!passwords.current) return notifications.show({ color: 'red', message: 'Current password is required' });
    if (passwords.next.length < 6) return notifications.show({ color: 'red', message: 'Password must be at least 6 characters' });
    if (passwords.next !== passwords.confirm) return notifications.show({ color: 'red', message: 'Passwords do not match' });
    setSaving(true);
    try {
      const session = await apiRequest<AuthResponse>('/auth/change-password', { method: 'POST', body: { current_password: passwords.current, new_password: passwords.next } });
      signIn(session.token, session.user);
      setPasswords({ current: '', next: '', confirm: '' });
      notifications.show({ color: 'green', message: 'Password updated successfully' });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Failed to update password') });
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
              <TextInput label="Full Name" value={profile.name} onChange={(e) => setProfile({ ...profile, name: e.currentTarget.value })} />
              <TextInput label="Email" type="email" value={profile.email} onChange={(e) => setProfile({ ...profile, email: e.currentTarget.value })} />
              <TextInput label="Company" value={profile.company} onChange={(e) => setProfile({ ...profile, company: e.currentTarget.value })} />
              <TextInput label="Phone" type="tel" value={profile.phone} onChange={(e) => setProfile({ ...profile, phone: e.currentTarget.value })} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />}>
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
            <PasswordInput label="Current Password" autoComplete="current-password" value={passwords.current} onChange={(e) => setPasswords({ ...passwords, current: e.currentTarget.value })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label="New Password" autoComplete="new-password" value={passwords.next} onChange={(e) => setPasswords({ ...passwords, next: e.currentTarget.value })} />
              <PasswordInput label="Confirm New Password" autoComplete="new-password" value={passwords.confirm} onChange={(e) => setPasswords({ ...passwords, confirm: e.currentTarget.value })} />
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
