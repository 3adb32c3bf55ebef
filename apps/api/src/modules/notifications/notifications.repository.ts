import { and, desc, eq, sql } from 'drizzle-orm';
import { isInAppPath } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { notifications, users, workspaceInvites, type NotificationRow } from '../../db/schema/index';

export interface NotificationContent {
  title: string;
  message: string;
  type: string;
  link: string | null;
  /** The invitation this notification offers: shown only while it can still be accepted. */
  inviteId?: string | null;
}

/**
 * A user's notifications, newest first. One that offers an invitation shows only while the
 * invitation is PENDING and unexpired (issue 21 item 9): accepted, declined, revoked, replaced or
 * expired offers are not offered again; a deleted workspace takes them with it (cascade).
 */
export async function listForUser(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  const liveOffer = sql`(${notifications.inviteId} is null or exists (select 1 from ${workspaceInvites} i where i.id = ${notifications.inviteId} and i.status = 'PENDING' and i.expires_at > now()))`;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), liveOffer))
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

/**
 * The bell follows a notification's link inside the app, so only a same-origin in-app path may be
 * stored: "//host", "/\\host" or a scheme would take the reader off-site. Callers build links from
 * ids; one that fails here is a bug, not user input (the admin form is checked by its schema).
 */
function assertInAppLink(content: NotificationContent): void {
  if (content.link !== null && !isInAppPath(content.link)) throw new Error('A notification link must be an in-app path');
}

/** Sends one notification to one user. */
export async function insertForUser(db: Db, userId: string, content: NotificationContent): Promise<void> {
  assertInAppLink(content);
  await db.insert(notifications).values({ userId, ...content });
}

/**
 * One notification for whoever owns the workspace when the statement runs (an admin's deletion of
 * the owner may just have handed it on); nothing when the workspace is gone.
 */
export async function insertForWorkspaceOwner(db: Db, workspaceId: string, content: NotificationContent): Promise<void> {
  assertInAppLink(content);
  await db.execute(sql`
    insert into ${notifications} (user_id, title, message, type, link)
    select w.owner_id, ${content.title}, ${content.message}, ${content.type}, ${content.link}
    from workspaces w join ${users} u on u.id = w.owner_id
    where w.id = ${workspaceId}`);
}

/**
 * Sends one notification to every user in a single `INSERT ... SELECT` from users (no loop, no
 * round trip per user); returns how many were written, counted in the database.
 */
export async function insertForAllUsers(db: Db, content: NotificationContent): Promise<number> {
  assertInAppLink(content);
  const result = await db.execute<{ sent: number | string }>(sql`
    with inserted as (
      insert into ${notifications} (user_id, title, message, type, link)
      select ${users.id}, ${content.title}::text, ${content.message}::text, ${content.type}::text, ${content.link}::text
      from ${users}
      returning 1
    )
    select count(*)::int as sent from inserted`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { sent: number | string }[] }).rows) as { sent: number | string }[];
  return Number(rows[0]?.sent ?? 0);
}
