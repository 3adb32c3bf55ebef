import { Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { DOCUMENT_TYPE_LABELS, formatRelativeTime, type ActivityItem } from '@biddesk/shared';
import { adminErrorMessage, useAdminActivity } from '../api/admin-api';

/** One line for an activity item: the generated document when there is one, else the action. */
function describe(item: ActivityItem): string {
  if (item.document_type) {
    const doc = DOCUMENT_TYPE_LABELS[item.document_type] ?? item.document_type;
    return `generated ${doc}${item.solicitation_number ? ` for ${item.solicitation_number}` : ''}`;
  }
  const action = item.action.replace(/[._]/g, ' ');
  return item.solicitation_number ? `${action} (${item.solicitation_number})` : action;
}

/** Activity tab (SPEC §2): the 10 latest actions with relative times. */
export function ActivityPanel() {
  const activity = useAdminActivity();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Recent Activity
      </Title>
      {activity.isPending && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {activity.isError && <Text c="red">{adminErrorMessage(activity.error, 'Failed to load activity')}</Text>}
      {activity.data && activity.data.length === 0 && <Text c="dimmed">No activity yet.</Text>}
      {activity.data && activity.data.length > 0 && (
        <Stack gap="sm" role="list" aria-label="Recent activity">
          {activity.data.map((item) => (
            <Group key={item.id} wrap="nowrap" align="flex-start" role="listitem" data-testid="activity-item">
              <ThemeIcon variant="light" radius="xl" size="md">
                <IconActivity size={16} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm">
                  <Text span fw={600}>
                    {item.user}
                  </Text>{' '}
                  {describe(item)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRelativeTime(item.timestamp)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
