import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { InviteDetails } from '@biddesk/shared';

/** SPEC §2 invalid-invite titles; 'NOT_FOUND' is an unknown token (404). */
export const INVALID_TITLES: Record<Exclude<InviteDetails['status'], 'VALID'> | 'NOT_FOUND', string> = {
  EXPIRED: 'Invite Expired',
  ACCEPTED: 'Already Accepted',
  REVOKED: 'Invite Revoked',
  NOT_FOUND: 'Invite Not Found',
};

/** An invite that can no longer be used: why, and the way back. */
export function InviteInvalid({ title, message, onDashboard }: { title: string; message: string | null; onDashboard: () => void }) {
  return (
    <Stack align="center" gap="sm" ta="center" data-testid="invite-invalid">
      <IconMailOff size={40} color="var(--mantine-color-gray-6)" />
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{message || 'This invite is no longer valid.'}</Text>
      <Button onClick={onDashboard}>Go to Dashboard</Button>
    </Stack>
  );
}
