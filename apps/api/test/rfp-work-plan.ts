import { asc, eq } from 'drizzle-orm';
import { extractRequirements } from '@biddesk/analysis';
import type { Db } from '../src/db/client';
import { activity, notifications, rfpSolicitations, tasks, type StoredRequirement } from '../src/db/schema/index';
import { SMALL_PAGES } from './rfp-factories';

/** The small solicitation's requirements (C-1..C-2, L-1..L-4, M-1..M-3: their paragraph numbers), as the engine extracts them. */
export const smallRequirements = (): StoredRequirement[] =>
  extractRequirements(SMALL_PAGES.map((lines, i) => ({ page: i + 1, text: lines.join('\n') })));

/** Stores a solicitation version directly (no upload), with the given requirements. */
export async function seedSolicitation(
  db: Db,
  workspaceId: string,
  uploadedBy: string,
  requirements: StoredRequirement[] = smallRequirements(),
  version = 1,
) {
  const [row] = await db
    .insert(rfpSolicitations)
    .values({
      workspaceId,
      version,
      fileName: `v${version}.pdf`,
      storageKey: `k${version}`,
      sizeBytes: 10,
      pageCount: 3,
      requirements,
      uploadedBy,
    })
    .returning();
  return row!;
}

/** Everything the work-plan calls may change in a workspace: its tasks, activity and bells. */
export async function workPlanSnapshot(db: Db, workspaceId: string) {
  const board = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      requirementIds: tasks.requirementIds,
      assignee: tasks.assigneeUserId,
    })
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  const log = await db.select({ action: activity.action }).from(activity).where(eq(activity.workspaceId, workspaceId));
  const bells = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.link, `/workspace/${workspaceId}?tab=tasks`));
  return { tasks: board, activity: log.map((l) => l.action).sort(), notificationCount: bells.length };
}
