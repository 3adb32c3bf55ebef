import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import type { PartnerSummary } from '@biddesk/shared';
import { formatAmount, formatAwardDay } from '../../../lib/award-format';

export type PartnerAction = 'teaming_partner' | 'competitor' | 'invite';

interface Props {
  rows: PartnerSummary[];
  onOpen: (uei: string) => void;
  onAction: (partner: PartnerSummary, action: PartnerAction) => void;
}

const tops = (list: { code: string; name: string | null; count: number }[]) =>
  list.length === 0 ? '—' : list.map((t) => `${t.name ?? t.code} (${t.count})`).join(', ');

/** One row a recipient: its award history in the chosen market and what can be done with it. */
export function PartnerTable({ rows, onOpen, onAction }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover fz="sm" data-testid="partner-table">
        <Table.Caption>Award recipients with their award history in the awards counted</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th ta="right">Awards</Table.Th>
            <Table.Th ta="right">Obligated</Table.Th>
            <Table.Th>Last award</Table.Th>
            <Table.Th>Top agencies</Table.Th>
            <Table.Th>Top NAICS</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.uei} data-testid="partner-row">
              <Table.Td>
                <Stack gap={0}>
                  <Anchor component="button" type="button" fz="sm" fw={600} ta="left" onClick={() => onOpen(p.uei)}>
                    {p.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    UEI {p.uei}
                    {p.business_types.length > 0 ? ` · ${p.business_types.join(', ')}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{p.history.award_count}</Table.Td>
              <Table.Td ta="right">{formatAmount(p.history.total_obligated)}</Table.Td>
              <Table.Td>{formatAwardDay(p.history.last_award_date)}</Table.Td>
              <Table.Td>{tops(p.history.top_agencies)}</Table.Td>
              <Table.Td>{tops(p.history.top_naics)}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onAction(p, 'teaming_partner')}
                    aria-label={`Add ${p.name} as teaming partner`}
                  >
                    Add as teaming partner
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="gray"
                    onClick={() => onAction(p, 'competitor')}
                    aria-label={`Add ${p.name} as competitor`}
                  >
                    Add as competitor
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onAction(p, 'invite')}
                    aria-label={`Invite ${p.name} to a workspace`}
                  >
                    Invite to a workspace
                  </Button>
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
