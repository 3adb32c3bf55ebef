import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconTargetArrow } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RadarRow } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { formatDay, formatMoney } from '../../../lib/display-format';
import { useTrackRecompete } from '../api/radar-api';
import { RadarSignals } from './radar-signals';

export const money = (v: string | null) => (v === null ? '—' : formatMoney(Number(v)));

/** Track on a radar row, or "Tracked" with the way to the pipeline once a pursuit exists. */
export function TrackCell({ row }: { row: RadarRow }) {
  const track = useTrackRecompete();
  const name = `${row.piid}${row.recipient_name ? ` (${row.recipient_name})` : ''}`;
  if (row.pursuit_id) {
    return (
      <Stack gap={2}>
        <Group gap={4} wrap="nowrap">
          <IconCheck size={14} aria-hidden />
          <Text size="sm">Tracked</Text>
        </Group>
        <Anchor component={Link} to="/pipeline" size="sm" aria-label={`Recompete of ${name}: open the pipeline`}>
          Open pipeline
        </Anchor>
      </Stack>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTargetArrow size={14} aria-hidden />}
      loading={track.isPending}
      aria-label={`Track the recompete of ${name}`}
      onClick={() =>
        track.mutate(row.award_key, {
          onSuccess: () => toast.success('Recompete added to the pipeline'),
          onError: (error) => toast.error('Failed to track this recompete', error),
        })
      }
    >
      Track
    </Button>
  );
}

/** The radar's rows: who holds the work, until when, for how much, how it was won, and why it may be winnable. */
export function RadarTable({ rows }: { rows: RadarRow[] }) {
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table verticalSpacing="sm" striped aria-label="Awards ending in the window">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Incumbent</Table.Th>
            <Table.Th scope="col">Award</Table.Th>
            <Table.Th scope="col">NAICS / PSC</Table.Th>
            <Table.Th scope="col">Ends</Table.Th>
            <Table.Th scope="col">Obligated / ceiling</Table.Th>
            <Table.Th scope="col">Competition</Table.Th>
            <Table.Th scope="col" w={280}>
              Signals
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Track</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.award_key} data-testid="radar-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.recipient_name ?? 'Recipient not stated'}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.recipient_uei ? `UEI ${r.recipient_uei}` : 'No UEI'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor
                  href={r.source_url}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  aria-label={`${r.piid} on USAspending (opens in a new tab)`}
                >
                  {r.piid}
                </Anchor>
                <Text size="xs">{r.awarding_sub_agency_name ?? r.awarding_agency_name ?? 'Agency not stated'}</Text>
                {r.awarding_office_name && (
                  <Text size="xs" c="dimmed">
                    {r.awarding_office_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.naics_code ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {r.psc_code ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(r.current_end_date)}
                </Text>
                {r.potential_end_date && r.potential_end_date > r.current_end_date && (
                  <Text size="xs" c="dimmed">
                    Options may run to {formatDay(r.potential_end_date)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{money(r.obligated_amount)}</Text>
                <Text size="xs" c="dimmed">
                  of {money(r.ceiling_amount)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.extent_competed ?? 'Not stated'}</Text>
                <Text size="xs" c="dimmed">
                  {r.offers_received === null
                    ? 'Offers not stated'
                    : `${r.offers_received} ${r.offers_received === 1 ? 'offer' : 'offers'}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <RadarSignals signals={r.signals} />
              </Table.Td>
              <Table.Td>
                <TrackCell row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
