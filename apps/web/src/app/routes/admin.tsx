import { Alert, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../features/auth/session-context';
import { InviteCodesPanel } from '../../features/admin/components/invite-codes-panel';

/** Admin dashboard (SPEC §2). Non-admins see the access-denied message and no data. */
export function AdminRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <Alert color="red" icon={<IconLock size={18} />} title="Access Denied">
        Access Denied - You don&apos;t have permission to access this page.
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Users, invite codes, notifications and data." />
      <Tabs defaultValue="user-management" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="user-management">User Management</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user-management">
          <InviteCodesPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
