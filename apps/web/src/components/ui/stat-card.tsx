import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface StatCardProps {
  label: string;
  /** Already formatted for display. */
  value: string;
  detail?: string;
  icon: Icon;
  color: string;
  testId: string;
}

/** One summary number with its label and icon (dashboard and admin cards). */
export function StatCard({ label, value, detail, icon: IconComponent, color, testId }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text size="xl" fw={700} data-testid="stat-value">
            {value}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size="lg" radius="md">
          <IconComponent size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
