import { SimpleGrid } from '@mantine/core';
import { IconAlarm, IconFileText, IconRefresh, IconStar } from '@tabler/icons-react';
import type { OpportunityStats } from '@biddesk/shared';
import { StatCard } from '../../../components/ui/stat-card';

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
      {CARDS.map(({ key, label, icon, color }) => (
        <StatCard key={key} testId={`stat-${key}`} label={label} icon={icon} color={color} value={stats ? stats[key].toLocaleString('en-US') : '—'} />
      ))}
    </SimpleGrid>
  );
}
