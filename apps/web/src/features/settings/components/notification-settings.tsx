import { Alert, Button, Card, Group, Input, Loader, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { NotificationPreferences } from '@biddesk/shared';
import { ALERT_THRESHOLD_OPTIONS, usePreferences, writePreferences } from '../../../lib/preferences';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { toast } from '../../../lib/toast';

/**
 * Notifications tab. The three switches are kept on the server because the alert jobs read them:
 * new matches of saved searches and deadline reminders for saved opportunities arrive in the bell,
 * and also by mail when Email notifications is on. The threshold only colours deadline badges in
 * this browser, so it stays local like the other preferences.
 */
export function NotificationSettings() {
  const server = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const local = usePreferences();
  const [edits, setEdits] = useState<Partial<NotificationPreferences>>({});
  const [threshold, setThreshold] = useState<number | null>(null);

  if (server.isPending) return <Loader />;
  if (server.isError) return <Alert color="red">Failed to load notification settings</Alert>;
  const draft = { ...server.data, ...edits };
  const dirty =
    Object.entries(edits).some(([k, v]) => server.data[k as keyof NotificationPreferences] !== v) ||
    (threshold !== null && threshold !== local.alertThresholdDays);

  const save = () => {
    if (threshold !== null) writePreferences({ alertThresholdDays: threshold });
    update.mutate(edits, {
      onSuccess: () => {
        setEdits({});
        setThreshold(null);
        toast.success('Settings saved successfully');
      },
      onError: (err) => toast.error('Failed to save settings', err),
    });
  };
  const toggle = (key: keyof NotificationPreferences) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const checked = event.currentTarget.checked;
    setEdits((e) => ({ ...e, [key]: checked }));
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Notification Preferences
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Alerts arrive in the bell; turn on email to get each one by mail too.
      </Text>
      <Stack gap="lg">
        <Stack gap="sm">
          <Switch
            label="New opportunity alerts"
            description="One notification a day per saved search when new matching notices arrive"
            checked={draft.new_opportunity_alerts}
            onChange={toggle('new_opportunity_alerts')}
          />
          <Switch
            label="Deadline reminders"
            description="Notifications 7, 3 and 1 days before a saved opportunity's response date"
            checked={draft.deadline_reminders}
            onChange={toggle('deadline_reminders')}
          />
          <Switch
            label="Email notifications"
            description="Also send these alerts to your email address"
            checked={draft.email_notifications}
            onChange={toggle('email_notifications')}
          />
        </Stack>
        <Input.Wrapper label="Deadline alert threshold" description="Deadlines this close are marked urgent (red)">
          <SegmentedControl
            mt={6}
            aria-label="Deadline alert threshold"
            data={ALERT_THRESHOLD_OPTIONS.map((d) => ({ value: String(d), label: `${d} days` }))}
            value={String(threshold ?? local.alertThresholdDays)}
            onChange={(v) => setThreshold(Number(v))}
          />
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} disabled={!dirty} loading={update.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
