import type { TaskStatus } from './workspace-roles';

/** One move the board offers: the button's label and the column it moves the task to. */
export interface TaskMove {
  label: string;
  to: TaskStatus;
}

/**
 * SPEC §4: the only moves a task makes, as the board's buttons per column (Start, Back, Review,
 * Done). The API refuses any other jump; the web shows these buttons, filtered by the matrix's
 * `task.move` grant.
 */
export const TASK_MOVES: Record<TaskStatus, readonly TaskMove[]> = {
  TODO: [{ label: 'Start', to: 'IN_PROGRESS' }],
  IN_PROGRESS: [
    { label: 'Back', to: 'TODO' },
    { label: 'Review', to: 'REVIEW' },
  ],
  REVIEW: [
    { label: 'Back', to: 'IN_PROGRESS' },
    { label: 'Done', to: 'DONE' },
  ],
  DONE: [],
};

/** True when SPEC §4 lets a task move from `from` to `to` in one step. */
export function isAllowedMove(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_MOVES[from].some((move) => move.to === to);
}
