import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { multipartFile } from '../../../test/multipart';
import {
  ARCHIVED,
  NDA,
  OK,
  cells,
  describeRoleTable,
  type Cell,
  type RoleTableContext,
  type RoleTableEndpoint,
  type Scenario,
} from '../../../test/role-table';
import { rfpSnapshot } from '../../../test/rfp-factories';
import { seedSolicitation, smallRequirements } from '../../../test/rfp-work-plan';
import { SOLICITATION_PAGES, solicitationPdf } from '../../../test/solicitation-pdf';
import type { Db } from '../../db/client';
import { tasks, workspaces } from '../../db/schema/index';

/**
 * WORKSPACES.md §5 for RFP amendments: uploading an amended RFP (`rfp.run`), reading the amendments
 * and the solicitation with its diff (any member past the NDA gate, archived too), and dismissing a
 * task's flag (`task.dismissRequirementChanges`: OWNER, CONTRIBUTOR; not archived). Reads and
 * refusals leave solicitations, tasks, activity and bells as they were.
 */

interface Fixture {
  workspaceId: string;
  taskId: string;
}
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
const runs = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: NOT_ALLOWED,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: ARCHIVED,
  ARCHIVED_CONTRIBUTOR: ARCHIVED,
});
const dismisses = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: NOT_ALLOWED,
  VIEWER: NOT_ALLOWED,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: ARCHIVED,
  ARCHIVED_CONTRIBUTOR: ARCHIVED,
});

/** The small solicitation amended: L.1's page limit reworded (20 → 15) and L.3 (past performance) deleted. */
const amendedPdf = () =>
  solicitationPdf(
    SOLICITATION_PAGES.map((lines, i) =>
      i === 1 ? lines.filter((l) => !l.startsWith('L.3')).map((l) => l.replace('no more than 20 pages', 'no more than 15 pages')) : lines,
    ),
  );
const small = smallRequirements();
const textOf = (needle: string) => small.find((r) => r.text.includes(needle))!;

/** Solicitations, activity and bells (rfpSnapshot) and the workspace's tasks with their ids and flags. */
async function snapshot(db: Db, wsId: string) {
  const board = await db
    .select({ id: tasks.id, requirementIds: tasks.requirementIds, requirementChanges: tasks.requirementChanges })
    .from(tasks)
    .where(eq(tasks.workspaceId, wsId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  return { ...(await rfpSnapshot(db, wsId)), tasks: board };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/rfp/upload (an amendment)',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/rfp/upload`,
    request: async () => multipartFile('file', 'amendment.pdf', Buffer.from(await amendedPdf())),
    cells: runs,
    effect: (_f, before, after, res) => {
      expect(after.solicitations.map((s) => s.version)).toEqual([1, 2]);
      expect(res.json().amendment).toMatchObject({
        version: 2,
        previous_version: 1,
        counts: { changed: 1, removed: 1, added: 0, tasks_affected: 1 },
      });
      expect(after.activity).toEqual([...before.activity, 'rfp.amendment_diffed', 'rfp.uploaded'].sort());
      // One bell for each of the other four members.
      expect(after.notificationCount).toBe(before.notificationCount + 4);
      const [task] = after.tasks;
      expect(task!.requirementChanges.map((c) => [c.change, c.version])).toEqual([
        ['changed', 2],
        ['removed', 2],
      ]);
      expect(task!.requirementIds).toEqual([res.json().amendment.changed[0].current.requirement_id]);
    },
  },
];

const AMENDED_ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /workspaces/{id}/rfp/amendments',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/rfp/amendments`,
    cells: reads,
    answer: (_f, res) =>
      expect(res.json()).toMatchObject([
        { version: 2, previous_version: 1, counts: { changed: 1, removed: 1, added: 0, tasks_affected: 1 } },
      ]),
  },
  {
    name: 'GET /workspaces/{id}/rfp/solicitation (with its amendment)',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/rfp/solicitation`,
    cells: reads,
    answer: (_f, res) => expect(res.json()).toMatchObject({ version: 2, amendment: { version: 2, previous_version: 1 } }),
  },
  {
    name: 'POST /tasks/{id}/requirement-changes/dismiss',
    method: 'POST',
    url: (f) => `/api/tasks/${f.taskId}/requirement-changes/dismiss`,
    request: () => ({ payload: { through_version: 2 } }),
    cells: dismisses,
    unknownId: { swap: (f, id) => ({ ...f, taskId: id }), detail: 'Task not found' },
    effect: (_f, before, after, res) => {
      expect(before.tasks[0]!.requirementChanges).toHaveLength(2);
      expect(after.tasks[0]!.requirementChanges).toEqual([]);
      expect(after.tasks[0]!.requirementIds).toEqual(before.tasks[0]!.requirementIds);
      expect(res.json()).toMatchObject({ requirement_changes: [] });
      expect(after.activity).toEqual([...before.activity, 'task.requirement_changes_dismissed'].sort());
    },
  },
];

/**
 * Completes a role-table workspace: the small solicitation as version 1 and a task carrying L.1 and
 * L.3; with `amended`, the owner has uploaded the amendment (so the task is flagged) before the
 * workspace was archived.
 */
const fixture =
  (amended: boolean) =>
  async ({ t, users }: RoleTableContext, s: Scenario, workspaceId: string): Promise<Fixture> => {
    const owner = users.owner!;
    await seedSolicitation(t.db, workspaceId, owner.user.id);
    const [task] = await t.db
      .insert(tasks)
      .values({
        workspaceId,
        title: 'Technical volume',
        requirementIds: [textOf('no more than 20 pages').requirement_id, textOf('past performance references').requirement_id],
        createdBy: owner.user.id,
      })
      .returning();
    if (amended) {
      const archivedAt = s.startsWith('ARCHIVED_') ? new Date(Date.now() - 60_000) : null;
      if (archivedAt) await t.db.update(workspaces).set({ archivedAt: null }).where(eq(workspaces.id, workspaceId));
      const res = await t.injectAs(owner.token, {
        method: 'POST',
        url: `/api/workspaces/${workspaceId}/rfp/upload`,
        ...multipartFile('file', 'amendment.pdf', Buffer.from(await amendedPdf())),
      });
      expect(res.statusCode).toBe(200);
      if (archivedAt) await t.db.update(workspaces).set({ archivedAt }).where(eq(workspaces.id, workspaceId));
    }
    return { workspaceId, taskId: task!.id };
  };

describeRoleTable<Fixture, Snapshot>({
  fixture: fixture(false),
  snapshot: ({ t }, f) => snapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
describeRoleTable<Fixture, Snapshot>({
  fixture: fixture(true),
  snapshot: ({ t }, f) => snapshot(t.db, f.workspaceId),
  endpoints: AMENDED_ENDPOINTS,
});
