import { Card, Skeleton, Text, TypographyStylesProvider } from '@mantine/core';
import type { Opportunity } from '@biddesk/shared';
import { useDescription } from '../api/opportunities-api';
import { MESSAGES } from '../../../lib/messages';

export const DESCRIPTION_FALLBACK = MESSAGES.descriptionNotAvailable;

/** Stored text is shown as is; a fetch marker (a URL) means the text comes from SAM.gov first. */
export function needsFetch(description: string | null): boolean {
  if (!description) return true;
  const d = description.trim();
  return /^https?:\/\/\S+$/.test(d) && (/noticedesc/i.test(d) || /[?&]noticeid=/i.test(d));
}

/** The description on Opportunity detail (SPEC §2). */
export function OpportunityDescription({ opportunity: o }: { opportunity: Opportunity }) {
  const fetchIt = needsFetch(o.description);
  const fetched = useDescription(o.notice_id, fetchIt);
  return (
    <Card withBorder radius="md" padding="lg" mt="md">
      <Text fw={600} mb="sm">
        Description
      </Text>
      {!fetchIt ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="opportunity-description">
          {o.description}
        </Text>
      ) : fetched.isPending ? (
        <Skeleton height={80} />
      ) : fetched.isError ? (
        <Text size="sm" c="dimmed" data-testid="opportunity-description">
          {DESCRIPTION_FALLBACK}
        </Text>
      ) : (
        // The server sanitises SAM's HTML (sanitize-html allow-list) before it is stored or sent.
        <TypographyStylesProvider data-testid="opportunity-description">
          <div dangerouslySetInnerHTML={{ __html: fetched.data.description }} />
        </TypographyStylesProvider>
      )}
    </Card>
  );
}
