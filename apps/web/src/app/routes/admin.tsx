// Styles of what only this screen uses travel with its chunk (router.tsx splits by route).
import '@mantine/charts/styles.css';
import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconActivity, IconBell, IconChartBar, IconDatabase, IconLock, IconUserCog, IconUsers } from '@tabler/icons-react';
import { Suspense, lazy, useEffect } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session-context';
import { adminErrorMessage, useAdminStats } from '../../features/admin/api/admin-api';
import { ActivityPanel } from '../../features/admin/components/activity-panel';
import { AdminStatCards } from '../../features/admin/components/admin-stat-cards';
import { CreateUserPanel } from '../../features/admin/components/create-user-panel';
import { DatabasePanel } from '../../features/admin/components/database-panel';
import { InviteCodesPanel } from '../../features/admin/components/invite-codes-panel';
import { SendNotificationPanel } from '../../features/admin/components/send-notification-panel';
import { UsersPanel } from '../../features/admin/components/users-panel';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

// The charts library is large: load it only when the Analytics tab opens.
const AnalyticsPanel = lazy(() => import('../../features/admin/components/analytics-panel').then((m) => ({ default: m.AnalyticsPanel })));

const Loading = () => (
  <Center py="xl">
    <Loader />
  </Center>
);

function AccessDenied() {
  return (
    <Alert color="red" icon={<IconLock size={18} />} title="Access Denied">
      Access Denied - You don&apos;t have permission to access this page.
    </Alert>
  );
}

/** Admin dashboard (SPEC §2). Non-admins see the access-denied message and no data is requested. */
export function AdminRoute() {
  const { user } = useSession();
  if (!user || user.role !== 'admin') return <AccessDenied />;
  return <AdminDashboard userId={user.id} />;
}

function AdminDashboard({ userId }: { userId: string }) {
  const stats = useAdminStats();

  useEffect(() => {
    if (!stats.isError) return;
    const message = adminErrorMessage(stats.error, '');
    toast.error(message === MESSAGES.adminAccessRequired ? message : `Failed to load admin data: ${message || stats.error.message}`);
  }, [stats.isError, stats.error]);

  if (stats.isPending) return <Loading />;
  // SPEC §2: without stats the page shows the access-denied message.
  if (stats.isError) return <AccessDenied />;

  return (
    <>
      <PageHeader title="Admin Dashboard" description="Users, invite codes, notifications and data." />
      <AdminStatCards stats={stats.data} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="user-management" leftSection={<IconUserCog size={16} />}>
            User Management
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            Notifications
          </Tabs.Tab>
          <Tabs.Tab value="database" leftSection={<IconDatabase size={16} />}>
            Database
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="activity" leftSection={<IconActivity size={16} />}>
            Activity
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel currentUserId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="user-management">
          <Stack>
            <CreateUserPanel />
            <InviteCodesPanel />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <SendNotificationPanel />
        </Tabs.Panel>
        <Tabs.Panel value="database">
          <DatabasePanel />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <Suspense fallback={<Loading />}>
            <AnalyticsPanel stats={stats.data} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
