import { and, asc, eq, sql } from 'drizzle-orm';
import type { TaskRequirementChange, TaskStatus } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { tasks, users, type TaskRow } from '../../db/schema/index';

export type NewTask = typeof tasks.$inferInsert;
/** A task with its assignee's current name (null when unassigned or the account is gone). */
export interface TaskView {
  task: TaskRow;
  assigneeName: string | null;
}

export async function insert(db: Db, values: NewTask): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

/** Several tasks in one statement (tasks made from RFP requirements), in the order given. */
export async function insertMany(db: Db, values: NewTask[]): Promise<TaskRow[]> {
  if (!values.length) return [];
  return db.insert(tasks).values(values).returning();
}

export async function findById(db: Db, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/** The board: by column (TODO to DONE), then oldest first. */
export async function listByWorkspace(db: Db, workspaceId: string): Promise<TaskView[]> {
  return db
    .select({ task: tasks, assigneeName: users.name })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeUserId))
    .where(eq(tasks.workspaceId, workspaceId))
    .orderBy(
      sql`case ${tasks.status} when 'TODO' then 0 when 'IN_PROGRESS' then 1 when 'REVIEW' then 2 else 3 end`,
      asc(tasks.createdAt),
      asc(tasks.id),
    );
}

/** One task with its assignee's name. */
export async function findView(db: Db, id: string): Promise<TaskView | undefined> {
  const [row] = await db
    .select({ task: tasks, assigneeName: users.name })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeUserId))
    .where(eq(tasks.id, id));
  return row;
}

/**
 * Moves a task only if it is still in `from`: of two concurrent moves from the same column, one
 * finds the row changed and updates nothing. Undefined when the task was not in `from` any more.
 */
export async function moveIfStatus(db: Db, id: string, from: TaskStatus, to: TaskStatus): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, from)))
    .returning();
  return row;
}

/**
 * An RFP amendment's effect on one task: its requirement ids re-pointed to the new version and the
 * changes appended to its flag in the same statement (appending in SQL keeps a concurrent dismiss
 * from being overwritten by a stale copy).
 */
export async function applyAmendment(db: Db, id: string, requirementIds: string[], changes: TaskRequirementChange[]): Promise<void> {
  await db
    .update(tasks)
    .set({ requirementIds, requirementChanges: sql`${tasks.requirementChanges} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(tasks.id, id));
}

/**
 * Clears a task's amendment flag in one statement: every change, or only those from amendments up
 * to `throughVersion` (a later amendment the member has not seen stays flagged). Undefined when the
 * task is gone.
 */
export async function dismissRequirementChanges(db: Db, id: string, throughVersion?: number): Promise<TaskRow | undefined> {
  const kept =
    throughVersion === undefined
      ? sql`'[]'::jsonb`
      : sql`coalesce((select jsonb_agg(e.value order by e.ord) from jsonb_array_elements(${tasks.requirementChanges}) with ordinality as e(value, ord) where (e.value->>'version')::int > ${throughVersion}), '[]'::jsonb)`;
  const [row] = await db.update(tasks).set({ requirementChanges: kept }).where(eq(tasks.id, id)).returning();
  return row;
}

/** Deletes a task; false when it was already gone. */
export async function remove(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return rows.length === 1;
}
