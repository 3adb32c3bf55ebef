import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { ARCHIVED, NDA, OK, SCENARIOS, cells, expectCell, expectChange, type Cell, type Scenario, createRoleUsers } from '../../../test/role-table';
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

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  /** The URL, given the fixture. */
  url: (f: Fixture) => string;
  body?: () => Promise<{ payload: Buffer; headers: Record<string, string> } | { payload: object }>;
  /** Whether the fixture already holds the amended version 2. */
  amended: boolean;
  cells: Record<Scenario, Cell>;
  effect?: (before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
}
interface Fixture {
  wsId: string;
  taskId: string;
}

const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });
const runs = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });
const dismisses = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: NOT_ALLOWED, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });

/** The small solicitation amended: L.1's page limit reworded (20 → 15) and L.3 (past performance) deleted. */
const amendedPdf = () =>
  solicitationPdf(
    SOLICITATION_PAGES.map((lines, i) => (i === 1 ? lines.filter((l) => !l.startsWith('L.3')).map((l) => l.replace('no more than 20 pages', 'no more than 15 pages')) : lines)),
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
    url: (f) => `/api/workspaces/${f.wsId}/rfp/upload`,
    body: async () => multipartFile('file', 'amendment.pdf', Buffer.from(await amendedPdf())),
    amended: false,
    cells: runs,
    effect: (before, after, res) => {
      expect(after.solicitations.map((s) => s.version)).toEqual([1, 2]);
      expect(res.json().amendment).toMatchObject({ version: 2, previous_version: 1, counts: { changed: 1, removed: 1, added: 0, tasks_affected: 1 } });
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
  { name: 'GET /workspaces/{id}/rfp/amendments', method: 'GET', url: (f) => `/api/workspaces/${f.wsId}/rfp/amendments`, amended: true, cells: reads },
  { name: 'GET /workspaces/{id}/rfp/solicitation (with its amendment)', method: 'GET', url: (f) => `/api/workspaces/${f.wsId}/rfp/solicitation`, amended: true, cells: reads },
  {
    name: 'POST /tasks/{id}/requirement-changes/dismiss',
    method: 'POST',
    url: (f) => `/api/tasks/${f.taskId}/requirement-changes/dismiss`,
    body: async () => ({ payload: { through_version: 2 } }),
    amended: true,
    cells: dismisses,
    effect: (before, after, res) => {
      expect(before.tasks[0]!.requirementChanges).toHaveLength(2);
      expect(after.tasks[0]!.requirementChanges).toEqual([]);
      expect(after.tasks[0]!.requirementIds).toEqual(before.tasks[0]!.requirementIds);
      expect(res.json()).toMatchObject({ requirement_changes: [] });
      expect(after.activity).toEqual([...before.activity, 'task.requirement_changes_dismissed'].sort());
    },
  },
];

let t: TestApp;
const users: Record<string, { user: { id: string }; token: string }> = {};

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

/**
 * Five members, the small solicitation as version 1 and a task carrying L.1 and L.3; with `amended`,
 * the owner has uploaded the amendment (so the task is flagged) before the workspace is archived.
 */
async function fixture(s: Scenario, amended: boolean): Promise<Fixture> {
  const owner = users.owner!;
  const ws = await createWorkspace(t.db, owner.user.id);
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  await seedSolicitation(t.db, ws.id, owner.user.id);
  const [task] = await t.db
    .insert(tasks)
    .values({ workspaceId: ws.id, title: 'Technical volume', requirementIds: [textOf('no more than 20 pages').requirement_id, textOf('past performance references').requirement_id], createdBy: owner.user.id })
    .returning();
  if (amended) {
    const res = await t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${ws.id}/rfp/upload`, ...multipartFile('file', 'amendment.pdf', Buffer.from(await amendedPdf())) });
    expect(res.statusCode).toBe(200);
  }
  if (s.startsWith('ARCHIVED_')) await t.db.update(workspaces).set({ archivedAt: new Date(Date.now() - 60_000) }).where(eq(workspaces.id, ws.id));
  return { wsId: ws.id, taskId: task!.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(users, await createRoleUsers(t));
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const f = await fixture(s, ep.amended);
    const archived = await t.injectAs(users.owner!.token, { method: 'GET', url: `/api/workspaces/${f.wsId}` });
    expect(archived.json().archived).toBe(s.startsWith('ARCHIVED_'));
    const before = await snapshot(t.db, f.wsId);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: ep.url(f), ...((await ep.body?.()) ?? {}) });
    expectCell(res, ep.cells[s]);
    expectChange(res, ep.method, before, await snapshot(t.db, f.wsId), ep.effect && ((b, a) => ep.effect!(b, a, res)));
    if (res.statusCode === 200 && ep.url(f).endsWith('/rfp/amendments')) {
      expect(res.json()).toMatchObject([{ version: 2, previous_version: 1, counts: { changed: 1, removed: 1, added: 0, tasks_affected: 1 } }]);
    }
    if (res.statusCode === 200 && ep.url(f).endsWith('/rfp/solicitation')) expect(res.json()).toMatchObject({ version: 2, amendment: { version: 2, previous_version: 1 } });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const f = await fixture('OWNER', ep.amended);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const url = ep.url(f).replace(ep.url(f).startsWith('/api/tasks/') ? f.taskId : f.wsId, id);
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url, ...((await ep.body?.()) ?? {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: ep.url(f).startsWith('/api/tasks/') ? 'Task not found' : 'Workspace not found' });
    }
  });
});
