import { Button, Checkbox, Group, MultiSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { RADAR_MONTHS_MAX, type RadarAgency } from '@biddesk/shared';
import { useRadarAgencies } from '../api/radar-api';
import type { RadarState } from '../url-state';

type Criteria = Pick<RadarState, 'naics' | 'psc' | 'agency' | 'fromMonths' | 'toMonths' | 'signalsOnly'>;

/**
 * The radar's criteria: codes typed as comma-separated lists, the window in months from today, and
 * "signals only". Applied on submit (Enter or the button), so typing a code does not query per key.
 */
export function RadarFilters({ value, onApply }: { value: Criteria; onApply: (c: Criteria) => void }) {
  const [draft, setDraft] = useState<Criteria>(value);
  useEffect(() => setDraft(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Radar filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="NAICS codes"
          description="6 digits, comma-separated"
          placeholder="541512, 541511"
          value={draft.naics}
          onChange={(e) => setDraft({ ...draft, naics: e.currentTarget.value })}
        />
        <TextInput
          label="PSC codes"
          description="4 characters, comma-separated"
          placeholder="D307, R425"
          value={draft.psc}
          onChange={(e) => setDraft({ ...draft, psc: e.currentTarget.value })}
        />
        <AgencyPicker
          value={draft.agency}
          fromMonths={value.fromMonths}
          toMonths={value.toMonths}
          onChange={(agency) => setDraft({ ...draft, agency })}
        />
      </SimpleGrid>
      <Group align="flex-end" mt="sm" gap="sm" wrap="wrap">
        <NumberInput
          label="Ends from (months)"
          min={0}
          max={RADAR_MONTHS_MAX}
          w={150}
          value={draft.fromMonths}
          onChange={(v) => setDraft({ ...draft, fromMonths: typeof v === 'number' ? v : 0 })}
        />
        <NumberInput
          label="to (months)"
          min={0}
          max={RADAR_MONTHS_MAX}
          w={150}
          value={draft.toMonths}
          onChange={(v) => setDraft({ ...draft, toMonths: typeof v === 'number' ? v : 0 })}
        />
        <Checkbox
          label="Only awards with a signal"
          checked={draft.signalsOnly}
          onChange={(e) => setDraft({ ...draft, signalsOnly: e.currentTarget.checked })}
          mb={8}
        />
        <Button type="submit">Apply filters</Button>
      </Group>
    </form>
  );
}

const codesOf = (list: string) =>
  list
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/**
 * The awarding agencies and sub-agencies with awards ending in the applied window, by name with
 * their code and count; a code from the URL that is not among them stays chosen, shown as its code.
 */
function AgencyPicker({
  value,
  fromMonths,
  toMonths,
  onChange,
}: {
  value: string;
  fromMonths: number;
  toMonths: number;
  onChange: (codes: string) => void;
}) {
  const agencies = useRadarAgencies(fromMonths, toMonths);
  const chosen = codesOf(value);
  const option = (a: RadarAgency) => ({ value: a.code, label: `${a.name ?? 'Unnamed'} (${a.code}) · ${a.awards}` });
  const known = new Set((agencies.data ?? []).map((a) => a.code));
  const data = [
    { group: 'Agencies', items: (agencies.data ?? []).filter((a) => a.level === 'agency').map(option) },
    { group: 'Sub-agencies', items: (agencies.data ?? []).filter((a) => a.level === 'sub_agency').map(option) },
    ...(chosen.some((c) => !known.has(c))
      ? [{ group: 'Chosen', items: chosen.filter((c) => !known.has(c)).map((c) => ({ value: c, label: c })) }]
      : []),
  ].filter((g) => g.items.length > 0);
  return (
    <MultiSelect
      label="Awarding agencies"
      description="With awards ending in the window"
      placeholder={chosen.length ? undefined : 'Any agency'}
      searchable
      clearable
      data={data}
      value={chosen}
      onChange={(codes) => onChange(codes.join(','))}
      nothingFoundMessage={agencies.isPending ? 'Loading…' : 'No agency has awards ending in this window'}
    />
  );
}
