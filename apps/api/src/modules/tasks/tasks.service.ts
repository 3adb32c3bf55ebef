import type { CreateTaskInput, DismissRequirementChangesInput, MessageResponse, Task, UpdateTaskStatusBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { TaskRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import { requireAbility } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { assertAllowedMove } from './task-moves';
import { presentTask } from './tasks.presenter';
import * as tasksRepository from './tasks.repository';

export const TASK_NOT_FOUND = 'Task not found';
export const ASSIGNEE_NOT_MEMBER = 'The assignee must be a member of this workspace';
export const TASK_MOVED_ELSEWHERE = 'This task was moved by someone else. Reload and try again.';

/**
 * Loads a task by the id in the URL; its workspace comes from the row, never from the caller.
 * A malformed id is as unknown as a missing one.
 */
async function loadTask(ctx: AuthedCtx, taskId: string): Promise<TaskRow> {
  const task = isUuid(taskId) ? await tasksRepository.findById(ctx.db, taskId) : undefined;
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

/** GET /workspaces/{id}/tasks: the board, for any member past the NDA gate. */
export async function listTasks(ctx: AuthedCtx, workspaceId: string): Promise<Task[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  return (await tasksRepository.listByWorkspace(ctx.db, workspace.id)).map(presentTask);
}

/**
 * POST /workspaces/{id}/tasks: OWNER and CONTRIBUTOR create tasks. The assignee must be an ACTIVE
 * member of this workspace (checked inside the transaction) and is told by a bell notification
 * unless they assigned themselves.
 */
export async function createTask(ctx: AuthedCtx, workspaceId: string, body: CreateTaskInput): Promise<Task> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'task.create');
  const assigneeId = body.assignee_user_id ?? null;
  const view = await ctx.db.transaction(async (tx) => {
    if (assigneeId && !(await workspacesRepository.findMember(tx, workspace.id, assigneeId))) throw badRequest(ASSIGNEE_NOT_MEMBER);
    const task = await tasksRepository.insert(tx, {
      workspaceId: workspace.id,
      title: body.title,
      description: body.description || null,
      assigneeUserId: assigneeId,
      dueAt: body.due_at ? new Date(body.due_at) : null,
      labels: body.labels,
      requirementIds: body.requirement_ids,
      createdBy: ctx.actor.id,
    });
    await recordActivity(tx, ctx.actor, {
      action: 'task.created',
      workspaceId: workspace.id,
      targetType: 'task',
      targetId: task.id,
      details: { title: task.title },
    });
    if (assigneeId && assigneeId !== ctx.actor.id) {
      await notificationsRepository.insertForUser(tx, assigneeId, {
        title: 'Task assigned to you',
        message: `${ctx.actor.name} assigned you "${task.title}" in "${workspace.name}".`,
        type: 'workspace',
        link: `/workspace/${workspace.id}?tab=tasks`,
      });
    }
    return tasksRepository.findView(tx, task.id);
  });
  return presentTask(view!);
}

/**
 * PATCH /tasks/{id}: moves a task one SPEC §4 step. The move is checked against the column the
 * caller saw (`from_status`, else the stored one) and applied only if the task is still there, so
 * of concurrent moves from one state exactly one applies; the others answer 409.
 */
export async function moveTask(ctx: AuthedCtx, taskId: string, body: UpdateTaskStatusBody): Promise<Task> {
  const task = await loadTask(ctx, taskId);
  const from = body.from_status ?? task.status;
  const to = body.status;
  // SPEC §4's moves are checked after access and before the grant: a jump no button makes is a 400.
  await requireAbility(ctx, task.workspaceId, 'task.move', () => {
    assertAllowedMove(from, to);
    return { from, to };
  });
  if (from !== task.status) throw conflict(TASK_MOVED_ELSEWHERE);
  const view = await ctx.db.transaction(async (tx) => {
    const moved = await tasksRepository.moveIfStatus(tx, task.id, from, to);
    if (!moved) return undefined;
    await recordActivity(tx, ctx.actor, {
      action: 'task.moved',
      workspaceId: task.workspaceId,
      targetType: 'task',
      targetId: task.id,
      details: { title: moved.title, from, to },
    });
    return tasksRepository.findView(tx, task.id);
  });
  if (!view) {
    // Gone or moved between our read and the update.
    if (!(await tasksRepository.findById(ctx.db, task.id))) throw notFound(TASK_NOT_FOUND);
    throw conflict(TASK_MOVED_ELSEWHERE);
  }
  return presentTask(view);
}

/**
 * POST /tasks/{id}/requirement-changes/dismiss (beyond SPEC): a member who plans the work (the
 * matrix's `task.dismissRequirementChanges`: OWNER, CONTRIBUTOR) confirms the task still fits the
 * amended RFP and clears its flag, up to `through_version` when given. Answers the task.
 */
export async function dismissRequirementChanges(ctx: AuthedCtx, taskId: string, body: DismissRequirementChangesInput): Promise<Task> {
  const task = await loadTask(ctx, taskId);
  await requireAbility(ctx, task.workspaceId, 'task.dismissRequirementChanges');
  const view = await ctx.db.transaction(async (tx) => {
    const row = await tasksRepository.dismissRequirementChanges(tx, task.id, body.through_version);
    if (!row) return undefined;
    const cleared = task.requirementChanges.length - row.requirementChanges.length;
    if (cleared > 0) {
      await recordActivity(tx, ctx.actor, {
        action: 'task.requirement_changes_dismissed',
        workspaceId: task.workspaceId,
        targetType: 'task',
        targetId: task.id,
        details: { title: row.title, changes: cleared },
      });
    }
    return tasksRepository.findView(tx, task.id);
  });
  if (!view) throw notFound(TASK_NOT_FOUND);
  return presentTask(view);
}

/** DELETE /tasks/{id}: OWNER and CONTRIBUTOR delete any task, a REVIEWER only their own. */
export async function deleteTask(ctx: AuthedCtx, taskId: string): Promise<MessageResponse> {
  const task = await loadTask(ctx, taskId);
  await requireAbility(ctx, task.workspaceId, 'task.delete', { createdBy: task.createdBy });
  const deleted = await ctx.db.transaction(async (tx) => {
    if (!(await tasksRepository.remove(tx, task.id))) return false;
    await recordActivity(tx, ctx.actor, {
      action: 'task.deleted',
      workspaceId: task.workspaceId,
      targetType: 'task',
      targetId: task.id,
      details: { title: task.title },
    });
    return true;
  });
  if (!deleted) throw notFound(TASK_NOT_FOUND);
  return { message: 'Task deleted' };
}
