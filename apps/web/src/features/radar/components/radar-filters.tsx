import { Button, Checkbox, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { RADAR_MONTHS_MAX } from '@biddesk/shared';
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
        <TextInput label="NAICS codes" description="6 digits, comma-separated" placeholder="541512, 541511" value={draft.naics} onChange={(e) => setDraft({ ...draft, naics: e.currentTarget.value })} />
        <TextInput label="PSC codes" description="4 characters, comma-separated" placeholder="D307, R425" value={draft.psc} onChange={(e) => setDraft({ ...draft, psc: e.currentTarget.value })} />
        <TextInput
          label="Awarding agency codes"
          description="Toptier (097) or sub-tier (2100), comma-separated"
          placeholder="097, 2100"
          value={draft.agency}
          onChange={(e) => setDraft({ ...draft, agency: e.currentTarget.value })}
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
        <Checkbox label="Only awards with a signal" checked={draft.signalsOnly} onChange={(e) => setDraft({ ...draft, signalsOnly: e.currentTarget.checked })} mb={8} />
        <Button type="submit">Apply filters</Button>
      </Group>
    </form>
  );
}
