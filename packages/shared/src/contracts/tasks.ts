import { z } from 'zod';
import { TaskStatusSchema } from '../permissions/workspace-roles';

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
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskListSchema = z.array(TaskSchema);
