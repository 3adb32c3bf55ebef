import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../auth/session-context';

/**
 * Profile tab (SPEC §2): profile and password fields without checks; saving only shows a success
 * message (no call is made, settings are local only).
 */
export function ProfileSettings() {
  const { user } = useSession();
  const [profile, setProfile] = useState({ name: user?.name ?? '', email: user?.email ?? '', company: '', phone: '' });
  const [passwords, setPasswords] = useState({ current: '', next: '', confirm: '' });

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    notifications.show({ color: 'green', message: 'Profile updated successfully' });
  };
  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    setPasswords({ current: '', next: '', confirm: '' });
    notifications.show({ color: 'green', message: 'Password updated successfully' });
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
          Use a password you do not use elsewhere.
        </Text>
        <form onSubmit={savePassword}>
          <Stack gap="sm">
            <PasswordInput label="Current Password" autoComplete="current-password" value={passwords.current} onChange={(e) => setPasswords({ ...passwords, current: e.currentTarget.value })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput label="New Password" autoComplete="new-password" value={passwords.next} onChange={(e) => setPasswords({ ...passwords, next: e.currentTarget.value })} />
              <PasswordInput label="Confirm New Password" autoComplete="new-password" value={passwords.confirm} onChange={(e) => setPasswords({ ...passwords, confirm: e.currentTarget.value })} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant="light" leftSection={<IconLock size={16} />}>
                Update Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
