import { utcHour, type JobDefinition } from '../../../lib/jobs/job-runner';
import { mailAlerts, type AlertMail } from './alert-delivery';
import * as alerts from './alerts.repository';
import type { AlertDeps } from './new-match-alerts';

export const DEADLINE_ALERTS_JOB = 'deadline-alerts';
/** Days before a saved opportunity's response date at which its owner is told (issue 15). */
export const DEADLINE_ALERT_DAYS = [7, 3, 1] as const;
const DAY_MS = 86_400_000;

/**
 * The alert a deadline is due for: the smallest of 7, 3, 1 at or above the days left (rounded up,
 * as SPEC §4 counts them), so a notice saved 2 days before its deadline gets the 3-day alert once,
 * then the 1-day one, never a late 7-day one. Null beyond 7 days or once passed.
 */
export function deadlineAlertFor(deadline: Date, now: Date): { threshold: number; daysLeft: number } | null {
  const ms = deadline.getTime() - now.getTime();
  if (ms <= 0) return null;
  const daysLeft = Math.ceil(ms / DAY_MS);
  const threshold = [...DEADLINE_ALERT_DAYS].reverse().find((d) => daysLeft <= d);
  return threshold === undefined ? null : { threshold, daysLeft };
}

/**
 * Deadline alerts for saved opportunities, one notification per (user, opportunity, threshold):
 * `deadline:<user>:<opportunity>:<7|3|1>` is unique, so an hourly run, a repeat or a second
 * process never sends one twice. Users who turned Deadline reminders off get none.
 */
export async function runDeadlineAlerts(deps: AlertDeps, now = new Date()): Promise<{ due: number; notified: number; mailed: number }> {
  const mails: AlertMail[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    await alerts.lockAlertRun(tx, alerts.ALERT_LOCKS.deadlines);
    const due = await alerts.listDueDeadlines(tx, now, new Date(now.getTime() + DEADLINE_ALERT_DAYS[0] * DAY_MS));
    let notified = 0;
    for (const row of due) {
      const deadline = new Date(row.response_deadline);
      const alert = deadlineAlertFor(deadline, now);
      if (!alert) continue;
      const title = alert.daysLeft === 1 ? 'Response due tomorrow' : `Response due in ${alert.daysLeft} days`;
      const what = row.solicitation_number ? `${row.title} (${row.solicitation_number})` : row.title;
      const message = `${what} is due ${deadline.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} at ${deadline.toISOString().slice(11, 16)} UTC.`;
      const link = `/opportunity/${row.opportunity_id}`;
      const dedupeKey = `deadline:${row.user_id}:${row.opportunity_id}:${alert.threshold}`;
      if (!(await alerts.insertAlertOnce(tx, { userId: row.user_id, title, message, type: 'deadline', link, dedupeKey }))) continue;
      notified++;
      if (row.email_notifications) mails.push({ to: row.email, name: row.user_name, title, message, link });
    }
    return { due: due.length, notified };
  });
  const mailed = await mailAlerts(deps.mailer, deps.publicUrl, mails, deps.log);
  return { ...outcome, mailed };
}

export function deadlineAlertsJob(deps: Omit<AlertDeps, 'log'>): JobDefinition {
  return {
    name: DEADLINE_ALERTS_JOB,
    periodAt: (_db, now) => utcHour(now),
    run: ({ log, now }) => runDeadlineAlerts({ ...deps, log }, now),
  };
}
