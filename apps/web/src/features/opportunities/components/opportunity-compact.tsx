import { Group, Paper, Stack, Text } from '@mantine/core';
import type { OpportunitySummary } from '@biddesk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { deadlineText } from '../deadline-text';
import { NoticeCount } from './opportunity-card';
import { NoticeTypeBadge } from './notice-type-badge';
import { SaveToggle } from './save-toggle';

/** The compact view: one dense line per notice (issue 15). */
export function OpportunityCompactList({
  items,
  onToggleSaved,
  renderTrack,
}: {
  items: OpportunitySummary[];
  onToggleSaved: (o: OpportunitySummary) => void;
  /** The pipeline's Track control (issue 26), given by the screen. */
  renderTrack?: (o: OpportunitySummary) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" data-testid="opportunity-compact">
      <Stack gap={0}>
        {items.map((o, i) => (
          <Group
            key={o.id}
            gap="xs"
            wrap="nowrap"
            px="xs"
            py={4}
            data-testid="opportunity-row"
            style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
          >
            <NoticeTypeBadge type={o.notice_type} />
            <Text
              component={Link}
              to={`/opportunity/${o.id}`}
              size="sm"
              fw={600}
              c="blue.8"
              truncate="end"
              style={{ flex: 1, minWidth: 0 }}
              data-testid="opportunity-title"
            >
              {o.title}
            </Text>
            {/* After the title: Tab reaches the notice before its star (issue 21 item 5). */}
            <SaveToggle opportunity={o} onToggle={onToggleSaved} size={16} />
            <NoticeCount count={o.notice_count} />
            <Text size="xs" c="dimmed" truncate="end" visibleFrom="md" style={{ width: 220 }}>
              {o.agency}
            </Text>
            <Text size="xs" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {deadlineText(o)}
            </Text>
            <DeadlineBadge dueDate={o.response_date} />
            {renderTrack?.(o)}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
