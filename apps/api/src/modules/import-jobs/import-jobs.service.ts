import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import Papa from 'papaparse';
import type { ImportJob, ImportResult } from '@biddesk/shared';
import type { ImportJobRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { parseDownloadUrl } from '../../lib/safe-download';
import { looksLikeZip } from '../awards/import/award-zip';
import { awardLayoutOf } from '../awards/import/import-awards-csv';
import { checkAwardZip } from '../awards/import/import-awards-zip';
import { REQUIRED_COLUMNS } from '../opportunities/import/csv-row';
import { executeClaimed, removeJobFiles, zipLimits } from './import-job-run';
import { CSV_IMPORT_JOB } from './import-jobs.job';
import * as repo from './import-jobs.repository';
import { presentImportJob } from './import-jobs.presenter';

/** Parts an upload is stored in: any file store takes them, and one part at a time is in memory. */
export const IMPORT_PART_BYTES = 8 * 1024 * 1024;
const RECENT_JOBS = 20;

export type ImportKind = ImportJobRow['kind'];

const megabytes = (bytes: number) => (bytes / 1048576).toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The 409 a second import gets, naming the one that runs. */
async function busy(ctx: AuthedCtx): Promise<AppError> {
  const running = await repo.findUnfinished(ctx.db);
  const what = running ? ` (${running.sourceLabel}, started ${running.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)` : '';
  return conflict(`An import is already running${what}. Please wait for it to finish.`);
}

// Activity and job lists keep where data came from, not tokens a URL's query string may carry.
export function withoutQuery(raw: string): string {
  const url = new URL(raw);
  return url.origin + url.pathname;
}

/** Refuses a file whose first line is not the header of its kind, before the rest is stored. */
function checkHeader(firstBytes: Buffer, kind: ImportKind): void {
  // An award ZIP (told by its first bytes, whatever its name) is checked once stored whole.
  if (kind === 'awards' && looksLikeZip(firstBytes)) return;
  const text = firstBytes.toString('latin1').replace(/^\xef\xbb\xbf/, '');
  const line = text.slice(0, text.search(/\r?\n|$/));
  if (!line.trim()) throw badRequest('The CSV file is empty');
  const names = (Papa.parse<string[]>(line, { delimiter: ',', header: false }).data[0] ?? []).map((h) => h.trim());
  if (kind === 'awards') {
    awardLayoutOf(names);
    return;
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw badRequest(`Not a SAM.gov Contract Opportunities CSV: missing column ${missing.join(', ')}`);
}

/** Stores the upload in parts of exactly `partBytes` (the last one shorter) under the job; returns its size. */
export async function storeParts(
  ctx: Pick<AuthedCtx, 'db' | 'files'>,
  jobId: string,
  stream: Readable,
  partBytes = IMPORT_PART_BYTES,
  kind: ImportKind = 'opportunities',
): Promise<number> {
  // Chunks are collected and joined once a part is full (joining at every chunk would copy each
  // part a hundred times over).
  let chunks: Buffer[] = [];
  let held = 0;
  let part = 0;
  let total = 0;
  const store = async (bytes: Buffer) => {
    if (part === 0) checkHeader(bytes, kind);
    await repo.addPart(ctx.db, jobId, part++, await ctx.files.put(bytes));
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    held += chunk.length;
    total += chunk.length;
    if (held < partBytes) continue;
    let joined = Buffer.concat(chunks, held);
    while (joined.length >= partBytes) {
      await store(joined.subarray(0, partBytes));
      joined = joined.subarray(partBytes);
    }
    chunks = joined.length ? [joined] : [];
    held = joined.length;
  }
  if (held) await store(Buffer.concat(chunks, held));
  if (total === 0) throw badRequest('The CSV file is empty');
  return total;
}

/**
 * Refuses a stored award ZIP the import would refuse (unreadable, no award CSV, over a limit), so
 * the admin gets the 400 now and nothing is kept. Its parts are read back one at a time to disk.
 */
async function checkStoredZip(ctx: Pick<AuthedCtx, 'db' | 'files' | 'config'>, jobId: string): Promise<void> {
  const parts = await repo.partsOf(ctx.db, jobId);
  const first = parts[0] ? await ctx.files.read(parts[0].key) : Buffer.alloc(0);
  if (!looksLikeZip(first)) return;
  const rest = parts.slice(1);
  await checkAwardZip(
    Readable.from(
      (async function* () {
        yield first;
        for (const part of rest) yield await ctx.files.read(part.key);
      })(),
    ),
    zipLimits(ctx.config),
  );
}

/**
 * POST /admin/import-jobs/upload: stores the admin's extract (multipart field `file`) through the
 * file store and queues its import, answering at once; the import runs in the background, once.
 * Refused before anything is kept: no file, not a .csv (awards: .csv or .zip), not the extract's
 * header or an award ZIP the import would refuse (400), over IMPORT_MAX_BYTES (413), another import
 * unfinished (409).
 */
export async function startUploadImport(
  ctx: AuthedCtx,
  file: MultipartFile | undefined,
  kind: ImportKind = 'opportunities',
): Promise<ImportJob> {
  if (!file || file.fieldname !== 'file') throw badRequest('Please choose a CSV file');
  try {
    if (!(kind === 'awards' ? /\.(csv|zip)$/i : /\.csv$/i).test(file.filename))
      throw badRequest(kind === 'awards' ? 'Please choose a .csv or .zip file' : 'Please choose a .csv file');
    const job = await repo.insertUnlessBusy(ctx.db, {
      status: 'uploading',
      kind,
      source: 'upload',
      sourceLabel: file.filename.slice(0, 200),
      createdBy: ctx.actor.id,
    });
    if (!job) throw await busy(ctx);
    try {
      const size = await storeParts(ctx, job.id, file.file, IMPORT_PART_BYTES, kind);
      if (file.file.truncated)
        throw new AppError(413, 'VALIDATION', `The CSV file is larger than ${megabytes(ctx.config.IMPORT_MAX_BYTES)} MB.`);
      if (kind === 'awards') await checkStoredZip(ctx, job.id);
      if (!(await repo.markQueued(ctx.db, job.id, size)))
        throw conflict('The import was given up while the file was being stored. Please upload it again.');
    } catch (err) {
      // Nothing of a refused upload is kept: its parts, their files and the job itself.
      await removeJobFiles(ctx, job.id).catch(() => {});
      await repo.deleteJob(ctx.db, job.id).catch(() => {});
      throw err;
    }
    void ctx.jobs.trigger(CSV_IMPORT_JOB);
    return presentImportJob((await repo.findById(ctx.db, job.id))!);
  } finally {
    file.file.resume();
  }
}

/**
 * POST /admin/import-jobs: imports from `csv_url` (the daily sync's configured URL, say) in the
 * background. The URL is vetted now (SSRF guard), so a bad one is a 400 and nothing is kept.
 */
export async function startUrlImport(ctx: AuthedCtx, url: string, kind: ImportKind = 'opportunities'): Promise<ImportJob> {
  parseDownloadUrl(url, ctx.config.IMPORT_ALLOW_PRIVATE_URLS);
  const job = await repo.insertUnlessBusy(ctx.db, {
    status: 'queued',
    kind,
    source: 'url',
    sourceLabel: withoutQuery(url),
    sourceUrl: url,
    createdBy: ctx.actor.id,
  });
  if (!job) throw await busy(ctx);
  void ctx.jobs.trigger(CSV_IMPORT_JOB);
  return presentImportJob(job);
}

/**
 * SPEC's synchronous import (and the synchronous upload): the same job row, claimed at insert and
 * run while the caller waits, so it excludes background imports on every process and shows in the
 * list of recent imports. `open` gives the bytes of an upload that is streamed, never stored.
 */
export async function runImportNow(
  ctx: AuthedCtx,
  origin: { url: string } | { file: string; open: (signal: AbortSignal) => Promise<Readable> },
): Promise<ImportResult> {
  const job = await repo.insertUnlessBusy(ctx.db, {
    status: 'running',
    attempts: 1,
    startedAt: new Date(),
    createdBy: ctx.actor.id,
    ...('url' in origin
      ? { source: 'url', sourceLabel: withoutQuery(origin.url), sourceUrl: origin.url }
      : { source: 'stream', sourceLabel: origin.file }),
  });
  if (!job) throw await busy(ctx);
  const result = await executeClaimed({ ...ctx, log: ctx.log }, job, {
    timeoutMs: ctx.config.IMPORT_TIMEOUT_MS,
    ...('open' in origin ? { open: origin.open } : {}),
  });
  return {
    imported: result.imported,
    inserted: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    rows: result.rows,
    malformed: result.malformed,
    errors: result.errors,
    duration_ms: result.duration_ms,
  };
}

export async function getImportJob(ctx: AuthedCtx, id: string): Promise<ImportJob> {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw notFound('Import not found');
  return presentImportJob(row);
}

export async function listImportJobs(ctx: AuthedCtx): Promise<{ jobs: ImportJob[] }> {
  return { jobs: (await repo.listRecent(ctx.db, RECENT_JOBS)).map(presentImportJob) };
}
