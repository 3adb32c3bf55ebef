import { Button, Card, Group, Input, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  DEFAULT_VIEW_OPTIONS,
  DOCUMENT_TONE_OPTIONS,
  ITEMS_PER_PAGE_OPTIONS,
  SYNC_FREQUENCY_OPTIONS,
  usePreferences,
  writePreferences,
  type Preferences,
} from '../../../lib/preferences';
import { SYNC_FREQUENCY_DESCRIPTION, SYNC_FREQUENCY_HINTS } from '../../../lib/sync-frequency';
import { toast } from '../../../lib/toast';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Labels for the SPEC §2 options. */
const SYNC_LABELS: Record<string, string> = { realtime: 'Real-time', hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' };

/** A settings card whose fields edit a draft; Save writes the draft to localStorage. */
function PreferencesCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: (draft: Preferences, set: (patch: Partial<Preferences>) => void) => ReactNode;
}) {
  const saved = usePreferences();
  const [edits, setEdits] = useState<Partial<Preferences>>({});
  const draft = { ...saved, ...edits };
  const dirty = (Object.keys(edits) as (keyof Preferences)[]).some((k) => edits[k] !== saved[k]);

  const save = () => {
    writePreferences(edits);
    setEdits({});
    toast.success('Settings saved successfully');
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="lg">
        {children(draft, (patch) => setEdits((e) => ({ ...e, ...patch })))}
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} disabled={!dirty}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A labelled segmented choice; `name` doubles as the accessible group name. */
function Choice<T extends string | number>({
  label,
  description,
  options,
  value,
  onChange,
  format = String,
}: {
  label: string;
  description?: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  format?: (value: T) => string;
}) {
  return (
    <Input.Wrapper label={label} description={description}>
      <SegmentedControl
        mt={6}
        aria-label={label}
        data={options.map((o) => ({ value: String(o), label: format(o) }))}
        value={String(value)}
        onChange={(v) => {
          const picked = options.find((o) => String(o) === v);
          if (picked !== undefined) onChange(picked);
        }}
      />
    </Input.Wrapper>
  );
}

/** Integration tab: how often open screens re-read opportunities (sync-frequency.ts). */
export function IntegrationSettings() {
  return (
    <PreferencesCard title="Data Integration" description="Opportunities come from the government opportunities service.">
      {(draft, set) => (
        <>
          <Choice
            label="Sync frequency"
            description={SYNC_FREQUENCY_DESCRIPTION}
            options={SYNC_FREQUENCY_OPTIONS}
            value={draft.syncFrequency}
            onChange={(syncFrequency) => set({ syncFrequency })}
            format={(f) => SYNC_LABELS[f] ?? f}
          />
          <Text size="xs" c="dimmed" mt={-12} data-testid="sync-frequency-hint">
            {SYNC_FREQUENCY_HINTS[draft.syncFrequency]}
          </Text>
        </>
      )}
    </PreferencesCard>
  );
}

/** Display tab: page size, default view and the tone for generated documents. */
export function DisplaySettings() {
  return (
    <PreferencesCard title="Display Preferences" description="How lists look and how generated documents read.">
      {(draft, set) => (
        <>
          <Choice
            label="Items per page"
            description="Opportunities per page on the dashboard"
            options={ITEMS_PER_PAGE_OPTIONS}
            value={draft.itemsPerPage as (typeof ITEMS_PER_PAGE_OPTIONS)[number]}
            onChange={(itemsPerPage) => set({ itemsPerPage })}
          />
          <Choice
            label="Default view"
            options={DEFAULT_VIEW_OPTIONS}
            value={draft.defaultView}
            onChange={(defaultView) => set({ defaultView })}
            format={capitalize}
          />
          <Choice
            label="Document tone"
            description="Used when generating AI bid documents"
            options={DOCUMENT_TONE_OPTIONS}
            value={draft.documentTone}
            onChange={(documentTone) => set({ documentTone })}
            format={capitalize}
          />
        </>
      )}
    </PreferencesCard>
  );
}
