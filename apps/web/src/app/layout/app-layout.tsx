import { AppShell, Avatar, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconFileText,
  IconLayoutDashboard,
  IconLogout,
  IconRadar,
  IconSettings,
  IconShieldLock,
  IconSparkles,
  IconTargetArrow,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE, PRODUCT_VERSION, initials } from '@biddesk/shared';
import { SkipLink, skipTargetClass } from '../../components/ui/skip-link';
import { useSession } from '../../lib/session-context';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { NAV_ITEMS, isNavItemActive } from './nav-items';

const ICONS: Record<string, typeof IconSettings> = {
  '/': IconLayoutDashboard,
  '/pipeline': IconTargetArrow,
  '/radar': IconRadar,
  '/partners': IconUsersGroup,
  '/ai-workspace': IconSparkles,
  '/documents': IconFileText,
  '/settings': IconSettings,
  '/admin': IconShieldLock,
};

/** The shared layout (SPEC §2): top bar, sidebar, footer around the signed-in screens. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { user, token, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const items = NAV_ITEMS.filter((item) => (!item.adminOnly || user?.role === 'admin') && (!item.internalOnly || !user?.is_guest));

  const handleLogout = () => {
    signOut({ byUser: true });
    void navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 36 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink targetId="main-content">Skip to main content</SkipLink>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <div>
              <Text fw={800} c="blue.8" lh={1.1}>
                {PRODUCT_NAME}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="xs">
                {PRODUCT_TAGLINE}
              </Text>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell enabled={Boolean(token && user)} />
            {user && (
              <Group gap="xs" wrap="nowrap">
                <Avatar color="blue" radius="xl" size="md">
                  {initials(user.name)}
                </Avatar>
                <Stack gap={0} visibleFrom="md">
                  <Text size="sm" fw={600} lh={1.2}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="user-menu-email">
                    {user.email}
                  </Text>
                </Stack>
              </Group>
            )}
            <Button variant="light" color="gray" size="xs" leftSection={<IconLogout size={16} />} onClick={handleLogout}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <nav aria-label="Main">
          {items.map((item) => {
            const Icon = ICONS[item.to];
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={18} />}
                active={isNavItemActive(item.to, location.pathname)}
                onClick={close}
                style={{ borderRadius: 6 }}
              />
            );
          })}
        </nav>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" id="main-content" tabIndex={-1} className={skipTargetClass}>
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between">
          <Text size="xs" c="dimmed">
            {PRODUCT_NAME} v{PRODUCT_VERSION}
          </Text>
          <Text size="xs" c="dimmed">
            {PRODUCT_TAGLINE}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
