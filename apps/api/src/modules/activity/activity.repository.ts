import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity, type ActivityRow } from '../../db/schema/index';

export type NewActivity = typeof activity.$inferInsert;

/** Appends one audit record. */
export async function insert(db: Db, entry: NewActivity): Promise<void> {
  await db.insert(activity).values(entry);
}

/** The most recent records, newest first. */
export async function listRecent(db: Db, limit: number): Promise<ActivityRow[]> {
  return db.select().from(activity).orderBy(desc(activity.createdAt)).limit(limit);
}

/**
 * One page of a workspace's activity, newest first. `before` is an activity id: the page starts
 * just after it in that order (keyset paging, so rows written meanwhile never shift a page).
 */
export async function listForWorkspace(db: Db, workspaceId: string, limit: number, before?: string): Promise<ActivityRow[]> {
  const cursor = before
    ? sql`(${activity.createdAt}, ${activity.id}) < (select created_at, id from ${activity} where id = ${before} and workspace_id = ${workspaceId})`
    : undefined;
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.workspaceId, workspaceId), cursor))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit);
}
