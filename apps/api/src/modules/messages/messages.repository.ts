import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, type ChatMessageRow } from '../../db/schema/index';

/** Advisory-lock namespace for "one chat insert at a time per workspace" (any constant of our own). */
const CHAT_LOCK_SPACE = 0x43_48_41_54; // 'CHAT'

export interface NewChatMessage {
  workspaceId: string;
  userId: string;
  authorName: string;
  message: string;
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
}

/**
 * Inserts a message; run it inside a transaction. Inserts into one workspace are serialised by a
 * transaction-scoped advisory lock, and `created_at` is taken after the lock as a strictly
 * increasing clock per workspace (never below the previous message + 1 µs). So a message's
 * (created_at, id) order is also its commit order: once a reader sees a message, every message
 * that sorts before it is already committed, and an `after` cursor can never skip one that was
 * still in flight (the late-commit gap `now()` at transaction start would leave).
 */
export async function insert(db: Db, values: NewChatMessage): Promise<ChatMessageRow> {
  await db.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_SPACE}::int4, hashtext(${values.workspaceId}))`);
  const createdAt = sql`greatest(clock_timestamp(), coalesce(
    (select max(m.created_at) from ${chatMessages} m where m.workspace_id = ${values.workspaceId}) + interval '1 microsecond',
    clock_timestamp()))`;
  const [row] = await db
    .insert(chatMessages)
    .values({ ...values, createdAt })
    .returning();
  return row!;
}

export async function findById(db: Db, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

/** How many messages a workspace has. */
export async function countByWorkspace(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

const newestFirst = [desc(chatMessages.createdAt), desc(chatMessages.id)] as const;

/** SPEC skip/limit: `skip` counts from the newest message; answered oldest first. */
export async function listPage(db: Db, workspaceId: string, skip: number, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.workspaceId, workspaceId))
    .orderBy(...newestFirst)
    .offset(skip)
    .limit(limit);
  return rows.reverse();
}

/**
 * The cursor row's key is compared inside SQL: `created_at` has microseconds, which a JS Date
 * would round away and so break the keyset.
 */
const cursorKey = (cursorId: string) => sql`(select c.created_at, c.id from ${chatMessages} c where c.id = ${cursorId})`;

/** The `limit` messages just older than the cursor message, oldest first (keyset on created_at, id). */
export async function listBefore(db: Db, workspaceId: string, cursorId: string, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.workspaceId, workspaceId), sql`(${chatMessages.createdAt}, ${chatMessages.id}) < ${cursorKey(cursorId)}`))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.reverse();
}

/** Up to `limit` messages newer than the cursor message, oldest first. */
export async function listAfter(db: Db, workspaceId: string, cursorId: string, limit: number): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.workspaceId, workspaceId), sql`(${chatMessages.createdAt}, ${chatMessages.id}) > ${cursorKey(cursorId)}`))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

/**
 * Replaces the text of the author's own message, only while it is younger than `windowMs`: one
 * conditional UPDATE, so the server clock decides and a late edit cannot slip through.
 */
export async function updateTextWithinWindow(
  db: Db,
  id: string,
  userId: string,
  message: string,
  windowMs: number,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ message, editedAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.id, id),
        eq(chatMessages.userId, userId),
        sql`${chatMessages.createdAt} > now() - make_interval(secs => ${windowMs / 1000}::float8)`,
      ),
    )
    .returning();
  return row;
}

/** Deletes a message; returns it when it existed. */
export async function remove(db: Db, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.delete(chatMessages).where(eq(chatMessages.id, id)).returning();
  return row;
}
