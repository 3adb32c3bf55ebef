import type { JobDefinition } from '../lib/jobs/job-runner';
import type { AppDeps } from '../lib/ctx';
import { samSyncJob } from '../modules/sam-sync/sam-sync.job';
import { deadlineAlertsJob } from '../modules/saved-searches/alerts/deadline-alerts';
import { newMatchAlertsJob } from '../modules/saved-searches/alerts/new-match-alerts';

/**
 * Every scheduled job of the product, in tick order; server.ts starts the runner that ticks them.
 * The sync comes first so a tick's alerts already see the day's new rows.
 */
export function scheduledJobs(deps: AppDeps): JobDefinition[] {
  const alertDeps = { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.PUBLIC_URL };
  return [samSyncJob(deps), newMatchAlertsJob(alertDeps), deadlineAlertsJob(alertDeps)];
}
