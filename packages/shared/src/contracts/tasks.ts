import { z } from 'zod';
import { safeText } from '../text';
import { TaskStatusSchema } from '../permissions/workspace-roles';
import { TaskRequirementChangeSchema } from './rfp-amendments';

/** SPEC §3 task. */
export const TaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: TaskStatusSchema,
  assignee_user_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  due_at: z.string().nullable(),
  labels: z.array(z.string()),
  requirement_ids: z.array(z.string()),
  /** RFP amendments that reworded or removed its requirements, until a member dismisses them (beyond SPEC). */
  requirement_changes: z.array(TaskRequirementChangeSchema),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskListSchema = z.array(TaskSchema);

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_LABELS_MAX = 10;
export const TASK_LABEL_MAX_LENGTH = 30;
export const TASK_REQUIREMENT_IDS_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keeps the first of each repeated value, in order. */
const unique = (values: string[]) => [...new Set(values)];

/**
 * POST /workspaces/{id}/tasks body (SPEC §3 creation payload). SPEC does not show the shape of
 * labels: they are a list of short strings. `requirement_ids` tie the task to RFP requirements.
 */
export const CreateTaskBodySchema = z.object({
  title: safeText('Task title', 'Task title is required')
    .trim()
    .min(1, 'Task title is required')
    .max(TASK_TITLE_MAX, `Task title is too long (${TASK_TITLE_MAX} characters at most)`),
  description: safeText('Description', 'Description must be text')
    .trim()
    .max(TASK_DESCRIPTION_MAX, `Description is too long (${TASK_DESCRIPTION_MAX} characters at most)`)
    .nullish(),
  assignee_user_id: z.string({ error: 'Assignee must be a user id' }).regex(UUID, 'Assignee must be a user id').nullish(),
  due_at: z.iso.datetime({ offset: true, error: 'Due date must be an ISO date and time' }).nullish(),
  labels: z
    .array(
      safeText('Label', 'Labels must be text')
        .trim()
        .min(1, 'Labels cannot be blank')
        .max(TASK_LABEL_MAX_LENGTH, `Labels are ${TASK_LABEL_MAX_LENGTH} characters at most`),
      { error: 'Labels must be a list' },
    )
    .max(TASK_LABELS_MAX, `A task has ${TASK_LABELS_MAX} labels at most`)
    .transform(unique)
    .default([]),
  requirement_ids: z
    .array(
      safeText('Requirement id', 'Requirement ids must be text')
        .trim()
        .min(1, 'Requirement ids cannot be blank')
        .max(20, 'Requirement ids are 20 characters at most'),
      { error: 'Requirement ids must be a list' },
    )
    .max(TASK_REQUIREMENT_IDS_MAX, `A task has ${TASK_REQUIREMENT_IDS_MAX} requirement ids at most`)
    .transform(unique)
    .default([]),
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;
export type CreateTaskInput = z.output<typeof CreateTaskBodySchema>;

/**
 * PATCH /tasks/{id} body (SPEC §7: status). `from_status`, beyond SPEC, is the column the caller
 * saw the task in: when the task has moved since, the call answers 409 instead of applying a move
 * the caller never chose.
 */
export const UpdateTaskStatusBodySchema = z.object({
  status: TaskStatusSchema,
  from_status: TaskStatusSchema.optional(),
});
export type UpdateTaskStatusBody = z.infer<typeof UpdateTaskStatusBodySchema>;
