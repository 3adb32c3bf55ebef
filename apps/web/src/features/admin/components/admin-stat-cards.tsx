import { SimpleGrid } from '@mantine/core';
import { IconBuildingBank, IconFileText, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { AdminStats } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import { StatCard } from '../../../components/ui/stat-card';

const n = (value: number) => value.toLocaleString('en-US');

/** The admin summary cards (SPEC §2) from /admin/stats. */
export function AdminStatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    {
      key: 'users',
      label: 'Total Users',
      value: stats.users.total,
      detail: `${plural(stats.users.admins, 'admin')}, ${n(stats.users.regular_users)} regular`,
      icon: IconUsers,
      color: 'blue',
    },
    {
      key: 'recent',
      label: 'New This Week',
      value: stats.users.recent_registrations,
      detail: 'Sign-ups in the last 7 days',
      icon: IconUserPlus,
      color: 'teal',
    },
    {
      key: 'opportunities',
      label: 'Opportunities',
      value: stats.opportunities.total,
      detail: `${n(stats.opportunities.unique_agencies)} agencies`,
      icon: IconBuildingBank,
      color: 'indigo',
    },
    {
      key: 'documents',
      label: 'Documents Generated',
      value: stats.documents.total,
      detail: 'AI bid documents',
      icon: IconFileText,
      color: 'grape',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
      {cards.map(({ key, label, value, detail, icon, color }) => (
        <StatCard key={key} testId={`admin-stat-${key}`} label={label} value={n(value)} detail={detail} icon={icon} color={color} />
      ))}
    </SimpleGrid>
  );
}
