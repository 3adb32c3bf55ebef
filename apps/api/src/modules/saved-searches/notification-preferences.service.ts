import type { NotificationPreferences } from '@biddesk/shared';
import type { Db } from '../../db/client';
import type { AuthedCtx } from '../../lib/ctx';
import { DEFAULT_NOTIFICATION_PREFERENCES, presentPreferences } from './notification-preferences.presenter';
import * as repository from './notification-preferences.repository';

export { DEFAULT_NOTIFICATION_PREFERENCES } from './notification-preferences.presenter';

/** The user's preferences as the API answers them (defaults until saved). */
export async function readPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  return presentPreferences(await repository.findByUser(db, userId));
}

/** GET /settings/notifications */
export async function getPreferences(ctx: AuthedCtx): Promise<NotificationPreferences> {
  return readPreferences(ctx.db, ctx.actor.id);
}

/** PUT /settings/notifications: the fields sent change, the others keep their value; one upsert. */
export async function updatePreferences(ctx: AuthedCtx, patch: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const values = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...patch };
  const changed = {
    ...(patch.email_notifications !== undefined ? { emailNotifications: patch.email_notifications } : {}),
    ...(patch.deadline_reminders !== undefined ? { deadlineReminders: patch.deadline_reminders } : {}),
    ...(patch.new_opportunity_alerts !== undefined ? { newOpportunityAlerts: patch.new_opportunity_alerts } : {}),
  };
  const row = await repository.upsert(
    ctx.db,
    ctx.actor.id,
    {
      emailNotifications: values.email_notifications,
      deadlineReminders: values.deadline_reminders,
      newOpportunityAlerts: values.new_opportunity_alerts,
    },
    changed,
  );
  return presentPreferences(row);
}
