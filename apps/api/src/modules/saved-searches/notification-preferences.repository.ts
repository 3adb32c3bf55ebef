import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPreferences, type NotificationPreferencesRow } from '../../db/schema/index';

/** The user's saved notification settings; undefined until they first save Settings → Notifications. */
export async function findByUser(db: Db, userId: string): Promise<NotificationPreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

/**
 * One upsert: `values` for a first save; on a later one only the fields named in `changed` are
 * set, so a PUT of one field keeps the others.
 */
export async function upsert(
  db: Db,
  userId: string,
  values: Pick<NotificationPreferencesRow, 'emailNotifications' | 'deadlineReminders' | 'newOpportunityAlerts'>,
  changed: Partial<Pick<NotificationPreferencesRow, 'emailNotifications' | 'deadlineReminders' | 'newOpportunityAlerts'>>,
): Promise<NotificationPreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changed, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
