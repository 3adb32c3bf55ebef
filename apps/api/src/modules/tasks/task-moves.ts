import { TASK_STATUS_LABELS, type TaskStatus } from '@biddesk/shared';
import { badRequest } from '../../lib/errors';

/** SPEC §4: the only moves the board's buttons make (Start, Back, Review, Done). */
const ALLOWED_MOVES: Record<TaskStatus, readonly TaskStatus[]> = {
  TODO: ['IN_PROGRESS'],
  IN_PROGRESS: ['TODO', 'REVIEW'],
  REVIEW: ['IN_PROGRESS', 'DONE'],
  DONE: [],
};

export function isAllowedMove(from: TaskStatus, to: TaskStatus): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/** Refuses any jump the board does not offer, saying what would have been possible, in the board's column names. */
export function assertAllowedMove(from: TaskStatus, to: TaskStatus): void {
  if (isAllowedMove(from, to)) return;
  const name = (s: TaskStatus) => TASK_STATUS_LABELS[s];
  if (from === to) throw badRequest(`The task is already in ${name(from)}`);
  if (from === 'DONE') throw badRequest('A task in Done cannot be moved');
  throw badRequest(`A task cannot move from ${name(from)} to ${name(to)}; from ${name(from)} it can move to ${ALLOWED_MOVES[from].map(name).join(' or ')}`);
}
