import { TASK_MOVES, TASK_STATUS_LABELS, isAllowedMove, type TaskStatus } from '@biddesk/shared';
import { badRequest } from '../../lib/errors';

/** Refuses any jump the board does not offer, saying what would have been possible, in the board's column names. */
export function assertAllowedMove(from: TaskStatus, to: TaskStatus): void {
  if (isAllowedMove(from, to)) return;
  const name = (s: TaskStatus) => TASK_STATUS_LABELS[s];
  if (from === to) throw badRequest(`The task is already in ${name(from)}`);
  if (from === 'DONE') throw badRequest('A task in Done cannot be moved');
  throw badRequest(
    `A task cannot move from ${name(from)} to ${name(to)}; from ${name(from)} it can move to ${TASK_MOVES[from].map((move) => name(move.to)).join(' or ')}`,
  );
}
