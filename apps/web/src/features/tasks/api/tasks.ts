import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateTaskBody, type MessageResponse, type Task, type TaskStatus, MessageResponseSchema, TaskSchema } from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { tasksKey, workspaceKey } from '../../../lib/workspace-keys';

/** Under the workspace's key, so refreshing the workspace (its counters) refreshes the board too. */

/** GET /workspaces/{id}/tasks: the board, by column then oldest first. */
export function listTasks(workspaceId: string, signal?: AbortSignal): Promise<Task[]> {
  return apiRequest(`/workspaces/${workspaceId}/tasks`, z.array(TaskSchema), { signal });
}

/** POST /workspaces/{id}/tasks. */
export function createTask(workspaceId: string, body: CreateTaskBody): Promise<Task> {
  return apiRequest(`/workspaces/${workspaceId}/tasks`, TaskSchema, { method: 'POST', body });
}

/** PATCH /tasks/{id}: one board move; `from` is the column the card was in (a stale card answers 409). */
export function moveTask(taskId: string, from: TaskStatus, to: TaskStatus): Promise<Task> {
  return apiRequest(`/tasks/${taskId}`, TaskSchema, { method: 'PATCH', body: { status: to, from_status: from } });
}

/**
 * POST /tasks/{id}/requirement-changes/dismiss: clears the task's RFP amendment flag up to the
 * newest amendment the member saw (a later one stays flagged).
 */
export function dismissRequirementChanges(taskId: string, throughVersion: number): Promise<Task> {
  return apiRequest(`/tasks/${taskId}/requirement-changes/dismiss`, TaskSchema, {
    method: 'POST',
    body: { through_version: throughVersion },
  });
}

/** DELETE /tasks/{id}. */
export function deleteTask(taskId: string): Promise<MessageResponse> {
  return apiRequest(`/tasks/${taskId}`, MessageResponseSchema, { method: 'DELETE' });
}

export const useTasks = (workspaceId: string) =>
  useQuery({ queryKey: tasksKey(workspaceId), queryFn: ({ signal }) => listTasks(workspaceId, signal) });

/**
 * Every task change refreshes the workspace: its Open Tasks counter, the board and the Activity
 * log all sit under workspaceKey. Refreshed after a failure too, since a 409 means the board is stale.
 */
function useTaskMutation<V, R>(workspaceId: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }) });
}

export const useCreateTask = (workspaceId: string) => useTaskMutation(workspaceId, (body: CreateTaskBody) => createTask(workspaceId, body));
export const useMoveTask = (workspaceId: string) =>
  useTaskMutation(workspaceId, (vars: { taskId: string; from: TaskStatus; to: TaskStatus }) => moveTask(vars.taskId, vars.from, vars.to));
export const useDismissRequirementChanges = (workspaceId: string) =>
  useTaskMutation(workspaceId, (vars: { taskId: string; throughVersion: number }) =>
    dismissRequirementChanges(vars.taskId, vars.throughVersion),
  );
export const useDeleteTask = (workspaceId: string) => useTaskMutation(workspaceId, (taskId: string) => deleteTask(taskId));
