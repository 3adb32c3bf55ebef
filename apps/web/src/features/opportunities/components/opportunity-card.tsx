import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { Opportunity } from '@biddesk/shared';
import { formatDate } from '@biddesk/shared';
import { Link } from 'react-router';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';

/** One opportunity in the dashboard grid (SPEC §2): agency, title, number, due date, badge, star. */
export function OpportunityCard({ opportunity: o, onToggleSaved }: { opportunity: Opportunity; onToggleSaved: (o: Opportunity) => void }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="opportunity-card">
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lineClamp={1} data-testid="opportunity-agency">
            {o.agency ?? 'Unknown agency'}
          </Text>
          <Tooltip label={o.saved ? 'Remove from saved' : 'Save'}>
            <ActionIcon
              variant="subtle"
              color="yellow"
              aria-label={o.saved ? 'Remove from saved' : 'Save opportunity'}
              aria-pressed={o.saved}
              data-testid="save-toggle"
              onClick={() => onToggleSaved(o)}
            >
              {o.saved ? <IconStarFilled size={18} /> : <IconStar size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text component={Link} to={`/opportunity/${o.id}`} fw={600} lineClamp={2} c="blue.8" data-testid="opportunity-title">
          {o.title}
        </Text>
        <Text size="sm" c="dimmed">
          {o.solicitation_number ?? 'No solicitation number'}
        </Text>
        <Group justify="space-between" mt="auto">
          <Text size="sm">Due {formatDate(o.response_date)}</Text>
          <DeadlineBadge dueDate={o.response_date} />
        </Group>
      </Stack>
    </Card>
  );
}
