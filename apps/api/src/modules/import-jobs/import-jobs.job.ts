import type { JobDefinition } from '../../lib/jobs/job-runner';
import { claimAndRun, IMPORT_RUN_LIMITS, removeJobFiles, type ImportJobDeps, type ImportRunLimits } from './import-job-run';
import * as repo from './import-jobs.repository';

export const CSV_IMPORT_JOB = 'csv-import';

/**
 * The admin's background CSV imports. The process that accepted an import triggers this job at
 * once; every process's tick also looks for an import nobody runs (queued, or running with a stale
 * heartbeat because its process died) and takes it over, and gives up what cannot be finished.
 * The period names the job and attempt, so job_runs lets one process per attempt try, and the
 * conditional UPDATE in the claim makes sure only one runs it whatever the path.
 */
export function csvImportJob(deps: Omit<ImportJobDeps, 'log'>, limitsOverride: Partial<ImportRunLimits> = {}): JobDefinition {
  const limits = { ...IMPORT_RUN_LIMITS, ...limitsOverride };
  return {
    name: CSV_IMPORT_JOB,
    async periodAt(db) {
      for (const id of await repo.failAbandoned(db, limits.staleAfterMs, limits.maxAttempts)) {
        await removeJobFiles({ db, files: deps.files }, id).catch(() => {});
      }
      const waiting = await repo.anyClaimable(db, limits.staleAfterMs, limits.maxAttempts);
      return waiting ? `${waiting.id}#${waiting.attempts + 1}` : null;
    },
    async run({ log }) {
      const outcome = await claimAndRun({ ...deps, log }, { limits });
      return outcome.status === 'done' ? { job: outcome.job, status: 'done', rows: outcome.result.rows } : { ...outcome };
    },
  };
}
