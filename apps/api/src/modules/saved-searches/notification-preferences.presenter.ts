import type { NotificationPreferences } from '@biddesk/shared';
import type { NotificationPreferencesRow } from '../../db/schema/index';

/** Until a user saves Settings → Notifications: bell alerts on, mail off (mail is opt-in). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_notifications: false,
  deadline_reminders: true,
  new_opportunity_alerts: true,
};

/** A preferences row as Settings → Notifications reads it; the defaults when none was saved. */
export const presentPreferences = (row: NotificationPreferencesRow | undefined): NotificationPreferences =>
  row
    ? {
        email_notifications: row.emailNotifications,
        deadline_reminders: row.deadlineReminders,
        new_opportunity_alerts: row.newOpportunityAlerts,
      }
    : DEFAULT_NOTIFICATION_PREFERENCES;
