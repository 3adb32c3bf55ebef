import { utcHour, type JobDefinition } from '../../lib/jobs/job-runner';
import type { Db } from '../../db/client';
import { insertNextActionReminders } from './pursuits.repository';

export const NEXT_ACTION_REMINDERS_JOB = 'pursuit-next-action-reminders';

/**
 * Issue 26: a pursuit's next action is reminded in its capture owner's bell on its date (UTC) and,
 * if missed, at the next run after it; once per date (see the repository's dedupe key).
 */
export async function runNextActionReminders(db: Db, now = new Date()): Promise<{ reminded: number }> {
  return { reminded: await insertNextActionReminders(db, now.toISOString().slice(0, 10)) };
}

/** Hourly, once across processes (the job runner's period lock). */
export function nextActionRemindersJob(deps: { db: Db }): JobDefinition {
  return {
    name: NEXT_ACTION_REMINDERS_JOB,
    periodAt: (_db, now) => utcHour(now),
    run: ({ now }) => runNextActionReminders(deps.db, now),
  };
}
