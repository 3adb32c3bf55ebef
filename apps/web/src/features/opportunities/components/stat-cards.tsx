import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlarm, IconFileText, IconRefresh, IconStar } from '@tabler/icons-react';
import type { OpportunityStats } from '@biddesk/shared';

const CARDS = [
  { key: 'open_solicitations', label: 'Open Solicitations', icon: IconFileText, color: 'blue' },
  { key: 'due_this_week', label: 'Due This Week', icon: IconAlarm, color: 'red' },
  { key: 'favorited', label: 'Favorited', icon: IconStar, color: 'yellow' },
  { key: 'recently_updated', label: 'Recently Updated', icon: IconRefresh, color: 'teal' },
] as const;

/** The four dashboard stat cards (SPEC §2). */
export function StatCards({ stats }: { stats: OpportunityStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {CARDS.map(({ key, label, icon: Icon, color }) => (
        <Card key={key} withBorder radius="md" padding="md" data-testid={`stat-${key}`}>
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {label}
              </Text>
              <Text size="xl" fw={700} data-testid="stat-value">
                {stats ? stats[key].toLocaleString('en-US') : '—'}
              </Text>
            </div>
            <ThemeIcon variant="light" color={color} size="lg" radius="md">
              <Icon size={20} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
