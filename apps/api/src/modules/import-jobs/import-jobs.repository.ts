import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobFiles, importJobs, type ImportJobRow } from '../../db/schema/index';

export type NewImportJob = Pick<
  typeof importJobs.$inferInsert,
  'status' | 'kind' | 'source' | 'sourceLabel' | 'sourceUrl' | 'createdBy' | 'totalBytes' | 'attempts' | 'startedAt'
>;

/** Seconds as an interval, for "older than" conditions evaluated on the database's clock. */
const secondsAgo = (ms: number) => sql`now() - ${Math.max(1, Math.ceil(ms / 1000))} * interval '1 second'`;

/**
 * Inserts a job, or returns null when another import is unfinished: the partial unique index
 * import_jobs_one_unfinished turns the second insert into a no-op, on every process at once.
 */
export async function insertUnlessBusy(db: Db, job: NewImportJob): Promise<ImportJobRow | null> {
  const [row] = await db.insert(importJobs).values(job).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findUnfinished(db: Db): Promise<ImportJobRow | null> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(inArray(importJobs.status, ['uploading', 'queued', 'running']))
    .limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<ImportJobRow | null> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row ?? null;
}

export const listRecent = (db: Db, limit: number) => db.select().from(importJobs).orderBy(desc(importJobs.createdAt)).limit(limit);

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.delete(importJobs).where(eq(importJobs.id, id));
}

/** uploading -> queued once the file is stored; false if the job is gone or was given up meanwhile. */
export async function markQueued(db: Db, id: string, totalBytes: number): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ status: 'queued', totalBytes, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'uploading')))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/** Jobs a claim may take: queued ones, and running ones whose process stopped beating (died). */
const claimable = (staleAfterMs: number, maxAttempts: number) =>
  and(
    inArray(importJobs.source, ['upload', 'url']),
    lt(importJobs.attempts, maxAttempts),
    or(eq(importJobs.status, 'queued'), and(eq(importJobs.status, 'running'), lt(importJobs.heartbeatAt, secondsAgo(staleAfterMs)))),
  );

/**
 * The claim: one conditional UPDATE, so of any number of processes claiming the same job at once
 * exactly one gets the row back (PostgreSQL re-checks the WHERE on the row the winner committed).
 * Without an id it takes the oldest claimable job, skipping rows another claim has locked.
 */
export async function claim(db: Db, opts: { id?: string; staleAfterMs: number; maxAttempts: number }): Promise<ImportJobRow | null> {
  const target = opts.id
    ? eq(importJobs.id, opts.id)
    : sql`${importJobs.id} = (select id from import_jobs where ${claimable(opts.staleAfterMs, opts.maxAttempts)} order by created_at limit 1 for update skip locked)`;
  const [row] = await db
    .update(importJobs)
    .set({ status: 'running', attempts: sql`${importJobs.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()`, error: null })
    .where(and(target, claimable(opts.staleAfterMs, opts.maxAttempts)))
    .returning();
  return row ?? null;
}

/** Whether any job waits for a claim (the scheduled tick asks before it claims). */
export async function anyClaimable(db: Db, staleAfterMs: number, maxAttempts: number): Promise<ImportJobRow | null> {
  const [row] = await db.select().from(importJobs).where(claimable(staleAfterMs, maxAttempts)).orderBy(asc(importJobs.createdAt)).limit(1);
  return row ?? null;
}

export interface ProgressUpdate {
  rowsRead: number;
  imported: number;
  inserted: number;
  updated: number;
  unchanged: number;
  malformed: number;
  bytesRead: number;
  errors: { line: number; reason: string }[];
}

/**
 * Writes progress (and so the heartbeat) for the run that holds attempt `attempt`; false when the
 * job is no longer that run's (a takeover after a stall), so the run stops instead of writing twice.
 */
export async function saveProgress(db: Db, id: string, attempt: number, progress: Partial<ProgressUpdate>): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.attempts, attempt), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/** Ends the run holding `attempt`: done or failed, with the final counts; the full URL is forgotten. */
export async function finish(
  db: Db,
  id: string,
  attempt: number,
  end: { status: 'done' | 'failed'; error?: string | null; progress?: ProgressUpdate },
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({
      ...(end.progress ?? {}),
      status: end.status,
      error: end.error ?? null,
      finishedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      sourceUrl: null,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.attempts, attempt), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/**
 * Puts the run holding `attempt` back in the queue (its process is shutting down): the next tick of
 * any process claims it at once instead of waiting for its heartbeat to go stale. The attempt
 * still counts.
 */
export async function requeue(db: Db, id: string, attempt: number): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ status: 'queued', heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.attempts, attempt), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/**
 * Gives up jobs nobody can finish: an upload whose process died while storing it, a synchronous
 * upload (never stored) whose process died, and a job whose runs died `maxAttempts` times.
 */
export async function failAbandoned(db: Db, staleAfterMs: number, maxAttempts: number): Promise<string[]> {
  const stale = lt(importJobs.heartbeatAt, secondsAgo(staleAfterMs));
  const rows = await db
    .update(importJobs)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      sourceUrl: null,
      error: sql`case
        when ${importJobs.status} = 'uploading' then 'The upload stopped before the file was stored. Please upload the file again.'
        when ${importJobs.source} = 'stream' then 'The server process running this import stopped. Please import the file again.'
        else 'The import was interrupted ' || ${importJobs.attempts} || ' times (its server process stopped) and was given up. Please start it again.' end`,
    })
    .where(
      and(
        stale,
        or(
          eq(importJobs.status, 'uploading'),
          and(eq(importJobs.status, 'running'), or(eq(importJobs.source, 'stream'), sql`${importJobs.attempts} >= ${maxAttempts}`)),
        ),
      ),
    )
    .returning({ id: importJobs.id });
  return rows.map((r) => r.id);
}

export async function addPart(db: Db, jobId: string, part: number, stored: { key: string; size: number }): Promise<void> {
  await db.insert(importJobFiles).values({ jobId, part, storageKey: stored.key, sizeBytes: stored.size });
  // A long upload is alive: the tick gives up only uploads that stopped beating.
  await db
    .update(importJobs)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(importJobs.id, jobId));
}

export const partsOf = (db: Db, jobId: string) =>
  db
    .select({ key: importJobFiles.storageKey, size: importJobFiles.sizeBytes })
    .from(importJobFiles)
    .where(eq(importJobFiles.jobId, jobId))
    .orderBy(asc(importJobFiles.part));

/** Forgets a job's stored parts; returns their keys, for removing the files no other row keeps. */
export async function deleteParts(db: Db, jobId: string): Promise<string[]> {
  const rows = await db.delete(importJobFiles).where(eq(importJobFiles.jobId, jobId)).returning({ key: importJobFiles.storageKey });
  return rows.map((r) => r.key);
}
