import type { AppDeps } from '../../lib/ctx';
import { utcDay, type JobDefinition } from '../../lib/jobs/job-runner';
import { openDownload } from '../../lib/safe-download';
import { importConcurrency, importOpportunitiesCsv } from '../opportunities/import/import-csv';
import { recordActivity } from '../activity/activity.service';
import { NEW_MATCH_ALERTS_JOB } from '../saved-searches/alerts/new-match-alerts';
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
      const signal = AbortSignal.timeout(SYNC_TIMEOUT_MS);
      const source = await openDownload(settings.url, {
        allowPrivate: deps.config.IMPORT_ALLOW_PRIVATE_URLS,
        maxBytes: deps.config.IMPORT_MAX_BYTES,
        timeoutMs: SYNC_TIMEOUT_MS,
        signal,
      });
      const result = await importOpportunitiesCsv(db, source, { signal, concurrency: importConcurrency(deps.dbKind) });
      const summary = {
        rows: result.rows,
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        malformed: result.malformed,
        duration_ms: result.duration_ms,
      };
      log.info(summary, 'SAM.gov daily sync imported');
      await recordActivity(db, null, { action: 'opportunities.synced', details: summary });
      if (result.inserted > 0) void deps.jobs.trigger(NEW_MATCH_ALERTS_JOB);
      return summary;
    },
  };
}

const SYNC_TIMEOUT_MS = 60 * 60_000;
