import type { AppDeps } from '../../lib/ctx';
import { utcDay, type JobDefinition } from '../../lib/jobs/job-runner';
import { executeClaimed } from '../import-jobs/import-job-run';
import * as importJobs from '../import-jobs/import-jobs.repository';
import { withoutQuery } from '../import-jobs/import-jobs.service';
import { readSamSyncSettings } from './sam-sync.settings';

export const SAM_SYNC_JOB = 'sam-sync';

/**
 * The daily sync of SAM.gov's Contract Opportunities extract: due once per UTC day from the
 * configured hour (a server that was down at that hour catches up when it starts), when an admin
 * turned it on. Download through the SSRF guard with the import's size limit, import through the
 * same importer as Admin → Database (unchanged rows skipped by their content hash), then the
 * saved-search alerts for what is new. The daily file is far larger than an admin's wait, so the
 * job's own time limit is generous (1 hour).
 */
export function samSyncJob(deps: AppDeps): JobDefinition {
  return {
    name: SAM_SYNC_JOB,
    async periodAt(db, now) {
      const settings = await readSamSyncSettings(db);
      if (!settings.enabled || !settings.url || now.getUTCHours() < settings.hour) return null;
      return utcDay(now);
    },
    async run({ db, log }) {
      const settings = await readSamSyncSettings(db);
      // The sync takes the same one-import-at-a-time slot as Admin → Database, so it never writes
      // the same rows alongside an admin's import, and it shows in the Database tab's list with its
      // progress. Busy: this run fails and the runner tries again later in the day.
      const job = await importJobs.insertUnlessBusy(db, {
        status: 'running',
        attempts: 1,
        startedAt: new Date(),
        createdBy: null,
        source: 'url',
        sourceLabel: withoutQuery(settings.url),
        sourceUrl: settings.url,
      });
      if (!job) throw new Error('Another import is running; the daily sync will try again later');
      const result = await executeClaimed({ ...deps, db, log }, job, { timeoutMs: SYNC_TIMEOUT_MS });
      const summary = {
        rows: result.rows,
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        malformed: result.malformed,
        duration_ms: result.duration_ms,
      };
      // The run itself records the import in the activity log and triggers the saved-search alerts.
      log.info(summary, 'SAM.gov daily sync imported');
      return summary;
    },
  };
}

const SYNC_TIMEOUT_MS = 60 * 60_000;
