import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJobRow } from '../../db/schema/index';
import type { AppDeps } from '../../lib/ctx';
import { AppError, unavailable, upstreamFailed } from '../../lib/errors';
import { openDownload } from '../../lib/safe-download';
import { removeUnreferencedFiles } from '../../lib/stored-files';
import { recordActivity } from '../activity/activity.service';
import { findById as findUser } from '../auth/users.repository';
import { importAwardsFile } from '../awards/import/import-awards-zip';
import { importBatchSize, importConcurrency, importOpportunitiesCsv, type ImportResult } from '../opportunities/import/import-csv';
import { NEW_MATCH_ALERTS_JOB } from '../saved-searches/alerts/new-match-alerts';
import type { ZipLimits } from '../awards/import/award-zip';
import * as repo from './import-jobs.repository';

export type ImportJobDeps = Pick<AppDeps, 'db' | 'files' | 'config' | 'dbKind' | 'jobs'> & { log: FastifyBaseLogger };

/**
 * How runs are kept honest. A run writes its progress (its heartbeat) at every batch and at least
 * every `heartbeatMs`; a running job whose heartbeat is older than `staleAfterMs` belongs to a
 * process that died, and the next claim takes it over, at most `maxAttempts` runs in all. The
 * time limit of a background run is generous: nobody waits on it (the SAM sync's is the same).
 */
export interface ImportRunLimits {
  staleAfterMs: number;
  heartbeatMs: number;
  maxAttempts: number;
  timeoutMs: number;
}
export const IMPORT_RUN_LIMITS: ImportRunLimits = { staleAfterMs: 120_000, heartbeatMs: 15_000, maxAttempts: 3, timeoutMs: 60 * 60_000 };

/** Opens the job's source: its stored parts one after another (one part in memory), or its URL. */
export async function openSource(deps: ImportJobDeps, job: ImportJobRow, signal: AbortSignal, timeoutMs: number): Promise<Readable> {
  if (job.source === 'url') {
    if (!job.sourceUrl) throw new AppError(400, 'VALIDATION', 'The import has no URL to read.');
    return openDownload(job.sourceUrl, {
      allowPrivate: deps.config.IMPORT_ALLOW_PRIVATE_URLS,
      maxBytes: deps.config.IMPORT_MAX_BYTES,
      timeoutMs,
      signal,
    });
  }
  const parts = await repo.partsOf(deps.db, job.id);
  return Readable.from(
    (async function* () {
      for (const part of parts) yield await deps.files.read(part.key);
    })(),
  );
}

/** The configured limits of an award ZIP. */
export const zipLimits = (config: ImportJobDeps['config']): ZipLimits => ({
  maxEntries: config.IMPORT_ZIP_MAX_ENTRIES,
  maxUncompressedBytes: config.IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES,
  maxRatio: config.IMPORT_ZIP_MAX_RATIO,
});

const readable = (err: unknown, timedOut: boolean): AppError => {
  if (err instanceof AppError) return err;
  if (timedOut) return upstreamFailed('The CSV import took too long and was stopped; rows imported so far are kept.');
  return upstreamFailed(`The CSV import failed: ${err instanceof Error ? err.message : String(err)}`);
};

const progressOf = (p: Omit<ImportResult, 'cp1252_lines' | 'duration_ms'>): repo.ProgressUpdate => ({
  rowsRead: p.rows,
  imported: p.imported,
  inserted: p.inserted,
  updated: p.updated,
  unchanged: p.unchanged,
  malformed: p.malformed,
  bytesRead: p.bytes,
  errors: p.errors,
});

/**
 * Runs a job this process has claimed (status running, `job.attempts` its attempt) to its end:
 * progress saved after every batch, the end recorded, the stored upload removed, alerts triggered
 * for new rows. Throws the readable error of a failed import after recording it.
 *
 * `open` supplies the bytes of a synchronous upload that was never stored; `timeoutMs` overrides
 * the background limit for the SPEC's synchronous call, which must answer within its 180 s.
 */
export async function executeClaimed(
  deps: ImportJobDeps,
  job: ImportJobRow,
  opts: {
    limits?: Partial<ImportRunLimits>;
    open?: (signal: AbortSignal) => Promise<Readable>;
    timeoutMs?: number;
    requeueOnShutdown?: boolean;
  } = {},
): Promise<ImportResult> {
  const limits = { ...IMPORT_RUN_LIMITS, ...opts.limits };
  const attempt = job.attempts;
  const timeoutMs = opts.timeoutMs ?? limits.timeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  // Aborted when the job stops being this run's (another process took it over after a stall).
  const lost = new AbortController();
  // The process shutting down stops the import at its next batch (issue 21 item 12): a background
  // job goes back to the queue for the next start, a synchronous one ends failed; rows written stay.
  const shutdown = deps.jobs.stopSignal;
  const signal = AbortSignal.any([deadline, lost.signal, shutdown]);

  // Progress writes never overlap: the latest waiting one is written when the previous ends.
  let latest: repo.ProgressUpdate | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = (progress: Partial<repo.ProgressUpdate>) =>
    repo.saveProgress(deps.db, job.id, attempt, progress).then(
      (owned) => void (owned || lost.abort(new Error('taken over'))),
      (err: unknown) => deps.log.warn({ job: job.id, err: err instanceof Error ? err.message : String(err) }, 'import progress not saved'),
    );
  const onProgress = (p: repo.ProgressUpdate) => {
    const idle = latest === null;
    latest = p;
    if (!idle) return;
    writing = writing.then(async () => {
      const next = latest!;
      latest = null;
      await write(next);
    });
  };
  const heartbeat = setInterval(() => void write({}), limits.heartbeatMs);
  heartbeat.unref();

  try {
    const source = opts.open ? await opts.open(signal) : await openSource(deps, job, signal, timeoutMs);
    // Awards and opportunities share the one-import slot, the stored upload and the progress.
    // An award file may be a ZIP of CSVs (a bulk download, a fiscal year's archive).
    const importer = job.kind === 'awards' ? importAwardsFile : importOpportunitiesCsv;
    const result = await importer(deps.db, source, {
      zip: zipLimits(deps.config),
      signal,
      concurrency: importConcurrency(deps.dbKind),
      batchSize: importBatchSize(deps.dbKind),
      onProgress: (p) => onProgress(progressOf(p)),
    });
    clearInterval(heartbeat);
    await writing;
    if (!(await repo.finish(deps.db, job.id, attempt, { status: 'done', progress: progressOf(result) }))) {
      // Another process took the job over while this run stalled: its run records the end and
      // still reads the stored upload, so this one leaves both alone.
      lost.abort(new Error('taken over'));
      throw new AppError(409, 'CONFLICT', 'The import was taken over by another server process.');
    }
    deps.log.info(
      {
        job: job.id,
        rows: result.rows,
        imported: result.imported,
        unchanged: result.unchanged,
        malformed: result.malformed,
        ms: result.duration_ms,
      },
      'CSV import finished',
    );
    const actor = job.createdBy ? ((await findUser(deps.db, job.createdBy)) ?? null) : null;
    await recordActivity(deps.db, actor, {
      action: job.kind === 'awards' ? 'awards.imported' : 'opportunities.imported',
      details: {
        [job.source === 'url' ? 'url' : 'file']: job.sourceLabel,
        rows: result.rows,
        imported: result.imported,
        malformed: result.malformed,
      },
    });
    if (result.inserted > 0 && job.kind === 'opportunities') void deps.jobs.trigger(NEW_MATCH_ALERTS_JOB);
    return result;
  } catch (err) {
    clearInterval(heartbeat);
    await writing;
    if (
      shutdown.aborted &&
      !lost.signal.aborted &&
      opts.requeueOnShutdown &&
      (await repo.requeue(deps.db, job.id, attempt).catch(() => false))
    ) {
      // Its stored upload stays for the run after the restart.
      lost.abort(new Error('requeued'));
      deps.log.info({ job: job.id }, 'CSV import stopped for shutdown; queued again for the next start');
      throw unavailable('The server is shutting down; the import continues after the restart.');
    }
    const error = shutdown.aborted
      ? unavailable('The server shut down during the import; rows imported so far are kept. Please start it again.')
      : readable(err, deadline.aborted);
    if (!lost.signal.aborted) {
      await repo.finish(deps.db, job.id, attempt, { status: 'failed', error: error.detail }).catch(() => {});
      deps.log.warn({ job: job.id, error: error.detail }, 'CSV import failed');
    }
    throw error;
  } finally {
    // The stored upload is only needed until the import ends (a taken-over run leaves it).
    if (!lost.signal.aborted) await removeJobFiles(deps, job.id).catch(() => {});
  }
}

/** Forgets a job's stored parts and deletes the files no other row keeps. */
export async function removeJobFiles(deps: Pick<ImportJobDeps, 'db' | 'files'>, jobId: string): Promise<void> {
  const keys = await repo.deleteParts(deps.db, jobId);
  await removeUnreferencedFiles(deps.db, deps.files, keys);
}

export type ClaimOutcome =
  { status: 'skipped' } | { status: 'done'; job: string; result: ImportResult } | { status: 'failed'; job: string; error: string };

/**
 * Claims a job (`id`, or the oldest waiting one) and runs it. 'skipped' when there is nothing to
 * claim or another process won the claim: of any number of callers, one runs the job.
 */
export async function claimAndRun(
  deps: ImportJobDeps,
  opts: { id?: string; limits?: Partial<ImportRunLimits> } = {},
): Promise<ClaimOutcome> {
  const limits = { ...IMPORT_RUN_LIMITS, ...opts.limits };
  const job = await repo.claim(deps.db, { id: opts.id, staleAfterMs: limits.staleAfterMs, maxAttempts: limits.maxAttempts });
  if (!job) return { status: 'skipped' };
  try {
    return { status: 'done', job: job.id, result: await executeClaimed(deps, job, { limits, requeueOnShutdown: true }) };
  } catch (err) {
    return { status: 'failed', job: job.id, error: err instanceof AppError ? err.detail : String(err) };
  }
}
