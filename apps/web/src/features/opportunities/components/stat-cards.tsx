import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconAlarm, IconFileText, IconRefresh, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard } from '../../../components/ui/stat-card';
import { useOpportunityStats, useRefreshCounts } from '../api/opportunities-api';
import { STAT_LINKS } from '../url-state';

const CARDS = [
  { key: 'open_solicitations', label: 'Open Solicitations', icon: IconFileText, color: 'blue' },
  { key: 'due_this_week', label: 'Due This Week', icon: IconAlarm, color: 'red' },
  { key: 'favorited', label: 'Favorited', icon: IconStar, color: 'yellow' },
  { key: 'recently_updated', label: 'Recently Updated', icon: IconRefresh, color: 'teal' },
] as const;

const COUNT = new Intl.NumberFormat('en-US');

/**
 * The four dashboard stat cards (SPEC §2); each is a link that lists what it counts. They read the
 * stats themselves, so the counts arriving renders these four cards, not the whole dashboard.
 */
export function StatCards() {
  const stats = useOpportunityStats().data;
  const refreshCounts = useRefreshCounts();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} mb="lg">
      {CARDS.map(({ key, label, icon, color }) => (
        <UnstyledButton key={key} component={Link} to={STAT_LINKS[key]} onClick={refreshCounts} style={{ display: 'block' }}>
          <StatCard testId={`stat-${key}`} label={label} icon={icon} color={color} value={stats ? COUNT.format(stats[key]) : '—'} />
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
