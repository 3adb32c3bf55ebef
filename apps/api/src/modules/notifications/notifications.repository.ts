import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users, type NotificationRow } from '../../db/schema/index';

export interface NotificationContent {
  title: string;
  message: string;
  type: string;
  link: string | null;
}

/** A user's notifications, newest first. */
export async function listForUser(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Sends one notification to one user. */
export async function insertForUser(db: Db, userId: string, content: NotificationContent): Promise<void> {
  await db.insert(notifications).values({ userId, ...content });
}

/**
 * Sends one notification to every user in a single `INSERT ... SELECT` from users (no loop, no
 * round trip per user); returns how many were written.
 */
export async function insertForAllUsers(db: Db, content: NotificationContent): Promise<number> {
  const rows = await db
    .insert(notifications)
    .select(
      db
        .select({
          userId: users.id,
          title: sql<string>`${content.title}::text`.as('title'),
          message: sql<string>`${content.message}::text`.as('message'),
          type: sql<string>`${content.type}::text`.as('type'),
          link: sql<string | null>`${content.link}::text`.as('link'),
        })
        .from(users),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
