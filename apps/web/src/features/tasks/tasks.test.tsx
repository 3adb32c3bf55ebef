import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Task, TaskStatus, Workspace, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { contributor, workspaceApi, ws } from '../../test/workspace-test-api';

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

function taskFixture(n: number, overrides: Partial<Task> = {}): Task {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Task ${n}`,
    description: null,
    status: 'TODO',
    assignee_user_id: null,
    assignee_name: null,
    due_at: null,
    labels: [],
    requirement_ids: [],
    requirement_changes: [],
    created_by: 'someone-else',
    created_at: '2026-11-05T12:00:00.000Z',
    updated_at: '2026-11-05T12:00:00.000Z',
    ...overrides,
  };
}

const todo = taskFixture(1, {
  title: 'Compliance matrix',
  description: 'Map every L and M clause to a proposal section',
  assignee_user_id: contributor.user_id,
  assignee_name: 'Member 2',
  due_at: inDays(3),
  labels: ['volume-1', 'urgent'],
  requirement_ids: ['L-001', 'M-002'],
});
const inProgress = taskFixture(2, { title: 'Pricing narrative', status: 'IN_PROGRESS', due_at: inDays(10) });
const review = taskFixture(3, { title: 'Past performance', status: 'REVIEW', due_at: inDays(30) });
const done = taskFixture(4, { title: 'Cover letter', status: 'DONE', due_at: inDays(-2) });
const mine = taskFixture(5, { title: 'My own notes', created_by: plainUser.id });
const BOARD = [todo, mine, inProgress, review, done];

/** The workspace page's calls plus the board, seen as `role`. */
function boardApi(w: Workspace, tasks: Task[] = BOARD, extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return {
    ...workspaceApi(w),
    // The chat panel sits beside every tab; answered empty in case it asks.
    [`GET /api/workspaces/${w.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
    [`GET /api/workspaces/${w.id}/tasks`]: () => ({ body: tasks }),
    ...extra,
  };
}

const as = (role: WorkspaceRole, overrides: Partial<Workspace> = {}) => ({ ...ws, user_role: role, ...overrides });

async function openBoard() {
  return screen.findByTestId('task-board');
}
const card = (title: string) => screen.getAllByTestId('task-card').find((c) => within(c).queryByText(title))!;
const buttonsOf = (title: string) =>
  within(card(title))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('tasks tab: the board', () => {
  it('shows four columns with the SPEC ids and each card in its column with its details', async () => {
    stubApi(boardApi(ws));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    const columns: Record<TaskStatus, string[]> = {
      TODO: ['Compliance matrix', 'My own notes'],
      IN_PROGRESS: ['Pricing narrative'],
      REVIEW: ['Past performance'],
      DONE: ['Cover letter'],
    };
    const headings = { TODO: 'To Do', IN_PROGRESS: 'In Progress', REVIEW: 'Review', DONE: 'Done' };
    for (const [status, titles] of Object.entries(columns) as [TaskStatus, string[]][]) {
      const column = screen.getByTestId(`task-column-${status}`);
      expect(within(column).getByRole('heading', { name: headings[status] })).toBeInTheDocument();
      expect(
        within(column)
          .getAllByTestId('task-card')
          .map((c) => within(c).getByTestId('task-title').textContent),
      ).toEqual(titles);
      expect(within(column).getByTestId('task-column-count')).toHaveTextContent(String(titles.length));
    }
    const first = card('Compliance matrix');
    expect(within(first).getByTestId('task-description')).toHaveTextContent('Map every L and M clause to a proposal section');
    expect(within(first).getByTestId('task-assignee')).toHaveTextContent('Member 2');
    expect(within(first).getByText('volume-1')).toBeInTheDocument();
    expect(within(first).getByText('urgent')).toBeInTheDocument();
    expect(within(first).getByTestId('task-requirements')).toHaveTextContent('Requirements: L-001, M-002');
    expect(within(card('Pricing narrative')).getByTestId('task-assignee')).toHaveTextContent('Unassigned');
    expect(within(card('Pricing narrative')).queryByTestId('task-requirements')).toBeNull();
  });

  it('colours due dates by the deadline rule, and none on finished tasks', async () => {
    stubApi(boardApi(ws));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    expect(within(card('Compliance matrix')).getByTestId('deadline-badge')).toHaveAttribute('data-level', 'urgent');
    expect(within(card('Pricing narrative')).getByTestId('deadline-badge')).toHaveAttribute('data-level', 'warning');
    expect(within(card('Past performance')).getByTestId('deadline-badge')).toHaveAttribute('data-level', 'good');
    expect(within(card('Cover letter')).getByTestId('task-due')).toHaveTextContent('Due');
    expect(within(card('Cover letter')).queryByTestId('deadline-badge')).toBeNull();
    expect(within(card('My own notes')).queryByTestId('task-due')).toBeNull();
  });

  // Issue 21: an open task past its due date said "EXPIRED" (the notice wording); it is overdue.
  it('says "Overdue" in red on an open task past its due date', async () => {
    stubApi(boardApi(ws, [taskFixture(6, { title: 'Late draft', status: 'IN_PROGRESS', due_at: inDays(-2) })]));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    const badge = within(card('Late draft')).getByTestId('deadline-badge');
    expect(badge).toHaveTextContent('Overdue');
    expect(badge).toHaveAttribute('data-level', 'overdue');
    expect(badge).not.toHaveTextContent(/expired/i);
  });

  it.each(['OWNER', 'CONTRIBUTOR'] as const)('gives %s every SPEC §4 button, delete on every card and New Task', async (role) => {
    stubApi(boardApi(as(role)));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    expect(buttonsOf('Compliance matrix')).toEqual(['Delete task Compliance matrix', 'Start']);
    expect(buttonsOf('Pricing narrative')).toEqual(['Delete task Pricing narrative', 'Back', 'Review']);
    expect(buttonsOf('Past performance')).toEqual(['Delete task Past performance', 'Back', 'Done']);
    expect(buttonsOf('Cover letter')).toEqual(['Delete task Cover letter']);
    expect(screen.getByRole('button', { name: 'New Task' })).toBeInTheDocument();
  });

  it('gives a REVIEWER forward moves only, no Back, delete only on their own task, and no New Task', async () => {
    stubApi(boardApi(as('REVIEWER')));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    expect(buttonsOf('Compliance matrix')).toEqual(['Start']);
    expect(buttonsOf('My own notes')).toEqual(['Delete task My own notes', 'Start']);
    expect(buttonsOf('Pricing narrative')).toEqual(['Review']);
    expect(buttonsOf('Past performance')).toEqual(['Done']);
    expect(buttonsOf('Cover letter')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New Task' })).toBeNull();
  });

  it('gives a VIEWER no move buttons, no delete and no New Task', async () => {
    stubApi(boardApi(as('VIEWER')));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    expect(within(screen.getByTestId('task-board')).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New Task' })).toBeNull();
  });

  it('shows an archived workspace read-only, even to its owner', async () => {
    stubApi(boardApi(as('OWNER', { archived: true, archived_at: '2026-11-06T12:00:00.000Z' })));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    expect(screen.getAllByTestId('task-card')).toHaveLength(5);
    expect(within(screen.getByTestId('task-board')).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'New Task' })).toBeNull();
  });

  it('only logs a failed load of the tasks and shows no board', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(
      boardApi(ws, BOARD, {
        [`GET /api/workspaces/${ws.id}/tasks`]: () => ({
          status: 403,
          body: { detail: 'Access denied to this workspace', code: 'FORBIDDEN' },
        }),
      }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    expect(await screen.findByRole('button', { name: 'New Task' })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load tasks', expect.anything()));
    expect(screen.queryByTestId('task-board')).toBeNull();
    expect(screen.queryByText(/Failed|Access denied/)).toBeNull();
    warn.mockRestore();
  });
});

describe('tasks tab: moves and deletes', () => {
  it('moves with the column the card was in, says so, and reloads the board and the workspace', async () => {
    const calls = stubApi(
      boardApi(as('REVIEWER'), BOARD, { [`PATCH /api/tasks/${todo.id}`]: () => ({ body: { ...todo, status: 'IN_PROGRESS' } }) }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    const loads = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url).length;
    const [boardLoads, workspaceLoads] = [loads(`/api/workspaces/${ws.id}/tasks`), loads(`/api/workspaces/${ws.id}`)];
    await userEvent.click(within(card('Compliance matrix')).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Task status updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'IN_PROGRESS', from_status: 'TODO' });
    await waitFor(() => expect(loads(`/api/workspaces/${ws.id}/tasks`)).toBeGreaterThan(boardLoads));
    await waitFor(() => expect(loads(`/api/workspaces/${ws.id}`)).toBeGreaterThan(workspaceLoads));
  });

  it('shows the server detail when a move is refused, and the SPEC text otherwise', async () => {
    stubApi(
      boardApi(ws, BOARD, {
        [`PATCH /api/tasks/${inProgress.id}`]: () => ({
          status: 409,
          body: { detail: 'This task was moved by someone else. Reload and try again.', code: 'CONFLICT' },
        }),
        [`PATCH /api/tasks/${review.id}`]: () => ({ status: 500, body: {} }),
      }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    await userEvent.click(within(card('Pricing narrative')).getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('This task was moved by someone else. Reload and try again.')).toBeInTheDocument();
    await userEvent.click(within(card('Past performance')).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
  });

  it('deletes only after confirming, and says so', async () => {
    const calls = stubApi(boardApi(ws, BOARD, { [`DELETE /api/tasks/${done.id}`]: () => ({ body: { message: 'Task deleted' } }) }));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    await userEvent.click(within(card('Cover letter')).getByRole('button', { name: 'Delete task Cover letter' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the task "Cover letter"?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/tasks/${done.id}`]);
  });

  it('cancelling the confirmation deletes nothing; a failed delete says "Failed to delete task"', async () => {
    const calls = stubApi(boardApi(ws, BOARD, { [`DELETE /api/tasks/${done.id}`]: () => ({ status: 500, body: {} }) }));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await openBoard();
    await userEvent.click(within(card('Cover letter')).getByRole('button', { name: 'Delete task Cover letter' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(card('Cover letter')).getByRole('button', { name: 'Delete task Cover letter' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete task')).toBeInTheDocument();
  });
});

describe('tasks tab: create form', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'New Task' }));
    return screen.findByRole('dialog');
  }

  it('checks the title before calling, then sends every field', async () => {
    const calls = stubApi(
      boardApi(ws, BOARD, {
        [`POST /api/workspaces/${ws.id}/tasks`]: () => ({ status: 201, body: taskFixture(9, { title: 'Oral slides' }) }),
      }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/Title/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Task title is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Oral slides');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Ten slides for the orals');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Assignee' }));
    const options = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(options).toEqual(['Unassigned', 'Uma User', 'Member 2', 'Member 3']);
    await userEvent.click(screen.getByRole('option', { name: 'Member 2', hidden: true }));
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-24' } });
    await userEvent.type(within(dialog).getByLabelText('Labels'), 'orals{enter}volume-4{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Oral slides',
      description: 'Ten slides for the orals',
      assignee_user_id: contributor.user_id,
      due_at: new Date('2026-12-24T23:59:59').toISOString(),
      labels: ['orals', 'volume-4'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends an untouched form as unassigned with no due date or labels', async () => {
    const calls = stubApi(
      boardApi(as('CONTRIBUTOR'), BOARD, { [`POST /api/workspaces/${ws.id}/tasks`]: () => ({ status: 201, body: taskFixture(9) }) }),
    );
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Proofread');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Proofread',
      description: null,
      assignee_user_id: null,
      due_at: null,
      labels: [],
    });
  });

  it('shows the server detail when creation is refused, and "Failed to create task" without one', async () => {
    let answer = { status: 400, body: { detail: 'The assignee must be a member of this workspace', code: 'VALIDATION' } as unknown };
    stubApi(boardApi(ws, BOARD, { [`POST /api/workspaces/${ws.id}/tasks`]: () => answer }));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Graphics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('The assignee must be a member of this workspace')).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Failed to create task')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

// Issue 25: the create form checks with the schema the server validates with (packages/shared).
describe('tasks tab: create form checks with the shared schema', () => {
  it('refuses a title the server would refuse, in its words, before any call', async () => {
    const calls = stubApi(boardApi(ws));
    renderApp(`/workspace/${ws.id}?tab=tasks`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'New Task' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Oral\u0000' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Task title must not contain a NUL character')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
