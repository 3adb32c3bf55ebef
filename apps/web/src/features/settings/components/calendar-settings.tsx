import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { feedUrl, useCalendarFeed, useResetCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { toast } from '../../../lib/toast';

/**
 * Settings → Calendar (issue 26 item 5): a private address a calendar app subscribes to. Whoever
 * has the address reads the dates, so resetting and revoking say so before they happen.
 */
export function CalendarSettings() {
  const isGuest = useSession().user?.is_guest ?? false;
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [confirming, setConfirming] = useState<'reset' | 'revoke' | null>(null);
  const url = feed.data?.path ? feedUrl(feed.data.path) : null;

  const issue = async (successMessage: string) => {
    try {
      await reset.mutateAsync();
      toast.success(successMessage);
    } catch (err) {
      toast.error('Could not create the calendar address', err);
    } finally {
      setConfirming(null);
    }
  };
  const stop = async () => {
    try {
      await revoke.mutateAsync();
      toast.success('Calendar address revoked');
    } catch (err) {
      toast.error('Could not revoke the calendar address', err);
    } finally {
      setConfirming(null);
    }
  };
  // Only a copy that happened is reported as one (the clipboard is refused on plain-http origins).
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar address copied');
    } catch {
      toast.warning('The browser did not allow copying: select the address and copy it');
    }
  };

  const holds = isGuest
    ? 'due dates of the tasks assigned to you and the question deadlines of your workspaces'
    : 'response deadlines of the notices you saved and the pursuits you own, their next actions, the due dates of your tasks and the question deadlines found in your solicitations';

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Subscribe to this private address in Outlook, Google Calendar or Apple Calendar to see the {holds}. Anyone with the address can read
        these dates: keep it to yourself, and reset it if it was shared.
      </Text>
      {feed.isPending ? (
        <Loader size="sm" aria-label="Loading the calendar address" />
      ) : feed.isError ? (
        <Text c="red" size="sm">
          {errorMessage(feed.error, 'Could not load the calendar address')}
        </Text>
      ) : url ? (
        <Stack gap="sm">
          <TextInput
            label="Your calendar address"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            description={`Created ${formatDate(feed.data?.created_at)}`}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              Copy address
            </Button>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming('reset')}>
              Reset address
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming('revoke')}>
              Revoke
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-start">
          <Button leftSection={<IconCalendarPlus size={16} />} loading={reset.isPending} onClick={() => issue('Calendar address created')}>
            Create calendar address
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming === 'reset'}
        title="Reset the calendar address?"
        message="A new address replaces this one."
        consequences={['Calendars subscribed to the current address stop updating.', 'Subscribe again with the new address.']}
        confirmLabel="Reset address"
        busy={reset.isPending}
        onConfirm={() => issue('New calendar address created')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'revoke'}
        title="Revoke the calendar address?"
        message="The address stops working at once."
        consequences={['Calendars subscribed to it stop updating.', 'You can create a new address later.']}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={stop}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
