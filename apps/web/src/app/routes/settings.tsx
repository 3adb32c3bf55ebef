import { Tabs } from '@mantine/core';
import { IconBell, IconCalendar, IconLayout, IconPlugConnected, IconUser } from '@tabler/icons-react';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session-context';
import { DisplaySettings, IntegrationSettings } from '../../features/settings/components/preference-tabs';
import { CalendarSettings } from '../../features/settings/components/calendar-settings';
import { NotificationSettings } from '../../features/settings/components/notification-settings';
import { ProfileSettings } from '../../features/settings/components/profile-settings';

/** Settings (SPEC §2): Profile, Notifications (alert switches on the server), Calendar (a private feed, issue 26), Integration, Display (this browser). */
export function SettingsRoute() {
  // Notifications are saved-search and deadline alerts on opportunity data, which guests never see (issue 26).
  const isGuest = useSession().user?.is_guest ?? false;
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile and preferences. Notification alerts are kept with your account; display preferences in this browser."
      />
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
          {!isGuest && (
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
              Notifications
            </Tabs.Tab>
          )}
          <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} />}>
            Calendar
          </Tabs.Tab>
          <Tabs.Tab value="integration" leftSection={<IconPlugConnected size={16} />}>
            Integration
          </Tabs.Tab>
          <Tabs.Tab value="display" leftSection={<IconLayout size={16} />}>
            Display
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSettings />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationSettings />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <CalendarSettings />
        </Tabs.Panel>
        <Tabs.Panel value="integration">
          <IntegrationSettings />
        </Tabs.Panel>
        <Tabs.Panel value="display">
          <DisplaySettings />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
