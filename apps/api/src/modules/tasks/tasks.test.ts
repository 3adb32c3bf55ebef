import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createTask, taskSnapshot } from '../../../test/task-factories';
import { notifications } from '../../db/schema/index';

/** Task creation rules, the assignee and its notification, deletion by reviewers, and no leaks. */

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;
let contributor: U;
let reviewer: U;
let outsider: U;
let workspaceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
  reviewer = await createUser(t.db, t.config, { name: 'Rita Reviewer' });
  outsider = await createUser(t.db, t.config, { name: 'Oscar Outsider' });
  workspaceId = (await createWorkspace(t.db, owner.user.id, { name: 'Navy bid' })).id;
  await addMember(t.db, workspaceId, contributor.user.id, 'CONTRIBUTOR');
  await addMember(t.db, workspaceId, reviewer.user.id, 'REVIEWER');
});
afterAll(async () => {
  await t.close();
});

const create = (token: string, payload: Record<string, unknown>, wsId = workspaceId) =>
  t.injectAs(token, { method: 'POST', url: `/api/workspaces/${wsId}/tasks`, payload });
const bellsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('POST /workspaces/{id}/tasks', () => {
  it('creates a task with every field, trimmed and de-duplicated', async () => {
    const res = await create(contributor.token, {
      title: '  Compliance matrix  ',
      description: 'Map every L and M clause',
      assignee_user_id: reviewer.user.id,
      due_at: '2026-12-01T17:00:00.000Z',
      labels: [' volume-1 ', 'urgent', 'volume-1'],
      requirement_ids: ['L-001', 'M-002', 'L-001'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Compliance matrix',
      description: 'Map every L and M clause',
      status: 'TODO',
      assignee_user_id: reviewer.user.id,
      assignee_name: 'Rita Reviewer',
      due_at: '2026-12-01T17:00:00.000Z',
      labels: ['volume-1', 'urgent'],
      requirement_ids: ['L-001', 'M-002'],
      created_by: contributor.user.id,
    });
    const list = await t.injectAs(reviewer.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/tasks` });
    expect(list.json()).toContainEqual(res.json());
  });

  it('creates an unassigned task with only a title (null and missing optionals alike)', async () => {
    for (const payload of [{ title: 'Cover letter' }, { title: 'Cover letter', description: null, assignee_user_id: null, due_at: null }]) {
      const res = await create(owner.token, payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        description: null,
        assignee_user_id: null,
        assignee_name: null,
        due_at: null,
        labels: [],
        requirement_ids: [],
      });
    }
  });

  it.each([
    ['a missing title', {}, 'Task title is required'],
    ['a blank title', { title: '   ' }, 'Task title is required'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'Task title is too long (200 characters at most)'],
    ['a malformed assignee id', { title: 'T', assignee_user_id: 'bob' }, 'Assignee must be a user id'],
    ['a malformed due date', { title: 'T', due_at: 'next friday' }, 'Due date must be an ISO date and time'],
    ['eleven labels', { title: 'T', labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, 'A task has 10 labels at most'],
    ['a blank label', { title: 'T', labels: ['ok', ' '] }, 'Labels cannot be blank'],
    ['a label over 30 characters', { title: 'T', labels: ['x'.repeat(31)] }, 'Labels are 30 characters at most'],
    ['labels that are not a list', { title: 'T', labels: 'urgent' }, 'Labels must be a list'],
    [
      'a description over 5000 characters',
      { title: 'T', description: 'x'.repeat(5001) },
      'Description is too long (5000 characters at most)',
    ],
    ['a requirement id over 20 characters', { title: 'T', requirement_ids: ['R'.repeat(21)] }, 'Requirement ids are 20 characters at most'],
    [
      '201 requirement ids',
      { title: 'T', requirement_ids: Array.from({ length: 201 }, (_, i) => `L-${i}`) },
      'A task has 200 requirement ids at most',
    ],
  ])('refuses %s (400) and stores nothing', async (_name, payload, detail) => {
    const before = await taskSnapshot(t.db, workspaceId);
    const res = await create(owner.token, payload);
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
  });

  describe('the assignee must be an ACTIVE member of this workspace', () => {
    it('refuses a non-member, an unknown user, and a member of another workspace', async () => {
      const elsewhere = await createUser(t.db, t.config, { name: 'Elsa Elsewhere' });
      const other = await createWorkspace(t.db, owner.user.id);
      await addMember(t.db, other.id, elsewhere.user.id, 'CONTRIBUTOR');
      for (const assignee of [outsider.user.id, randomUUID(), elsewhere.user.id]) {
        const before = await taskSnapshot(t.db, workspaceId);
        const res = await create(owner.token, { title: 'Pricing', assignee_user_id: assignee });
        expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
          status: 400,
          detail: 'The assignee must be a member of this workspace',
        });
        expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
      }
    });

    it('refuses a member who was removed', async () => {
      const gone = await createUser(t.db, t.config, { name: 'Gary Gone' });
      await addMember(t.db, workspaceId, gone.user.id, 'VIEWER');
      const ok = await create(owner.token, { title: 'Before removal', assignee_user_id: gone.user.id });
      expect(ok.statusCode).toBe(201);
      const removed = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${workspaceId}/members/${gone.user.id}` });
      expect(removed.statusCode).toBe(200);
      const before = await taskSnapshot(t.db, workspaceId);
      const res = await create(owner.token, { title: 'After removal', assignee_user_id: gone.user.id });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
        status: 400,
        detail: 'The assignee must be a member of this workspace',
      });
      expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
    });
  });

  it('sends the assignee a bell notification linking to the Tasks tab', async () => {
    const before = await bellsOf(reviewer.user.id);
    const res = await create(owner.token, { title: 'Red team review', assignee_user_id: reviewer.user.id });
    expect(res.statusCode).toBe(201);
    const bells = await bellsOf(reviewer.user.id);
    expect(bells).toHaveLength(before.length + 1);
    const bell = bells.find((b) => !before.some((o) => o.id === b.id))!;
    expect(bell).toMatchObject({
      title: 'Task assigned to you',
      message: 'Olivia Owner assigned you "Red team review" in "Navy bid".',
      type: 'workspace',
      link: `/workspace/${workspaceId}?tab=tasks`,
      read: false,
    });
  });

  it('sends no notification when the creator assigns themselves, or nobody', async () => {
    const mine = (await bellsOf(contributor.user.id)).length;
    const all = (await taskSnapshot(t.db, workspaceId)).notificationCount;
    expect((await create(contributor.token, { title: 'Self', assignee_user_id: contributor.user.id })).statusCode).toBe(201);
    expect((await create(contributor.token, { title: 'Nobody' })).statusCode).toBe(201);
    expect(await bellsOf(contributor.user.id)).toHaveLength(mine);
    expect((await taskSnapshot(t.db, workspaceId)).notificationCount).toBe(all);
  });

  it('records "created the task" in the Activity log', async () => {
    await create(contributor.token, { title: 'Graphics plan' });
    const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/activity` });
    expect(JSON.stringify(res.json())).toContain('Carl Contributor created the task \\"Graphics plan\\"');
  });
});

describe('the Overview counter', () => {
  it('counts open tasks: up on create, down when a task reaches DONE or is deleted', async () => {
    const ws = await createWorkspace(t.db, owner.user.id);
    const openTasks = async () =>
      (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json().open_task_count;
    expect(await openTasks()).toBe(0);
    const a = (await create(owner.token, { title: 'A' }, ws.id)).json().id as string;
    const b = (await create(owner.token, { title: 'B' }, ws.id)).json().id as string;
    expect(await openTasks()).toBe(2);
    for (const status of ['IN_PROGRESS', 'REVIEW', 'DONE']) {
      expect((await t.injectAs(owner.token, { method: 'PATCH', url: `/api/tasks/${a}`, payload: { status } })).statusCode).toBe(200);
    }
    expect(await openTasks()).toBe(1);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/tasks/${b}` })).statusCode).toBe(200);
    expect(await openTasks()).toBe(0);
  });
});

describe('DELETE /tasks/{id}', () => {
  it('lets a REVIEWER delete their own task but not anyone else’s', async () => {
    const own = await createTask(t.db, workspaceId, { title: 'Reviewer notes', createdBy: reviewer.user.id });
    const others = await createTask(t.db, workspaceId, { title: 'Owner task', createdBy: owner.user.id });
    const orphan = await createTask(t.db, workspaceId, { title: 'Creator deleted', createdBy: null });
    for (const task of [others, orphan]) {
      const before = await taskSnapshot(t.db, workspaceId);
      const refused = await t.injectAs(reviewer.token, { method: 'DELETE', url: `/api/tasks/${task.id}` });
      expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({
        status: 403,
        detail: 'You can only delete tasks you created',
      });
      expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
    }
    const ok = await t.injectAs(reviewer.token, { method: 'DELETE', url: `/api/tasks/${own.id}` });
    expect({ status: ok.statusCode, body: ok.json() }).toEqual({ status: 200, body: { message: 'Task deleted' } });
    const again = await t.injectAs(reviewer.token, { method: 'DELETE', url: `/api/tasks/${own.id}` });
    expect({ status: again.statusCode, detail: again.json().detail }).toEqual({ status: 404, detail: 'Task not found' });
    const log = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/activity` });
    expect(JSON.stringify(log.json())).toContain('Rita Reviewer deleted the task \\"Reviewer notes\\"');
  });
});

describe('a task of another workspace never leaks', () => {
  it('answers 403 "Access denied" to a non-member for PATCH and DELETE, whatever the body', async () => {
    const task = await createTask(t.db, workspaceId, { title: 'Secret pricing strategy', createdBy: owner.user.id });
    const before = await taskSnapshot(t.db, workspaceId);
    const calls = [
      { method: 'PATCH' as const, payload: { status: 'IN_PROGRESS' } },
      { method: 'PATCH' as const, payload: { status: 'DONE' } },
      { method: 'DELETE' as const },
    ];
    for (const call of calls) {
      const res = await t.injectAs(outsider.token, { url: `/api/tasks/${task.id}`, ...call });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { detail: 'Access denied to this workspace', code: 'FORBIDDEN' },
      });
      expect(res.body).not.toContain('Secret');
    }
    expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
  });

  it('a member of another workspace cannot list or create here, nor reach tasks through their own workspace', async () => {
    const theirs = await createWorkspace(t.db, outsider.user.id);
    const task = await createTask(t.db, workspaceId, { title: 'Ours', createdBy: owner.user.id });
    const before = await taskSnapshot(t.db, workspaceId);
    expect((await t.injectAs(outsider.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/tasks` })).statusCode).toBe(403);
    expect((await create(outsider.token, { title: 'Intruder' })).statusCode).toBe(403);
    const own = await t.injectAs(outsider.token, { method: 'GET', url: `/api/workspaces/${theirs.id}/tasks` });
    expect(own.json()).toEqual([]);
    expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, outsider.user.id), eq(notifications.title, 'Task assigned to you')));
    expect(row).toBeUndefined();
    expect(task.workspaceId).toBe(workspaceId);
  });
});
