import { AreaChart, BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DOCUMENT_TYPE_LABELS, type AdminStats } from '@biddesk/shared';

function ChartCard({ title, description, empty, children }: { title: string; description: string; empty: boolean; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {description}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          No data yet.
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

const shortDate = (iso: string) => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
};

/** Analytics tab (SPEC §2): documents by type, most active users, registrations per day. */
export function AnalyticsPanel({ stats }: { stats: AdminStats }) {
  const byType = Object.entries(stats.documents.by_type).map(([type, count]) => ({ type: DOCUMENT_TYPE_LABELS[type] ?? type, count }));
  const active = stats.most_active_users.map((u) => ({ name: u.name || u.email, documents: u.document_count }));
  const registrations = stats.registrations_by_day.map((d) => ({ date: shortDate(d.date), registrations: d.count }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard
        title="Documents by Type"
        description={`${stats.documents.total.toLocaleString('en-US')} generated in total`}
        empty={byType.length === 0}
      >
        {/* Bars run across with their names stacked beside them, every one shown (interval 0): on a
            horizontal axis recharts dropped names that did not fit (issue 21: 3 labels for 6 bars). */}
        <BarChart
          h={260}
          data={byType}
          dataKey="type"
          orientation="vertical"
          yAxisProps={{ width: 150, interval: 0 }}
          series={[{ name: 'count', label: 'Documents', color: 'grape.6' }]}
          withTooltip
        />
      </ChartCard>
      <ChartCard title="Most Active Users" description="By generated documents" empty={active.length === 0}>
        <BarChart
          h={260}
          data={active}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 110, interval: 0 }}
          series={[{ name: 'documents', label: 'Documents', color: 'blue.6' }]}
          withTooltip
        />
      </ChartCard>
      <ChartCard title="Registrations per Day" description="Sign-ups over the last 30 days" empty={registrations.length === 0}>
        <AreaChart
          h={260}
          data={registrations}
          dataKey="date"
          series={[{ name: 'registrations', label: 'Registrations', color: 'teal.6' }]}
          curveType="monotone"
          yAxisProps={{ allowDecimals: false }}
          withDots={false}
        />
      </ChartCard>
      <ChartCard title="Users" description="Accounts by role" empty={stats.users.total === 0}>
        <BarChart
          h={260}
          // Not `role`: Recharts copies each row's fields onto its bar's <path>, and role="Admins"
          // is an invalid ARIA role (axe: aria-roles, critical; issue 21 item 5).
          data={[
            { group: 'Admins', users: stats.users.admins },
            { group: 'Regular users', users: stats.users.regular_users },
            { group: 'New this week', users: stats.users.recent_registrations },
          ]}
          dataKey="group"
          xAxisProps={{ interval: 0 }}
          series={[{ name: 'users', label: 'Users', color: 'indigo.6' }]}
          withTooltip
        />
      </ChartCard>
    </SimpleGrid>
  );
}
