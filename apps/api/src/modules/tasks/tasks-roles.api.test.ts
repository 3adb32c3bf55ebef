import { expect } from 'vitest';
import { createTask, taskSnapshot } from '../../../test/task-factories';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type Cell, type RoleTableEndpoint, type Scenario } from '../../../test/role-table';

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
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

/** The URL names a task, not a workspace: the unknown-id row expects "Task not found". */
const taskInUrl = { swap: (f: Fixture, id: string) => ({ ...f, todoId: id, inProgressId: id, ownTaskId: id }), detail: 'Task not found' };

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
    url: (f) => `/api/workspaces/${f.workspaceId}/tasks`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK }),
    answer: (_f, res) => expect(res.json().map((task: { title: string }) => task.title)).toEqual(['Outline', 'Mine', 'Pricing']),
  },
  {
    name: 'POST /workspaces/{id}/tasks',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/tasks`,
    request: () => ({ payload: { title: 'Draft the past performance volume', labels: ['volume-3'] } }),
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
    request: () => ({ payload: { status: 'IN_PROGRESS' } }),
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.find((t) => t.id === f.todoId)!.status).toBe('IN_PROGRESS');
      expect(newActions(before, after)).toEqual(['task.moved']);
    },
    unknownId: taskInUrl,
  },
  {
    name: 'PATCH /tasks/{id} IN_PROGRESS → TODO (back)',
    method: 'PATCH',
    url: (f) => `/api/tasks/${f.inProgressId}`,
    request: () => ({ payload: { status: 'TODO' } }),
    cells: changes({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: NOT_BACK, VIEWER: NO }),
    effect: (f, before, after) => {
      expect(after.tasks.find((t) => t.id === f.inProgressId)!.status).toBe('TODO');
      expect(newActions(before, after)).toEqual(['task.moved']);
    },
    unknownId: taskInUrl,
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
    unknownId: taskInUrl,
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
    unknownId: taskInUrl,
  },
];

describeRoleTable<Fixture, Snapshot>({
  workspaceName: 'Task roles',
  fixture: async ({ t, users, actorOf }, s, workspaceId) => {
    const ownerId = users.owner!.user.id;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const todo = await createTask(t.db, workspaceId, { title: 'Outline', createdBy: ownerId, createdAt: at(3) });
    const inProgress = await createTask(t.db, workspaceId, {
      title: 'Pricing',
      status: 'IN_PROGRESS',
      createdBy: ownerId,
      createdAt: at(2),
    });
    const own = await createTask(t.db, workspaceId, { title: 'Mine', createdBy: actorOf(s)?.user.id ?? ownerId, createdAt: at(1) });
    return { workspaceId, todoId: todo.id, inProgressId: inProgress.id, ownTaskId: own.id };
  },
  snapshot: ({ t }, f) => taskSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
