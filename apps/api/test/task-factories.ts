import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { activity, notifications, tasks, type TaskRow } from '../src/db/schema/index';

/** Inserts a task straight into the table (no activity, no notification) and returns it. */
export async function createTask(
  db: Db,
  workspaceId: string,
  overrides: Partial<
    Pick<TaskRow, 'title' | 'description' | 'status' | 'assigneeUserId' | 'dueAt' | 'labels' | 'requirementIds' | 'createdBy' | 'createdAt'>
  > = {},
): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({ workspaceId, title: overrides.title ?? 'Write the technical volume', ...overrides })
    .returning();
  return row!;
}

/** Everything a task call could change in a workspace, to prove a refused call changed nothing. */
export async function taskSnapshot(db: Db, workspaceId: string) {
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status, updatedAt: tasks.updatedAt, assigneeUserId: tasks.assigneeUserId })
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId))
    .orderBy(asc(tasks.id));
  const log = await db
    .select({ id: activity.id, action: activity.action })
    .from(activity)
    .where(eq(activity.workspaceId, workspaceId))
    .orderBy(asc(activity.id));
  const bells = await db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id));
  return { tasks: rows, activity: log, notificationCount: bells.length };
}
