import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userChanged } from '../../lib/session-cache';
import {
  activity,
  generatedDocuments,
  inviteCodes,
  notifications,
  passwordResetTokens,
  savedOpportunities,
  users,
  workspaces,
  type UserRow,
} from '../../db/schema/index';

export interface UserWithStats {
  user: UserRow;
  savedCount: number;
  documentCount: number;
}

/**
 * Users with their saved-opportunity and generated-document counts in one query: each count is
 * aggregated once per table (GROUP BY user_id) and LEFT JOINed, never a query per user.
 * `id` narrows it to one user.
 */
export async function listWithStats(db: Db, id?: string): Promise<UserWithStats[]> {
  const saved = db
    .select({ userId: savedOpportunities.userId, n: count().as('saved_n') })
    .from(savedOpportunities)
    .groupBy(savedOpportunities.userId)
    .as('saved_counts');
  const docs = db
    .select({ userId: generatedDocuments.userId, n: count().as('docs_n') })
    .from(generatedDocuments)
    .groupBy(generatedDocuments.userId)
    .as('doc_counts');
  const query = db
    .select({
      user: users,
      savedCount: sql<number>`coalesce(${saved.n}, 0)`.mapWith(Number),
      documentCount: sql<number>`coalesce(${docs.n}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(saved, eq(saved.userId, users.id))
    .leftJoin(docs, eq(docs.userId, users.id))
    .orderBy(desc(users.createdAt), asc(users.id));
  return id ? query.where(eq(users.id, id)) : query;
}

/**
 * Locks every admin row (in id order, so concurrent callers queue instead of deadlocking) and
 * returns their ids. Under READ COMMITTED a waiting caller re-checks `role = 'admin'` once the
 * holder commits, so it sees an admin another transaction just demoted or deleted as gone.
 */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  return rows.map((r) => r.id);
}

/** Reads and locks one user row for the rest of the transaction. */
export async function findByIdForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Sets a user's role. */
export async function updateRole(db: Db, id: string, role: 'user' | 'admin'): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
  userChanged(id);
}

/** Makes a user a guest or an internal user (issue 26). */
export async function updateGuest(db: Db, id: string, isGuest: boolean): Promise<void> {
  await db.update(users).set({ isGuest, updatedAt: new Date() }).where(eq(users.id, id));
  // The auth hook caches user rows (lib/session-cache.ts): a new guest is refused at once.
  userChanged(id);
}

export interface RemovedCounts {
  saved_opportunities: number;
  generated_documents: number;
  notifications: number;
  reset_tokens: number;
}

/**
 * Removes a user and what they own; call inside a transaction. Saved opportunities, personal
 * generated documents, notifications and reset tokens go (workspace documents pass to the
 * workspace's owner); activity rows keep their copied actor name and
 * email with `user_id` null; invite codes they created stay with `created_by` null. The foreign
 * keys would do most of this by themselves, but doing it here makes the counts exact and keeps
 * the rule visible in one place.
 */
export async function deleteUserAndOwned(db: Db, id: string): Promise<RemovedCounts> {
  const saved = await db
    .delete(savedOpportunities)
    .where(eq(savedOpportunities.userId, id))
    .returning({ one: sql`1` });
  const docs = await db
    .delete(generatedDocuments)
    .where(and(eq(generatedDocuments.userId, id), isNull(generatedDocuments.workspaceId)))
    .returning({ one: sql`1` });
  // A workspace's documents belong to the team: they pass to the workspace's owner (ownership was
  // already handed over, see handOverOwnedWorkspaces) instead of going with their author.
  await db
    .update(generatedDocuments)
    .set({ userId: sql`(select ${workspaces.ownerId} from ${workspaces} where ${workspaces.id} = ${generatedDocuments.workspaceId})` })
    .where(and(eq(generatedDocuments.userId, id), isNotNull(generatedDocuments.workspaceId)));
  const notes = await db
    .delete(notifications)
    .where(eq(notifications.userId, id))
    .returning({ one: sql`1` });
  const tokens = await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, id))
    .returning({ one: sql`1` });
  await db.update(activity).set({ userId: null }).where(eq(activity.userId, id));
  await db.update(inviteCodes).set({ createdBy: null }).where(eq(inviteCodes.createdBy, id));
  await db.delete(users).where(eq(users.id, id));
  userChanged(id);
  return {
    saved_opportunities: saved.length,
    generated_documents: docs.length,
    notifications: notes.length,
    reset_tokens: tokens.length,
  };
}
