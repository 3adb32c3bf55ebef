import { ActionIcon, Badge, Box, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRelativeTime, type Notification } from '@biddesk/shared';
import { MESSAGES } from '../../../lib/messages';
import { safeRedirect } from '../../../lib/safe-redirect';
import { toast } from '../../../lib/toast';
import { useDeleteNotification, useMarkNotificationRead, useNotifications } from '../api/notifications-api';

/** Delay between closing the menu and following a notification's link (SPEC §4). */
export const NOTIFICATION_NAVIGATE_DELAY_MS = 300;

/**
 * The top-bar bell (SPEC §2, §4): unread count, a menu of notifications polled every 30 s; clicking
 * one marks it read and follows its link, each can be deleted. A popover (a dialog to assistive
 * technology), not a Mantine Menu: a menu may hold only menu items, and this one holds a list with
 * two buttons per notification (axe: aria-required-children, critical).
 */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const list = useNotifications(enabled);
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const items = list.data ?? [];
  const unread = items.filter((n) => !n.read).length;

  const handleOpen = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    if (!n.link) return;
    // Never off-site, even for a link stored before the server checked them.
    const link = safeRedirect(n.link);
    setOpened(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate(link), NOTIFICATION_NAVIGATE_DELAY_MS);
  };

  const handleDelete = (n: Notification) =>
    remove.mutate(n.id, {
      onSuccess: () => toast.success(MESSAGES.notificationDeleted),
      onError: (error) => toast.error(MESSAGES.failedToDeleteNotification, error),
    });

  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label} title="Notifications" onClick={() => setOpened((o) => !o)}>
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red"
            offset={2}
            disabled={unread === 0}
            data-testid="notification-unread-count"
            data-count={unread}
            styles={{ indicator: { fontSize: 10, fontWeight: 700 } }}
          >
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {unread > 0 && (
            <Badge size="sm" color="red" variant="light">
              {unread} unread
            </Badge>
          )}
        </Group>
        {items.length === 0 ? (
          <Stack align="center" gap={4} py="lg" c="dimmed">
            <IconBellOff size={28} />
            <Text size="sm">No notifications</Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={0} role="list" aria-label="Notifications">
              {items.map((n) => (
                <Group
                  key={n.id}
                  role="listitem"
                  data-testid="notification-item"
                  data-read={n.read}
                  wrap="nowrap"
                  align="flex-start"
                  gap="xs"
                  px="sm"
                  py="xs"
                  bg={n.read ? undefined : 'blue.0'}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
                >
                  <UnstyledButton onClick={() => handleOpen(n)} style={{ flex: 1, minWidth: 0 }} aria-label={n.title}>
                    <Group gap={6} wrap="nowrap">
                      {!n.read && <Box w={8} h={8} bg="blue.6" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />}
                      <Text size="sm" fw={n.read ? 500 : 700} truncate>
                        {n.title}
                      </Text>
                      {n.type === 'admin' && (
                        <Badge size="xs" color="grape" variant="light">
                          Admin
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={3}>
                      {n.message}
                    </Text>
                    <Text size="xs" c="dimmed" mt={2}>
                      {formatRelativeTime(n.created_at)}
                    </Text>
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Delete notification ${n.title}`}
                    onClick={() => handleDelete(n)}
                    loading={remove.isPending && remove.variables === n.id}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
