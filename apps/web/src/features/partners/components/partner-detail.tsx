import { Alert, Anchor, Badge, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { PARTNER_DETAIL_AWARDS_MAX } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { usePartner } from '../api/partners-api';
import { formatAmount, formatAwardDay, formatFetched } from '../../../lib/award-format';

/** One recipient: the names it was seen under, its parent, business types, history and awards with their sources. */
export function PartnerDetailView({ uei }: { uei: string }) {
  const partner = usePartner(uei);
  if (partner.isPending) return <Loader size="sm" aria-label="Loading the recipient" />;
  if (partner.isError) return <Alert color="red">{errorMessage(partner.error, 'Failed to load the recipient')}</Alert>;
  const p = partner.data;
  return (
    <Stack gap="sm" data-testid="partner-detail">
      <Text size="sm">
        UEI {p.uei}
        {/* A vendor that is its own parent says nothing more. */}
        {p.parent_uei && p.parent_uei !== p.uei ? ` · parent UEI ${p.parent_uei}` : ''}
      </Text>
      {p.business_types.length > 0 && (
        <Group gap={4}>
          {p.business_types.map((b) => (
            <Badge key={b} variant="light" size="sm">
              {b}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm">
        {p.history.award_count} {p.history.award_count === 1 ? 'award' : 'awards'} · {formatAmount(p.history.total_obligated)} obligated ·
        last award {formatAwardDay(p.history.last_award_date)}
      </Text>
      <div>
        <Title order={3} size="h5">
          Names seen ({p.names_seen.length})
        </Title>
        <Text size="xs" c="dimmed">
          Award data names a vendor many ways; it is identified by its UEI only.
        </Text>
        <List size="sm">
          {p.names_seen.map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List>
      </div>
      <Title order={3} size="h5">
        Awards
      </Title>
      {p.awards_truncated && (
        <Text size="xs" c="dimmed">
          The {PARTNER_DETAIL_AWARDS_MAX} latest of {p.history.award_count} awards.
        </Text>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table fz="xs" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Award</Table.Th>
              <Table.Th>Agency</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Obligated / ceiling</Table.Th>
              <Table.Th>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.awards.map((a) => (
              <Table.Tr key={a.award_key}>
                <Table.Td>
                  {a.piid}
                  {a.parent_idv_piid ? ` (under ${a.parent_idv_piid})` : ''}
                  <Text size="xs" c="dimmed">
                    NAICS {a.naics_code ?? '—'} · PSC {a.psc_code ?? '—'}
                    {a.pop_state ? ` · ${a.pop_state}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{a.awarding_agency_name ?? '—'}</Table.Td>
                <Table.Td>
                  {formatAwardDay(a.start_date)} – {formatAwardDay(a.current_end_date)}
                </Table.Td>
                <Table.Td ta="right">
                  {formatAmount(a.obligated_amount)} / {formatAmount(a.ceiling_amount)}
                </Table.Td>
                <Table.Td>
                  <Anchor href={a.source_url} target="_blank" rel="noopener noreferrer" size="xs">
                    Source record
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    fetched {formatFetched(a.fetched_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
