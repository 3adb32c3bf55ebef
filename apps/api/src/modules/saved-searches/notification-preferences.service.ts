import type { NotificationPreferences } from '@biddesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, type NotificationPreferencesRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';

/** Until a user saves Settings → Notifications: bell alerts on, mail off (mail is opt-in). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_notifications: false,
  deadline_reminders: true,
  new_opportunity_alerts: true,
};

const present = (row: NotificationPreferencesRow | undefined): NotificationPreferences =>
  row
    ? { email_notifications: row.emailNotifications, deadline_reminders: row.deadlineReminders, new_opportunity_alerts: row.newOpportunityAlerts }
    : DEFAULT_NOTIFICATION_PREFERENCES;

export async function readPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return present(row);
}

/** GET /settings/notifications */
export async function getPreferences(ctx: AuthedCtx): Promise<NotificationPreferences> {
  return readPreferences(ctx.db, ctx.actor.id);
}

/** PUT /settings/notifications: the fields sent change, the others keep their value; one upsert. */
export async function updatePreferences(ctx: AuthedCtx, patch: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const values = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...patch };
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (patch.email_notifications !== undefined) set.emailNotifications = patch.email_notifications;
  if (patch.deadline_reminders !== undefined) set.deadlineReminders = patch.deadline_reminders;
  if (patch.new_opportunity_alerts !== undefined) set.newOpportunityAlerts = patch.new_opportunity_alerts;
  const [row] = await ctx.db
    .insert(notificationPreferences)
    .values({
      userId: ctx.actor.id,
      emailNotifications: values.email_notifications,
      deadlineReminders: values.deadline_reminders,
      newOpportunityAlerts: values.new_opportunity_alerts,
    })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set })
    .returning();
  return present(row);
}
