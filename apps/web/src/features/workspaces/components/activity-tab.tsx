import { Button, Center, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { formatRelativeTime } from '@biddesk/shared';
import { useActivity } from '../api/activity';

/** Activity (WORKSPACES.md §4): the workspace log, newest first, with Load more for older entries. */
export function ActivityTab({ workspaceId }: { workspaceId: string }) {
  const activity = useActivity(workspaceId);

  if (activity.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading activity" />
      </Center>
    );
  }
  if (activity.isError) {
    return (
      <Text size="sm" c="red">
        Failed to load activity
      </Text>
    );
  }

  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No activity yet.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Timeline bulletSize={12} lineWidth={2} data-testid="activity-list">
        {items.map((item) => (
          <Timeline.Item key={item.id} data-testid="activity-item">
            <Text size="sm">{item.summary}</Text>
            <Text size="xs" c="dimmed" title={new Date(item.created_at).toLocaleString('en-US')}>
              {formatRelativeTime(item.created_at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {activity.hasNextPage && (
        <Group>
          <Button variant="default" size="xs" onClick={() => activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
