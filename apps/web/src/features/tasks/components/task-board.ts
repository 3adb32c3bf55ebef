import type { TaskStatus } from '@biddesk/shared';

/** Column headings, in board order (SPEC §2); the SPEC ids stay in data-testid. */
export const TASK_COLUMNS: { status: TaskStatus; label: string }[] = [
  { status: 'TODO', label: 'To Do' },
  { status: 'IN_PROGRESS', label: 'In Progress' },
  { status: 'REVIEW', label: 'Review' },
  { status: 'DONE', label: 'Done' },
];

/** A picked day (yyyy-mm-dd) as the end of that day in the person's time zone, as the API wants it. */
export function dueDateToIso(day: string): string | null {
  if (!day) return null;
  const at = new Date(`${day}T23:59:59`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
