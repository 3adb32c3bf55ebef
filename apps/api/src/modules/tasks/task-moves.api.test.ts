import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATUS_LABELS, TaskStatusSchema, type TaskStatus } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createTask, taskSnapshot } from '../../../test/task-factories';
import { tasks } from '../../db/schema/index';

/**
 * SPEC §4 and §6: every from → to pair (12 moves between different columns) for every role. Only
 * the board's buttons are moves at all (400 otherwise); a REVIEWER moves forward only and a VIEWER
 * never (403). The stored status changes only on 200.
 */

type Role = 'OWNER' | 'CONTRIBUTOR' | 'REVIEWER' | 'VIEWER';
const ROLES: Role[] = ['OWNER', 'CONTRIBUTOR', 'REVIEWER', 'VIEWER'];
const STATUSES = TaskStatusSchema.options;
const BUTTONS: Record<string, 'forward' | 'back'> = {
  'TODO>IN_PROGRESS': 'forward',
  'IN_PROGRESS>REVIEW': 'forward',
  'REVIEW>DONE': 'forward',
  'IN_PROGRESS>TODO': 'back',
  'REVIEW>IN_PROGRESS': 'back',
};

function expected(role: Role, from: TaskStatus, to: TaskStatus): { status: number; detail?: string } {
  const button = BUTTONS[`${from}>${to}`];
  if (!button) return { status: 400 };
  if (role === 'VIEWER') return { status: 403, detail: "You don't have permission to do that in this workspace" };
  if (role === 'REVIEWER' && button === 'back') return { status: 403, detail: 'Reviewers can only move tasks forward' };
  return { status: 200 };
}

const PAIRS = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => ({ from, to })));
const CASES = ROLES.flatMap((role) => PAIRS.map(({ from, to }) => ({ role, from, to, ...expected(role, from, to) })));

let t: TestApp;
let workspaceId: string;
const tokens = {} as Record<Role, string>;
let ownerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  ownerId = owner.user.id;
  tokens.OWNER = owner.token;
  workspaceId = (await createWorkspace(t.db, ownerId)).id;
  for (const role of ['CONTRIBUTOR', 'REVIEWER', 'VIEWER'] as const) {
    const u = await createUser(t.db, t.config, { name: `Ms ${role}` });
    await addMember(t.db, workspaceId, u.user.id, role);
    tokens[role] = u.token;
  }
});
afterAll(async () => {
  await t.close();
});

describe('PATCH /tasks/{id}: every move for every role', () => {
  it('covers 4 roles × 12 moves', () => {
    expect(CASES).toHaveLength(48);
    expect(CASES.filter((c) => c.status === 200)).toHaveLength(5 + 5 + 3);
  });

  it.each(CASES)('$role moving $from → $to answers $status', async ({ role, from, to, status, detail }) => {
    const task = await createTask(t.db, workspaceId, { title: `${from} to ${to}`, status: from, createdBy: ownerId });
    const before = await taskSnapshot(t.db, workspaceId);
    const res = await t.injectAs(tokens[role], { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: to } });
    expect(res.statusCode).toBe(status);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    if (status === 200) {
      expect(res.json()).toMatchObject({ id: task.id, status: to });
      expect(stored!.status).toBe(to);
      const after = await taskSnapshot(t.db, workspaceId);
      expect(after.activity.slice(before.activity.length).map((a) => a.action)).toEqual(['task.moved']);
    } else {
      expect(res.json().detail).toEqual(
        detail ?? expect.stringMatching(/^(The task is already in|A task in Done cannot be moved|A task cannot move from)/),
      );
      expect(stored!.status).toBe(from);
      expect(await taskSnapshot(t.db, workspaceId)).toEqual(before);
    }
  });

  it.each(STATUSES)('refuses moving %s to the column it is already in (400)', async (status) => {
    const task = await createTask(t.db, workspaceId, { status, createdBy: ownerId });
    const res = await t.injectAs(tokens.OWNER, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status } });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 400,
      detail: `The task is already in ${TASK_STATUS_LABELS[status]}`,
    });
  });

  it('explains a jump that skips a column', async () => {
    const task = await createTask(t.db, workspaceId, { createdBy: ownerId });
    const res = await t.injectAs(tokens.OWNER, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: 'REVIEW' } });
    expect(res.json().detail).toBe('A task cannot move from To Do to Review; from To Do it can move to In Progress');
  });

  it('refuses an unknown status (400) and leaves the task', async () => {
    const task = await createTask(t.db, workspaceId, { createdBy: ownerId });
    for (const payload of [{ status: 'ARCHIVED' }, {}, { status: 'IN_PROGRESS', from_status: 'NOPE' }]) {
      const res = await t.injectAs(tokens.OWNER, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload });
      expect(res.statusCode).toBe(400);
    }
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.status).toBe('TODO');
  });

  it('answers 409 when from_status is not where the task is now, and moves nothing', async () => {
    const task = await createTask(t.db, workspaceId, { status: 'IN_PROGRESS', createdBy: ownerId });
    const res = await t.injectAs(tokens.CONTRIBUTOR, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      payload: { from_status: 'TODO', status: 'IN_PROGRESS' },
    });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 409,
      detail: 'This task was moved by someone else. Reload and try again.',
    });
    const ok = await t.injectAs(tokens.CONTRIBUTOR, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      payload: { from_status: 'IN_PROGRESS', status: 'REVIEW' },
    });
    expect(ok.json()).toMatchObject({ status: 'REVIEW' });
  });

  it('records the move in the Activity log with its sentence', async () => {
    const task = await createTask(t.db, workspaceId, { title: 'Executive summary', createdBy: ownerId });
    await t.injectAs(tokens.REVIEWER, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: 'IN_PROGRESS' } });
    const res = await t.injectAs(tokens.OWNER, { method: 'GET', url: `/api/workspaces/${workspaceId}/activity` });
    // Issue 21: the column names people see, not the enum ("from TODO to IN_PROGRESS").
    expect(JSON.stringify(res.json())).toContain('moved \\"Executive summary\\" from To Do to In Progress');
  });
});
