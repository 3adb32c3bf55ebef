import type { JobDefinition } from '../lib/jobs/job-runner';
import type { AppDeps } from '../lib/ctx';
import { samSyncJob } from '../modules/sam-sync/sam-sync.job';
import { deadlineAlertsJob } from '../modules/saved-searches/alerts/deadline-alerts';
import { newMatchAlertsJob } from '../modules/saved-searches/alerts/new-match-alerts';
import { csvImportJob } from '../modules/import-jobs/import-jobs.job';
import { nextActionRemindersJob } from '../modules/pursuits/next-action-reminders';
import { orphanFilesJob } from './orphan-files.job';

/**
 * Every scheduled job of the product, in tick order; server.ts starts the runner that ticks them.
 * The sync comes first so a tick's alerts already see the day's new rows; the daily orphan-file
 * cleanup and the takeover of background CSV imports whose process died follow.
 */
export function scheduledJobs(deps: AppDeps): JobDefinition[] {
  const alertDeps = { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL };
  // The admin's background imports come last: one may hold the tick that takes it over for minutes.
  return [
    samSyncJob(deps),
    newMatchAlertsJob(alertDeps),
    deadlineAlertsJob(alertDeps),
    nextActionRemindersJob(deps),
    orphanFilesJob(deps),
    csvImportJob(deps),
  ];
}
