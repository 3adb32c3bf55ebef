import { Button, Card, Chip, Grid, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconSearch, IconStar, IconX } from '@tabler/icons-react';
import { AGENCY_OPTIONS, SET_ASIDE_OPTIONS } from '@biddesk/shared';
import type { FilterValues, RecentFilter } from '../recent-filters';

interface Props {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  onSearch: () => void;
  onSaved: () => void;
  onClear: () => void;
  searching: boolean;
  recent: RecentFilter[];
  onRecent: (filter: RecentFilter) => void;
}

/** The dashboard search card (SPEC §2): keywords, agency, NAICS, PSC, set-aside; Enter searches. */
export function SearchCard({ values, onChange, onSearch, onSaved, onClear, searching, recent, onRecent }: Props) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label="Keywords"
            placeholder="e.g. cybersecurity, janitorial, 68HE0926R0006"
            value={values.keyword}
            onChange={(e) => set({ keyword: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onSearch();
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {/* Native (typing a letter jumps to it): a Mantine Select builds a combobox with a popover
              and a floating position, the costliest part of the dashboard's first show (issue 15). */}
          <NativeSelect
            label="Agency"
            data={AGENCY_OPTIONS}
            value={values.agency}
            onChange={(e) => set({ agency: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="NAICS Code"
            placeholder="e.g. 541512"
            value={values.naics}
            onChange={(e) => set({ naics: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput label="PSC Code" placeholder="e.g. D302" value={values.psc} onChange={(e) => set({ psc: e.currentTarget.value })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NativeSelect
            label="Set-Aside"
            data={SET_ASIDE_OPTIONS}
            value={values.setAside}
            onChange={(e) => set({ setAside: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group justify="flex-end" align="flex-end" h="100%">
            <Button leftSection={<IconSearch size={16} />} onClick={onSearch} loading={searching}>
              Search
            </Button>
            <Button variant="light" color="yellow" leftSection={<IconStar size={16} />} onClick={onSaved}>
              My Saved
            </Button>
            <Button variant="default" leftSection={<IconX size={16} />} onClick={onClear}>
              Clear
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
      {recent.length > 0 && (
        <Group gap="xs" mt="md" data-testid="recent-filters">
          <Text size="xs" c="dimmed">
            Recent:
          </Text>
          {recent.map((r) => (
            <Chip key={r.id} size="xs" checked={false} onChange={() => onRecent(r)}>
              {r.label}
            </Chip>
          ))}
        </Group>
      )}
    </Card>
  );
}
