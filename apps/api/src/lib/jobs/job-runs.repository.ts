import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { jobRuns, type JobRunRow } from '../../db/schema/index';

/**
 * Claims (job, period) with one conditional upsert: a new period, a failed run past its retry
 * delay with attempts left, or a running one whose heartbeat went stale. True for exactly one of
 * any number of concurrent claimers.
 */
export async function claim(
  db: Db,
  job: string,
  period: string,
  opts: { staleSeconds: number; retrySeconds: number; maxAttempts: number },
): Promise<boolean> {
  const stale = `${opts.staleSeconds} seconds`;
  const retry = `${opts.retrySeconds} seconds`;
  const result = await db.execute(sql`
    insert into job_runs (job, period, status) values (${job}, ${period}, 'running')
    on conflict (job, period) do update
      set status = 'running', attempts = job_runs.attempts + 1, started_at = now(), heartbeat_at = now(), finished_at = null, error = null
      where (job_runs.status = 'failed' and job_runs.attempts < ${opts.maxAttempts} and job_runs.finished_at < now() - ${retry}::interval)
         or (job_runs.status = 'running' and job_runs.heartbeat_at < now() - ${stale}::interval)
    returning job`);
  return rowsOf(result).length === 1;
}

/** Tells other processes the run is alive. */
export async function heartbeat(db: Db, job: string, period: string): Promise<void> {
  await db.execute(sql`update job_runs set heartbeat_at = now() where job = ${job} and period = ${period} and status = 'running'`);
}

/** Records a finished run and what it did. */
export async function markDone(db: Db, job: string, period: string, result: Record<string, unknown>): Promise<void> {
  await db.execute(
    sql`update job_runs set status = 'done', finished_at = now(), result = ${JSON.stringify(result)}::jsonb, error = null where job = ${job} and period = ${period}`,
  );
}

/** Records a failed run with its error (cut to 2,000 characters). */
export async function markFailed(db: Db, job: string, period: string, message: string): Promise<void> {
  await db.execute(
    sql`update job_runs set status = 'failed', finished_at = now(), error = ${message.slice(0, 2000)} where job = ${job} and period = ${period}`,
  );
}

/** The newest run of a job, if any. */
export async function findLatest(db: Db, job: string): Promise<JobRunRow | undefined> {
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(desc(jobRuns.startedAt)).limit(1);
  return run;
}
