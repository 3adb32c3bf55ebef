import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { SamSyncSettings } from '@biddesk/shared';
import { adminErrorMessage } from '../api/admin-api';
import { useSamSync, useUpdateSamSync } from '../api/opportunity-sync-api';
import { toast } from '../../../lib/toast';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00 UTC` }));
const STATUS_COLOR: Record<string, string> = { done: 'green', failed: 'red', running: 'blue' };

/**
 * Admin → Database: the daily sync of SAM.gov's public Contract Opportunities extract. The server
 * runs it once a day from the chosen hour (one API process of many), importing only changed rows,
 * then tells saved searches about new notices.
 */
export function SamSyncCard() {
  const status = useSamSync();
  const update = useUpdateSamSync();
  const [edits, setEdits] = useState<Partial<SamSyncSettings>>({});
  // Values are read in the event handler: the updater may run after the event, when currentTarget is null.
  const edit = (patch: Partial<SamSyncSettings>) => setEdits((d) => ({ ...d, ...patch }));

  if (status.isPending) return <Loader />;
  if (status.isError) return <Alert color="red">{adminErrorMessage(status.error, 'Failed to load the daily sync settings')}</Alert>;
  const draft: SamSyncSettings = { enabled: status.data.enabled, url: status.data.url, hour: status.data.hour, ...edits };
  const run = status.data.last_run;

  const save = () =>
    update.mutate(
      { ...draft, url: draft.url.trim() },
      {
        onSuccess: () => {
          setEdits({});
          toast.success('Daily sync settings saved');
        },
        onError: (error) => toast.error(adminErrorMessage(error, 'Failed to save the daily sync settings')),
      },
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Daily sync from SAM.gov
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Downloads SAM.gov&apos;s public Contract Opportunities extract once a day and imports what changed. New notices alert matching saved
        searches.
      </Text>
      <Stack gap="sm">
        <Switch label="Sync every day" checked={draft.enabled} onChange={(e) => edit({ enabled: e.currentTarget.checked })} />
        <TextInput label="Extract URL" value={draft.url} onChange={(e) => edit({ url: e.currentTarget.value })} />
        <Select
          label="Hour"
          description="The day's sync starts at the first check after this hour"
          data={HOURS}
          value={String(draft.hour)}
          onChange={(v) => v !== null && edit({ hour: Number(v) })}
          allowDeselect={false}
          w={220}
        />
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" data-testid="sam-sync-last-run">
            {run ? (
              <>
                Last run {run.period}:{' '}
                <Badge size="sm" color={STATUS_COLOR[run.status] ?? 'gray'} variant="light">
                  {run.status}
                </Badge>{' '}
                {run.error ??
                  (run.result
                    ? `${Number(run.result.inserted ?? 0).toLocaleString('en-US')} new, ${Number(run.result.updated ?? 0).toLocaleString('en-US')} updated, ${Number(run.result.unchanged ?? 0).toLocaleString('en-US')} unchanged`
                    : '')}
              </>
            ) : (
              'Not run yet'
            )}
          </Text>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={save}
            loading={update.isPending}
            disabled={Object.keys(edits).length === 0}
          >
            Save sync settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
