import { Alert, Anchor, Badge, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { IncumbentCandidate } from '@biddesk/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useOpportunityAwards } from '../api/awards-api';

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const money = (v: string | null) => (v === null ? 'not stated' : DOLLARS.format(Number(v)));
const day = (v: string | null) =>
  v === null
    ? 'not stated'
    : new Date(`${v}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const fetched = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }) + ' UTC';
const SOURCE_NAMES: Record<IncumbentCandidate['source'], string> = {
  usaspending_api: 'USAspending',
  usaspending_csv: 'USAspending download',
  sam_contract_awards: 'SAM.gov Contract Awards',
};

function Candidate({ c }: { c: IncumbentCandidate }) {
  return (
    <Card withBorder padding="sm" data-testid="incumbent-candidate" data-rule={c.rule}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.recipient_name ?? 'Recipient not stated'}
            {c.recipient_uei && (
              <Text span size="sm" c="dimmed">
                {' '}
                · UEI {c.recipient_uei}
              </Text>
            )}
          </Text>
          <Text size="sm">
            {c.piid}
            {c.parent_idv_piid && ` (order under ${c.parent_idv_piid})`}
            {c.awarding_office_name && ` · ${c.awarding_office_name}`}
          </Text>
        </div>
        <Badge variant="light" style={{ flexShrink: 0 }}>
          {c.rule_label}
        </Badge>
      </Group>
      <List size="sm" mt="xs" spacing={2}>
        <List.Item>
          Period of performance ends {day(c.current_end_date)}
          {c.potential_end_date && c.potential_end_date !== c.current_end_date && `; with all options ${day(c.potential_end_date)}`}
        </List.Item>
        <List.Item>
          Obligated {money(c.obligated_amount)} of a ceiling of {money(c.ceiling_amount)}
        </List.Item>
        <List.Item>
          {c.offers_received === null
            ? 'Offers received not stated'
            : `${c.offers_received} ${c.offers_received === 1 ? 'offer' : 'offers'} received`}
          {' · '}
          {c.extent_competed ?? 'Competition not stated'}
          {' · '}
          {c.modification_count === null ? 'modifications not stated' : `${c.modification_count} modifications`}
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        <Anchor href={c.source_url} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
          {SOURCE_NAMES[c.source]} record <IconExternalLink size={12} aria-hidden />
        </Anchor>
        {' · fetched '}
        {fetched(c.fetched_at)}
      </Text>
    </Card>
  );
}

/** "Incumbent and prior awards" on an opportunity: each candidate with its rule, figures, source and caveats. */
export function IncumbentAwardsCard({ opportunityId }: { opportunityId: string }) {
  const awards = useOpportunityAwards(opportunityId);
  // The workspace header's incumbent line links here (#awards): shown once the card has its content.
  const card = useRef<HTMLDivElement>(null);
  const loaded = awards.data !== undefined;
  const { hash } = useLocation();
  useEffect(() => {
    if (loaded && hash === '#awards') card.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <Card withBorder mb="md" data-testid="incumbent-awards" id="awards" ref={card}>
      <Title order={3} size="h4" mb="xs">
        Incumbent and prior awards
      </Title>
      {awards.isPending && <Loader size="sm" aria-label="Loading awards" />}
      {awards.isError && (
        <Text size="sm" c="red">
          Award data could not be loaded.
        </Text>
      )}
      {awards.data && (
        <Stack gap="sm">
          {awards.data.candidates.length === 0 && awards.data.awards_loaded > 0 && (
            <Text size="sm" c="dimmed">
              No award matches this notice by contract number, solicitation number, or office and classification.
            </Text>
          )}
          {awards.data.candidates.map((c) => (
            <Candidate key={c.award_key} c={c} />
          ))}
          {awards.data.caveats.length > 0 && (
            <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={16} />} p="xs">
              <List size="xs" spacing={2}>
                {awards.data.caveats.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      )}
    </Card>
  );
}
