import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  opportunities,
  tasks,
  users,
  workspaceDocuments,
  workspaceMembers,
  workspaces,
  type OpportunityRow,
  type WorkspaceMemberRow,
  type WorkspaceRow,
} from '../../db/schema/index';

/** A workspace as one member sees it: the row, their membership, the owner and the opportunity. */
export interface WorkspaceView {
  workspace: WorkspaceRow;
  member: WorkspaceMemberRow;
  memberCount: number;
  documentCount: number;
  openTaskCount: number;
  ownerName: string | null;
  opportunity: {
    id: string;
    title: string;
    department: string | null;
    solicitationNumber: string | null;
    responseDeadline: Date | null;
  } | null;
}

/** The opportunity facts a file name needs. */
export async function findOpportunityBrief(db: Db, id: string) {
  const [row] = await db
    .select({ id: opportunities.id, title: opportunities.title, solicitationNumber: opportunities.solicitationNumber })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row;
}

/** The opportunity a new workspace is on (its facts are kept on the workspace). */
export async function findOpportunityRow(db: Db, id: string): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

export async function findById(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

/** Reads and locks a workspace row for the rest of the transaction. */
export async function findByIdForUpdate(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
  return row;
}

/** The opportunity's workspace (at most one, WORKSPACES.md §2) with its owner's name. */
export async function findByOpportunity(
  db: Db,
  opportunityId: string,
): Promise<{ workspace: WorkspaceRow; ownerName: string | null } | undefined> {
  const [row] = await db
    .select({ workspace: workspaces, ownerName: users.name })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.opportunityId, opportunityId));
  return row;
}

export async function findMember(db: Db, workspaceId: string, userId: string): Promise<WorkspaceMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), eq(workspaceMembers.status, 'ACTIVE')));
  return row;
}

/** Creates a workspace and makes its creator the OWNER, in the caller's transaction. */
export async function insertWithOwner(
  db: Db,
  values: Pick<typeof workspaces.$inferInsert, 'opportunityId' | 'noticeId' | 'opportunitySnapshot' | 'name' | 'ownerId'>,
): Promise<WorkspaceRow> {
  const [row] = await db
    .insert(workspaces)
    .values({ ...values, createdBy: values.ownerId })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: row!.id, userId: values.ownerId, role: 'OWNER' });
  return row!;
}

/**
 * The caller's workspaces (or one of them), each with member count, owner name and opportunity,
 * in one query: newest first.
 */
export async function listViews(
  db: Db,
  userId: string,
  opts: { workspaceId?: string; includeArchived?: boolean },
): Promise<WorkspaceView[]> {
  const owner = sql`(select name from ${users} where ${users.id} = ${workspaces.ownerId})`;
  const memberCount = sql<number>`(select count(*) from ${workspaceMembers} m where m.workspace_id = ${workspaces.id} and m.status = 'ACTIVE')`;
  const documentCount = sql<number>`(select count(*) from ${workspaceDocuments} d where d.workspace_id = ${workspaces.id})`;
  const openTaskCount = sql<number>`(select count(*) from ${tasks} t where t.workspace_id = ${workspaces.id} and t.status <> 'DONE')`;
  const rows = await db
    .select({
      workspace: workspaces,
      member: workspaceMembers,
      memberCount: memberCount.mapWith(Number),
      documentCount: documentCount.mapWith(Number),
      openTaskCount: openTaskCount.mapWith(Number),
      ownerName: owner.mapWith(String),
      oppId: opportunities.id,
      oppTitle: opportunities.title,
      oppDepartment: opportunities.department,
      oppSolicitation: opportunities.solicitationNumber,
      oppDeadline: opportunities.responseDeadline,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(opportunities, eq(opportunities.id, workspaces.opportunityId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.status, 'ACTIVE'),
        opts.workspaceId ? eq(workspaces.id, opts.workspaceId) : undefined,
        opts.includeArchived || opts.workspaceId ? undefined : isNull(workspaces.archivedAt),
      ),
    )
    .orderBy(sql`${workspaces.createdAt} desc`, asc(workspaces.id));
  return rows.map((r) => ({
    workspace: r.workspace,
    member: r.member,
    memberCount: r.memberCount,
    documentCount: r.documentCount,
    openTaskCount: r.openTaskCount,
    ownerName: r.ownerName,
    opportunity: r.oppId
      ? {
          id: r.oppId,
          title: r.oppTitle!,
          department: r.oppDepartment,
          solicitationNumber: r.oppSolicitation,
          responseDeadline: r.oppDeadline,
        }
      : null,
  }));
}

export async function setArchivedAt(db: Db, id: string, archivedAt: Date | null): Promise<void> {
  await db.update(workspaces).set({ archivedAt }).where(eq(workspaces.id, id));
}

export async function setRequireNda(db: Db, id: string, requireNda: boolean): Promise<void> {
  await db.update(workspaces).set({ requireNda }).where(eq(workspaces.id, id));
}

/** Deletes a workspace; members, invites and its activity go by cascade. */
export async function remove(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(workspaces).where(eq(workspaces.id, id)).returning({ id: workspaces.id });
  return rows.length === 1;
}

/** Members with their user's name and email, owner first, then by joining date. */
export async function listMembers(db: Db, workspaceId: string) {
  return db
    .select({ member: workspaceMembers, name: users.name, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, 'ACTIVE')))
    .orderBy(
      sql`case when ${workspaceMembers.role} = 'OWNER' then 0 else 1 end`,
      asc(workspaceMembers.createdAt),
      asc(workspaceMembers.userId),
    );
}

/** Removes a non-owner membership; false when there was none to remove. */
export async function removeMember(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), ne(workspaceMembers.role, 'OWNER')))
    .returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

/** Adds a member unless they already are one; true when this call added them. */
export async function addMember(
  db: Db,
  values: { workspaceId: string; userId: string; role: 'CONTRIBUTOR' | 'REVIEWER' | 'VIEWER' },
): Promise<boolean> {
  const rows = await db.insert(workspaceMembers).values(values).onConflictDoNothing().returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

/** Is the user with this email an active member? */
export async function isMemberByEmail(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email.toLowerCase())));
  return Boolean(row);
}

/** Records the member's acceptance of an NDA version. */
export async function setNdaAccepted(db: Db, workspaceId: string, userId: string, ndaVersionId: string, at: Date): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ ndaVersionId, ndaAcceptedAt: at })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

/**
 * Workspaces a user owns, locked, for user deletion. NO KEY UPDATE: members still insert rows that
 * refer to the workspace meanwhile (their foreign-key check takes KEY SHARE), and a member leaving
 * locks their membership before writing the activity row; FOR UPDATE would deadlock with it.
 */
export async function listOwnedForUpdate(db: Db, ownerId: string): Promise<WorkspaceRow[]> {
  return db.select().from(workspaces).where(eq(workspaces.ownerId, ownerId)).orderBy(asc(workspaces.id)).for('no key update');
}

const ROLE_RANK = sql`case ${workspaceMembers.role} when 'CONTRIBUTOR' then 0 when 'REVIEWER' then 1 else 2 end`;

/**
 * The active members other than the owner who could inherit the workspace, best first
 * (CONTRIBUTOR, REVIEWER, VIEWER, then longest-standing), their membership rows locked so a
 * concurrent leave or removal waits for the hand-over. No LIMIT: a locked row that a concurrent
 * transaction deleted is skipped, and with a LIMIT the next candidate would not be read.
 */
export async function listSuccessorCandidatesForUpdate(db: Db, workspaceId: string, ownerId: string) {
  return db
    .select({ member: workspaceMembers, name: users.name, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.userId, ownerId), eq(workspaceMembers.status, 'ACTIVE')))
    .orderBy(ROLE_RANK, asc(workspaceMembers.createdAt), asc(workspaceMembers.userId))
    .for('update', { of: workspaceMembers });
}

/** Makes `userId` the workspace's OWNER (row and membership). */
export async function transferOwnership(db: Db, workspaceId: string, userId: string): Promise<void> {
  await db.update(workspaces).set({ ownerId: userId }).where(eq(workspaces.id, workspaceId));
  await db
    .update(workspaceMembers)
    .set({ role: 'OWNER' })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}
