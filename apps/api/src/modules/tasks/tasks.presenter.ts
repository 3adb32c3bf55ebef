import type { Task } from '@biddesk/shared';
import type { TaskView } from './tasks.repository';

/** Wire shape of a task (SPEC §3). */
export function presentTask({ task, assigneeName }: TaskView): Task {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    assignee_user_id: task.assigneeUserId,
    assignee_name: assigneeName,
    due_at: task.dueAt ? task.dueAt.toISOString() : null,
    labels: task.labels,
    requirement_ids: task.requirementIds,
    requirement_changes: task.requirementChanges,
    created_by: task.createdBy,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
  };
}
