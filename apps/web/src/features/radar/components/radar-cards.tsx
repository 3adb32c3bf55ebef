import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RadarRow } from '@biddesk/shared';
import { formatDay } from '../../../lib/display-format';
import { RadarSignals } from './radar-signals';
import { TrackCell, money } from './radar-table';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The radar's rows as cards on a phone: every figure and signal readable without scrolling sideways. */
export function RadarCards({ rows }: { rows: RadarRow[] }) {
  return (
    <Stack gap="sm" aria-label="Awards ending in the window" role="list">
      {rows.map((r) => (
        <Paper key={r.award_key} withBorder p="sm" role="listitem" data-testid="radar-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <div>
              <Text fw={500}>{r.recipient_name ?? 'Recipient not stated'}</Text>
              <Text size="xs" c="dimmed">
                {r.recipient_uei ? `UEI ${r.recipient_uei}` : 'No UEI'}
              </Text>
            </div>
            <TrackCell row={r} />
          </Group>
          <Text size="sm">
            <Anchor href={r.source_url} target="_blank" rel="noreferrer" aria-label={`${r.piid} on USAspending (opens in a new tab)`}>
              {r.piid}
            </Anchor>{' '}
            · {r.awarding_sub_agency_name ?? r.awarding_agency_name ?? 'Agency not stated'}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} my="xs">
            <Field label="Ends">
              {formatDay(r.current_end_date)}
              {r.potential_end_date && r.potential_end_date > r.current_end_date ? ` (options to ${formatDay(r.potential_end_date)})` : ''}
            </Field>
            <Field label="NAICS / PSC">
              {r.naics_code ?? '—'} / {r.psc_code ?? '—'}
            </Field>
            <Field label="Obligated / ceiling">
              {money(r.obligated_amount)} of {money(r.ceiling_amount)}
            </Field>
            <Field label="Competition">
              {r.extent_competed ?? 'Not stated'},{' '}
              {r.offers_received === null ? 'offers not stated' : `${r.offers_received} ${r.offers_received === 1 ? 'offer' : 'offers'}`}
            </Field>
          </SimpleGrid>
          <RadarSignals signals={r.signals} />
        </Paper>
      ))}
    </Stack>
  );
}
