import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  opportunities,
  pipelineStages,
  pursuits,
  rfpSolicitations,
  savedOpportunities,
  tasks,
  users,
  workspaceMembers,
  workspaces,
  type CalendarFeedRow,
} from '../../db/schema/index';

export async function findByUser(db: Db, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/** The feed's owner, when the token is a live one. */
export async function ownerOfToken(db: Db, token: string): Promise<{ userId: string; isGuest: boolean } | undefined> {
  const [row] = await db
    .select({ userId: users.id, isGuest: users.isGuest })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  return row;
}

/** One statement: the user's feed now answers to `token` only (a new feed, or a reset one). */
export async function replaceToken(db: Db, userId: string, token: string): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } })
    .returning();
  return row!;
}

export async function remove(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

export interface NoticeDeadlineRow {
  opportunityId: string;
  title: string;
  solicitationNumber: string | null;
  responseDeadline: Date;
  responseTimeZone: string | null;
}

const noticeDeadline = {
  opportunityId: opportunities.id,
  title: opportunities.title,
  solicitationNumber: opportunities.solicitationNumber,
  responseDeadline: opportunities.responseDeadline,
  responseTimeZone: opportunities.responseTimeZone,
};

// The filters above keep only rows with a deadline; this says so to the type.
const withDeadline = (rows: (Omit<NoticeDeadlineRow, 'responseDeadline'> & { responseDeadline: Date | null })[]): NoticeDeadlineRow[] =>
  rows.flatMap((r) => (r.responseDeadline ? [{ ...r, responseDeadline: r.responseDeadline }] : []));

/** The response deadlines of the notices the user saved, from `since` on. */
export async function savedDeadlines(db: Db, userId: string, since: Date): Promise<NoticeDeadlineRow[]> {
  const rows = await db
    .select(noticeDeadline)
    .from(savedOpportunities)
    .innerJoin(opportunities, eq(opportunities.id, savedOpportunities.opportunityId))
    .where(and(eq(savedOpportunities.userId, userId), gte(opportunities.responseDeadline, since)));
  return withDeadline(rows);
}

/** The response deadlines of the open pursuits the user is capture owner of, from `since` on. */
export async function pursuedDeadlines(db: Db, userId: string, since: Date): Promise<NoticeDeadlineRow[]> {
  const rows = await db
    .select(noticeDeadline)
    .from(pursuits)
    .innerJoin(pipelineStages, eq(pipelineStages.id, pursuits.stageId))
    .innerJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .where(and(eq(pursuits.ownerId, userId), isNull(pipelineStages.outcome), gte(opportunities.responseDeadline, since)));
  return withDeadline(rows);
}

/** The next actions of the user's open pursuits that have a date. */
export async function nextActions(
  db: Db,
  userId: string,
): Promise<{ pursuitId: string; action: string | null; due: string; title: string }[]> {
  return db
    .select({
      pursuitId: pursuits.id,
      action: pursuits.nextAction,
      due: pursuits.nextActionDue,
      title: sql<string>`${pursuits.notice}->>'title'`,
    })
    .from(pursuits)
    .innerJoin(pipelineStages, eq(pipelineStages.id, pursuits.stageId))
    .where(and(eq(pursuits.ownerId, userId), isNull(pipelineStages.outcome), isNotNull(pursuits.nextActionDue)))
    .then((rows) => rows.flatMap((r) => (r.due ? [{ ...r, due: r.due }] : [])));
}

/** The user's memberships of workspaces that are not archived, with their workspace. */
export async function openMemberships(db: Db, userId: string) {
  return db
    .select({ workspace: workspaces, member: workspaceMembers })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), isNull(workspaces.archivedAt)));
}

/** Open tasks assigned to the user, with a due time, in these workspaces. */
export async function assignedTasks(db: Db, userId: string, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, workspaceId: tasks.workspaceId })
    .from(tasks)
    .where(
      and(inArray(tasks.workspaceId, workspaceIds), eq(tasks.assigneeUserId, userId), ne(tasks.status, 'DONE'), isNotNull(tasks.dueAt)),
    )
    .then((rows) => rows.flatMap((r) => (r.dueAt ? [{ ...r, dueAt: r.dueAt }] : [])));
}

/** Each workspace's newest solicitation version, with its requirements. */
export async function latestSolicitations(db: Db, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .selectDistinctOn([rfpSolicitations.workspaceId], {
      id: rfpSolicitations.id,
      workspaceId: rfpSolicitations.workspaceId,
      requirements: rfpSolicitations.requirements,
    })
    .from(rfpSolicitations)
    .where(inArray(rfpSolicitations.workspaceId, workspaceIds))
    .orderBy(rfpSolicitations.workspaceId, desc(rfpSolicitations.version));
}
