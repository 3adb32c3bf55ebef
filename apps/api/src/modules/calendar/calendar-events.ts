import { formatDeadline } from '@biddesk/shared';

/**
 * One dated item of a user's calendar feed, before it is written as iCalendar. `at` is an exact
 * instant (written in UTC, so every calendar shows it at the right local time on either side of a
 * daylight-saving change); `day` a date without a time (an all-day event).
 */
export type FeedEvent = { uid: string; summary: string; description: string; url: string } & ({ at: Date } | { day: string });

const dayOf = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * A response deadline: at its instant when the notice gave a time (its zone is the UTC offset SAM
 * gave), stated in the description as the notice states it; on its date when it gave none.
 */
export function deadlineEvent(
  kind: 'saved' | 'pursued',
  row: { opportunityId: string; title: string; solicitationNumber: string | null; responseDeadline: Date; responseTimeZone: string | null },
  appUrl: string,
): FeedEvent {
  const label = row.solicitationNumber ? `${row.title} (${row.solicitationNumber})` : row.title;
  const base = {
    uid: `opportunity-${row.opportunityId}@biddesk`,
    summary: `Response due: ${label}`,
    description: `Response deadline ${formatDeadline(row.responseDeadline.toISOString(), row.responseTimeZone)}, as the notice states it. ${kind === 'pursued' ? 'A pursuit you own.' : 'A notice you saved.'}`,
    url: `${appUrl}/opportunity/${row.opportunityId}`,
  };
  return row.responseTimeZone ? { ...base, at: row.responseDeadline } : { ...base, day: dayOf(row.responseDeadline) };
}

export function nextActionEvent(row: { pursuitId: string; action: string | null; due: string; title: string }, appUrl: string): FeedEvent {
  return {
    uid: `pursuit-${row.pursuitId}-next-action@biddesk`,
    summary: `Next action: ${row.action?.trim() || 'follow up'} (${row.title})`,
    description: `The next action of a pursuit you own, due ${row.due}.`,
    url: `${appUrl}/pipeline`,
    day: dayOf(row.due),
  };
}

export function taskEvent(
  row: { id: string; title: string; dueAt: Date; workspaceId: string },
  workspaceName: string,
  appUrl: string,
): FeedEvent {
  return {
    uid: `task-${row.id}@biddesk`,
    summary: `Task due: ${row.title}`,
    description: `A task assigned to you in ${workspaceName}.`,
    url: `${appUrl}/workspace/${row.workspaceId}?tab=tasks`,
    at: row.dueAt,
  };
}

/** A question deadline the solicitation states (a date only: the text rarely gives its time reliably). */
export function questionsEvent(workspace: { id: string; name: string }, day: string, requirementId: string, appUrl: string): FeedEvent {
  return {
    uid: `questions-${workspace.id}-${day}@biddesk`,
    summary: `Questions due: ${workspace.name}`,
    description: `The solicitation sets this date for questions (requirement ${requirementId}).`,
    url: `${appUrl}/workspace/${workspace.id}?tab=rfp`,
    day,
  };
}
