import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createTask, taskSnapshot } from '../../../test/task-factories';
import { SCENARIOS, ARCHIVED, NDA, OK, cells, expectCell, expectChange, type Scenario, type Cell } from '../../../test/role-table';

/**
 * WORKSPACES.md §5 for the task board: every task endpoint, table-driven over the roles, a
 * non-member, no token, an NDA-pending member and an archived workspace. Each cell runs on a fresh
 * workspace; a refused call (and any read) must leave tasks, activity and notifications as they were.
 */


type Snapshot = Awaited<ReturnType<typeof taskSnapshot>>;
interface Fixture {
  workspaceId: string;
  /** TODO, created by the owner. */
  todoId: string;
  /** IN_PROGRESS, created by the owner. */
  inProgressId: string;
  /** Created by the caller (the owner's for NON_MEMBER and ANONYMOUS). */
  ownTaskId: string;
}
interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (f: Fixture, workspaceId: string) => string;
  body?: () => Record<string, unknown>;
  cells: Record<Scenario, Cell>;
  effect?: (f: Fixture, before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
  /** The URL names a task, not a workspace: the unknown-id row expects "Task not found". */
  taskInUrl?: boolean;
}

const NO = { status: 403, detail: "You don't have permission to do that in this workspace" };
const NOT_BACK = { status: 403, detail: 'Reviewers can only move tasks forward' };
const NOT_OWN = { status: 403, detail: 'You can only delete tasks you created' };

const changes = (c: Pick<Record<Scenario, Cell>, 'OWNER' | 'CONTRIBUTOR' | 'REVIEWER' | 'VIEWER'>) =>
  cells({ ...c, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });

const newActions = (before: Snapshot, after: Snapshot) => after.activity.slice(before.activity.length).map((a) => a.action);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /workspaces/{id}/tasks',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/tasks`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK }),
  },
  {
    name: 'POST /workspaces/{id}/tasks',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/tasks`,
    body: () => ({ title: 'Draft the past performance volume', labels: ['volume-3'] }),
    cells: changes({ OWNER: { status: 201 }, CONTRIBUTOR: { status: 201 }, REVIEWER: NO, VIEWER: NO }),
    effect: (_f, before, after, res) => {
      expect(after.tasks).toHaveLength(before.tasks.length + 1);
      expect(after.tasks.find((t) => t.id === res.json().id)).toMatchObject({ title: 'Draft the past performance volume', status: 'TODO' });
      expect(newActions(before, after)).toEqual(['task.created']);
    },
  },
  {
    name: 'PATCH /tasks/{id} TODO → IN_PROGRESS (forward)',
    method: 'PATCH',
    url: (f) => `/api/tasks/${f.todoId}`,
    body: () => ({ status: 'IN_PROGRESS' }),
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.find((t) => t.id === f.todoId)!.status).toBe('IN_PROGRESS');
      expect(newActions(before, after)).toEqual(['task.moved']);
    },
    taskInUrl: true,
  },
  {
    name: 'PATCH /tasks/{id} IN_PROGRESS → TODO (back)',
    method: 'PATCH',
    url: (f) => `/api/tasks/${f.inProgressId}`,
    body: () => ({ status: 'TODO' }),
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: NOT_BACK, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.find((t) => t.id === f.inProgressId)!.status).toBe('TODO');
      expect(newActions(before, after)).toEqual(['task.moved']);
    },
    taskInUrl: true,
  },
  {
    name: "DELETE /tasks/{id} (someone else's task)",
    method: 'DELETE',
    url: (f) => `/api/tasks/${f.todoId}`,
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: NOT_OWN, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.map((t) => t.id)).toEqual(before.tasks.map((t) => t.id).filter((id) => id !== f.todoId));
      expect(newActions(before, after)).toEqual(['task.deleted']);
    },
    taskInUrl: true,
  },
  {
    name: 'DELETE /tasks/{id} (own task)',
    method: 'DELETE',
    url: (f) => `/api/tasks/${f.ownTaskId}`,
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.map((t) => t.id)).toEqual(before.tasks.map((t) => t.id).filter((id) => id !== f.ownTaskId));
      expect(newActions(before, after)).toEqual(['task.deleted']);
    },
    taskInUrl: true,
  },
];

let t: TestApp;
const users: Record<string, { user: { id: string }; token: string }> = {};

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

async function fixture(s: Scenario): Promise<Fixture> {
  const archived = s.startsWith('ARCHIVED_');
  const ownerId = users.owner!.user.id;
  const ws = await createWorkspace(t.db, ownerId, { name: 'Task roles', archivedAt: archived ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const todo = await createTask(t.db, ws.id, { title: 'Outline', createdBy: ownerId, createdAt: at(3) });
  const inProgress = await createTask(t.db, ws.id, { title: 'Pricing', status: 'IN_PROGRESS', createdBy: ownerId, createdAt: at(2) });
  const own = await createTask(t.db, ws.id, { title: 'Mine', createdBy: actorOf(s)?.user.id ?? ownerId, createdAt: at(1) });
  return { workspaceId: ws.id, todoId: todo.id, inProgressId: inProgress.id, ownTaskId: own.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'outsider']) {
    users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const f = await fixture(s);
    const before = await taskSnapshot(t.db, f.workspaceId);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: ep.url(f, f.workspaceId), ...(ep.body ? { payload: ep.body() } : {}) });
    expectCell(res, ep.cells[s]);
    const after = await taskSnapshot(t.db, f.workspaceId);
    expectChange(res, ep.method, before, after, ep.effect && ((b, a) => ep.effect!(f, b, a, res)));
    if (ep.method === 'GET' && res.statusCode === 200) {
      expect(res.json().map((task: { title: string }) => task.title)).toEqual(['Outline', 'Mine', 'Pricing']);
    }
  });

  it(`answers 404 "${ep.taskInUrl ? 'Task' : 'Workspace'} not found" for an unknown or malformed id`, async () => {
    const f = await fixture('OWNER');
    const before = await taskSnapshot(t.db, f.workspaceId);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const url = ep.taskInUrl ? ep.url(f, f.workspaceId).replace(/[^/]+$/, id) : ep.url(f, id);
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url, ...(ep.body ? { payload: ep.body() } : {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: ep.taskInUrl ? 'Task not found' : 'Workspace not found' });
    }
    expect(await taskSnapshot(t.db, f.workspaceId)).toEqual(before);
  });
});
