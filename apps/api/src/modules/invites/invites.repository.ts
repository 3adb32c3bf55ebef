import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, workspaceInvites, workspaces, type WorkspaceInviteRow, type WorkspaceRow } from '../../db/schema/index';

export type NewInvite = typeof workspaceInvites.$inferInsert;
type EndReason = 'revoked' | 'declined' | 'replaced';

/** Ends every PENDING invite of this email in the workspace (a re-invite replaces the old link). */
export async function endPendingForEmail(db: Db, workspaceId: string, email: string, reason: EndReason, at: Date): Promise<number> {
  const rows = await db
    .update(workspaceInvites)
    .set({ status: 'REVOKED', revokedAt: at, revokedReason: reason })
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.email, email), eq(workspaceInvites.status, 'PENDING')))
    .returning({ id: workspaceInvites.id });
  return rows.length;
}

export async function insert(db: Db, values: NewInvite): Promise<WorkspaceInviteRow> {
  const [row] = await db.insert(workspaceInvites).values(values).returning();
  return row!;
}

export async function findById(db: Db, id: string): Promise<WorkspaceInviteRow | undefined> {
  const [row] = await db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
  return row;
}

/** An invite by its token's hash, with its workspace. */
export async function findByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ invite: WorkspaceInviteRow; workspace: WorkspaceRow } | undefined> {
  const [row] = await db
    .select({ invite: workspaceInvites, workspace: workspaces })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(eq(workspaceInvites.tokenHash, tokenHash));
  return row;
}

/** The workspace's invitations, newest first. */
export async function listByWorkspace(db: Db, workspaceId: string): Promise<WorkspaceInviteRow[]> {
  return db
    .select()
    .from(workspaceInvites)
    .where(eq(workspaceInvites.workspaceId, workspaceId))
    .orderBy(desc(workspaceInvites.createdAt), desc(workspaceInvites.id));
}

/** Live invitations sent to an email, with their workspace, newest first. */
export async function listPendingForEmail(
  db: Db,
  email: string,
  now: Date,
): Promise<{ invite: WorkspaceInviteRow; workspace: WorkspaceRow }[]> {
  return db
    .select({ invite: workspaceInvites, workspace: workspaces })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(and(eq(workspaceInvites.email, email), eq(workspaceInvites.status, 'PENDING'), gt(workspaceInvites.expiresAt, now)))
    .orderBy(desc(workspaceInvites.createdAt));
}

/**
 * Accepts a live invitation in one conditional UPDATE, so exactly one of any number of concurrent
 * accepts wins (WORKSPACES.md §1). `by` picks it by token hash or by id; `email` binds it to the
 * invited address. Undefined when it was not PENDING, had expired, or was not for this email.
 */
export async function acceptIfPending(
  db: Db,
  by: { tokenHash: string } | { id: string },
  email: string,
  userId: string,
  now: Date,
): Promise<WorkspaceInviteRow | undefined> {
  const key = 'tokenHash' in by ? eq(workspaceInvites.tokenHash, by.tokenHash) : eq(workspaceInvites.id, by.id);
  const [row] = await db
    .update(workspaceInvites)
    .set({ status: 'ACCEPTED', acceptedAt: now, acceptedBy: userId })
    .where(and(key, eq(workspaceInvites.status, 'PENDING'), gt(workspaceInvites.expiresAt, now), eq(workspaceInvites.email, email)))
    .returning();
  return row;
}

/** Ends one PENDING invite; undefined when it was no longer pending. */
export async function endIfPending(db: Db, id: string, reason: EndReason, now: Date): Promise<WorkspaceInviteRow | undefined> {
  const [row] = await db
    .update(workspaceInvites)
    .set({ status: 'REVOKED', revokedAt: now, revokedReason: reason })
    .where(and(eq(workspaceInvites.id, id), eq(workspaceInvites.status, 'PENDING')))
    .returning();
  return row;
}

/** Is there an account for this email? (The join page offers sign-in or sign-up.) */
export async function accountExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.email, email));
  return Boolean(row);
}
