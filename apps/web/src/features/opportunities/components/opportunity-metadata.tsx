import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Opportunity } from '@biddesk/shared';
import { formatDate } from '@biddesk/shared';
import type { ReactNode } from 'react';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { deadlineText } from '../deadline-text';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || 'N/A'}
      </Text>
    </div>
  );
}

/** The metadata panel of Opportunity detail (SPEC §2). */
export function OpportunityMetadata({ opportunity: o }: { opportunity: Opportunity }) {
  const place = o.place_of_performance;
  const placeText = place ? [place.city, place.state, place.zip, place.country].filter(Boolean).join(', ') : '';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="opportunity-metadata">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Field label="Agency">{o.agency}</Field>
        <Field label="Sub-tier">{o.sub_tier}</Field>
        <Field label="Office">{o.office}</Field>
        <Field label="Notice type">
          {o.notice_count > 1 ? `${o.notice_type ?? 'Notice'} · ${o.notice_count} notices for this solicitation` : o.notice_type}
        </Field>
        <Field label="Solicitation number">{o.solicitation_number}</Field>
        <Field label="Notice ID">{o.notice_id}</Field>
        <Field label="NAICS">{o.naics}</Field>
        <Field label="PSC">{o.psc}</Field>
        <Field label="Set-aside">{o.set_aside_description ?? o.set_aside}</Field>
        <Field label="Posted">{formatDate(o.posted_date)}</Field>
        <Field label="Response due">
          <Group gap="xs">
            {deadlineText(o)}
            <DeadlineBadge dueDate={o.response_date} />
          </Group>
        </Field>
        <Field label="Place of performance">{placeText}</Field>
      </SimpleGrid>
      {o.contacts.length > 0 && (
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Contacts
          </Text>
          {o.contacts.map((c) => (
            <Text size="sm" key={c.type}>
              {c.full_name ?? c.title}
              {c.email && (
                <>
                  {' · '}
                  <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
                </>
              )}
              {c.phone && ` · ${c.phone}`}
            </Text>
          ))}
        </Stack>
      )}
      {(o.link || o.attachments.length > 0) && (
        <Group gap="md" mt="md">
          {o.link && (
            <Anchor href={o.link} target="_blank" rel="noopener noreferrer" size="sm">
              View on SAM.gov
            </Anchor>
          )}
          {o.attachments.map((a) => (
            <Anchor key={a.url} href={a.url} target="_blank" rel="noopener noreferrer" size="sm">
              {a.name}
            </Anchor>
          ))}
        </Group>
      )}
    </Card>
  );
}
