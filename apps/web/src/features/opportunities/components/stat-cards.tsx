import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconAlarm, IconFileText, IconRefresh, IconStar } from '@tabler/icons-react';
import type { OpportunityStats } from '@biddesk/shared';
import { Link } from 'react-router';
import { StatCard } from '../../../components/ui/stat-card';
import { STAT_LINKS } from '../url-state';

const CARDS = [
  { key: 'open_solicitations', label: 'Open Solicitations', icon: IconFileText, color: 'blue' },
  { key: 'due_this_week', label: 'Due This Week', icon: IconAlarm, color: 'red' },
  { key: 'favorited', label: 'Favorited', icon: IconStar, color: 'yellow' },
  { key: 'recently_updated', label: 'Recently Updated', icon: IconRefresh, color: 'teal' },
] as const;

/** The four dashboard stat cards (SPEC §2); each is a link that lists what it counts. */
export function StatCards({ stats }: { stats: OpportunityStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {CARDS.map(({ key, label, icon, color }) => (
        <UnstyledButton key={key} component={Link} to={STAT_LINKS[key]} style={{ display: 'block' }}>
          <StatCard testId={`stat-${key}`} label={label} icon={icon} color={color} value={stats ? stats[key].toLocaleString('en-US') : '—'} />
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
