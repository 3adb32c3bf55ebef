import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { OpportunitySummary } from '@biddesk/shared';
import { formatDate } from '@biddesk/shared';
import { memo } from 'react';
import { Link } from 'react-router';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { deadlineText } from '../deadline-text';
import { NoticeTypeBadge } from './notice-type-badge';
import { SaveToggle } from './save-toggle';

/** "N notices" when a solicitation has amendments or updates (one card per solicitation). */
export function NoticeCount({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <Badge variant="outline" color="gray" size="sm" radius="sm" tt="none" data-testid="notice-count">
      {count} notices
    </Badge>
  );
}

/**
 * One opportunity in the card view (SPEC §2: agency, urgency badge, saved toggle; issue 15: notice
 * type, posted date, NAICS/PSC, set-aside, due date and time as SAM gives it, a short summary).
 * Memoised: the dashboard renders again as its other panels' data arrive, the cards only when
 * their row (or the save handler) changes.
 */
export const OpportunityCard = memo(function OpportunityCard({ opportunity: o, onToggleSaved }: { opportunity: OpportunitySummary; onToggleSaved: (o: OpportunitySummary) => void }) {
  const codes = [o.naics && `NAICS ${o.naics}`, o.psc && `PSC ${o.psc}`].filter(Boolean).join(' · ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="opportunity-card">
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lineClamp={1} data-testid="opportunity-agency">
            {o.agency ?? 'Unknown agency'}
          </Text>
          <SaveToggle opportunity={o} onToggle={onToggleSaved} />
        </Group>
        <Group gap={6}>
          <NoticeTypeBadge type={o.notice_type} />
          <NoticeCount count={o.notice_count} />
        </Group>
        <Text component={Link} to={`/opportunity/${o.id}`} fw={600} lineClamp={2} c="blue.8" data-testid="opportunity-title" style={{ overflowWrap: 'anywhere' }}>
          {o.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {o.solicitation_number ?? 'No solicitation number'}
        </Text>
        {o.summary && (
          <Text size="xs" c="dimmed" lineClamp={2} data-testid="opportunity-summary">
            {o.summary}
          </Text>
        )}
        <Text size="xs" data-testid="opportunity-facts">
          Posted {formatDate(o.posted_date)}
          {codes && ` · ${codes}`}
          {` · ${o.set_aside_description ?? (o.set_aside && o.set_aside !== 'NONE' ? o.set_aside : 'No set-aside')}`}
        </Text>
        <Group justify="space-between" mt="auto" wrap="nowrap" gap="xs">
          <Text size="sm" data-testid="opportunity-due">
            Due {deadlineText(o)}
          </Text>
          <DeadlineBadge dueDate={o.response_date} />
        </Group>
      </Stack>
    </Card>
  );
});
