import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createTask } from '../../../test/task-factories';
import { activity, tasks } from '../../db/schema/index';

/**
 * A move is one UPDATE conditional on the status the caller saw, so concurrent moves from one
 * state apply once. Runs on both databases; on PostgreSQL the requests really overlap.
 */

const N = 10;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let contributor: Awaited<ReturnType<typeof createUser>>;
let workspaceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
  workspaceId = (await createWorkspace(t.db, owner.user.id)).id;
  await addMember(t.db, workspaceId, contributor.user.id, 'CONTRIBUTOR');
});
afterAll(async () => {
  await t.close();
});

async function movesOf(taskId: string) {
  return t.db
    .select()
    .from(activity)
    .where(and(eq(activity.workspaceId, workspaceId), eq(activity.action, 'task.moved'), eq(activity.targetId, taskId)));
}

describe('concurrent moves of one task', () => {
  it(`${N} concurrent PATCH TODO → IN_PROGRESS (from_status TODO): one 200, the rest 409, one move recorded`, async () => {
    const task = await createTask(t.db, workspaceId, { createdBy: owner.user.id });
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.injectAs(i % 2 ? owner.token : contributor.token, {
          method: 'PATCH',
          url: `/api/tasks/${task.id}`,
          payload: { from_status: 'TODO', status: 'IN_PROGRESS' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json().detail).toBe('This task was moved by someone else. Reload and try again.');
    }
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.status).toBe('IN_PROGRESS');
    expect(await movesOf(task.id)).toHaveLength(1);
  });

  it(`${N} concurrent PATCH without from_status: exactly one 200, no loser applies a move`, async () => {
    const task = await createTask(t.db, workspaceId, { createdBy: owner.user.id });
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        t.injectAs(owner.token, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: 'IN_PROGRESS' } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // A loser either read the stale TODO (409) or already saw IN_PROGRESS (400 "already in").
    for (const s of statuses.filter((s) => s !== 200)) expect([400, 409]).toContain(s);
    expect(await movesOf(task.id)).toHaveLength(1);
  });

  it('concurrent opposite moves from IN_PROGRESS (Back and Review): one applies', async () => {
    const task = await createTask(t.db, workspaceId, { status: 'IN_PROGRESS', createdBy: owner.user.id });
    const responses = await Promise.all(
      ['TODO', 'REVIEW', 'TODO', 'REVIEW'].map((to, i) =>
        t.injectAs(i % 2 ? owner.token : contributor.token, {
          method: 'PATCH',
          url: `/api/tasks/${task.id}`,
          payload: { from_status: 'IN_PROGRESS', status: to },
        }),
      ),
    );
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.status).toBe(winners[0]!.json().status);
    expect(await movesOf(task.id)).toHaveLength(1);
  });

  it('concurrent deletes: one 200, the rest 404, one deletion recorded', async () => {
    const task = await createTask(t.db, workspaceId, { createdBy: owner.user.id });
    const responses = await Promise.all(
      Array.from({ length: N }, () => t.injectAs(owner.token, { method: 'DELETE', url: `/api/tasks/${task.id}` })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(404)]);
    const deleted = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'task.deleted'), eq(activity.targetId, task.id)));
    expect(deleted).toHaveLength(1);
  });
});
