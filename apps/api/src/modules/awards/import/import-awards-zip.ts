import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { ImportOptions, ImportProgress, ImportResult, MalformedRow } from '../../opportunities/import/import-csv';
import { looksLikeZip, openEntry, peek, planZip, spoolToDisk, type CsvEntry, type ZipLimits, type ZipPlan } from './award-zip';
import { awardLayoutOf, importAwardsCsv } from './import-awards-csv';

const MAX_REPORTED_ERRORS = 50;
/** Enough of an entry to hold its header line (USAspending's is ~8 KB). */
const HEADER_BYTES = 256 * 1024;

/** Generous defaults: a fiscal year's full contract archive is tens of GB of CSV uncompressed. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 20 * 1024 ** 3, maxRatio: 200 };

/** Why an entry's first line is not a USAspending contract award header; null when it is one. */
async function headerProblem(plan: ZipPlan, entry: CsvEntry): Promise<string | null> {
  const stream = await openEntry(plan.zip, entry);
  const chunks: Buffer[] = [];
  let held = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      held += chunk.length;
      if (held >= HEADER_BYTES || chunk.includes(0x0a)) break;
    }
  } finally {
    stream.destroy();
  }
  const text = Buffer.concat(chunks, held)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '');
  const line = text.slice(0, text.search(/\r?\n|$/));
  if (!line.trim()) return 'the CSV file is empty';
  try {
    awardLayoutOf((Papa.parse<string[]>(line, { delimiter: ',', header: false }).data[0] ?? []).map((h) => h.trim()));
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.detail;
    throw err;
  }
}

/**
 * Opens a spooled archive and keeps the CSV entries whose header is a contract award CSV's (a
 * custom download also holds Subawards, which are not awards): those are skipped with the reason.
 * Refused (400) when nothing is left to import, so a wrong archive changes nothing.
 */
export async function planAwardZip(file: string, limits: ZipLimits): Promise<ZipPlan> {
  const plan = await planZip(file, limits);
  try {
    const csv: CsvEntry[] = [];
    for (const entry of plan.csv) {
      const problem = await headerProblem(plan, entry);
      if (problem) plan.skipped.push({ name: entry.name, reason: problem });
      else csv.push(entry);
    }
    if (csv.length === 0) {
      const why = plan.skipped
        .slice(0, 3)
        .map((s) => `${s.name}: ${s.reason}`)
        .join('; ');
      throw new AppError(400, 'VALIDATION', `The ZIP archive holds no USAspending contract award CSV (${why}).`);
    }
    return { ...plan, csv };
  } catch (err) {
    plan.zip.close();
    throw err;
  }
}

/** Spools an archive and checks it as the import will, then forgets it: the upload's early refusal. */
export async function checkAwardZip(source: Readable, limits: ZipLimits, signal?: AbortSignal): Promise<void> {
  const spooled = await spoolToDisk(source, signal);
  try {
    (await planAwardZip(spooled.file, limits)).zip.close();
  } finally {
    await spooled.remove();
  }
}

/**
 * Imports a USAspending award file, CSV or ZIP, told apart by its first bytes. A ZIP (a bulk or
 * custom download, or a fiscal year's archive) is spooled to local disk and each contract CSV
 * entry streamed through the CSV importer in turn, in one job: counts and progress add up across
 * entries, malformed rows name their entry, skipped entries are listed with their reason (line 0).
 * Memory stays that of one CSV import whatever the archive's size.
 */
export async function importAwardsFile(db: Db, source: Readable, opts: ImportOptions & { zip?: ZipLimits } = {}): Promise<ImportResult> {
  const { head, stream } = await peek(source);
  if (!looksLikeZip(head)) return importAwardsCsv(db, stream, opts);

  const started = Date.now();
  const spooled = await spoolToDisk(stream, opts.signal);
  try {
    const plan = await planAwardZip(spooled.file, opts.zip ?? DEFAULT_ZIP_LIMITS);
    try {
      const errors: MalformedRow[] = plan.skipped.map((s) => ({ file: s.name, line: 0, reason: `skipped: ${s.reason}` }));
      const done: ImportProgress = { rows: 0, imported: 0, inserted: 0, updated: 0, unchanged: 0, malformed: 0, bytes: 0 };
      let cp1252 = 0;
      // Progress in bytes of the archive (the job's total), estimated within the running entry.
      let archiveBytes = 0;
      for (const entry of plan.csv) {
        const { compressedSize, uncompressedSize } = entry.entry;
        const atArchive = (inflated: number) =>
          archiveBytes + Math.round(uncompressedSize ? (Math.min(inflated, uncompressedSize) / uncompressedSize) * compressedSize : 0);
        const withEntry = (list: MalformedRow[]) => list.map((e) => ({ ...e, file: entry.name }));
        const result = await importAwardsCsv(db, await openEntry(plan.zip, entry), {
          ...opts,
          onProgress: (p) =>
            opts.onProgress?.({
              rows: done.rows + p.rows,
              imported: done.imported + p.imported,
              inserted: done.inserted + p.inserted,
              updated: done.updated + p.updated,
              unchanged: done.unchanged + p.unchanged,
              malformed: done.malformed + p.malformed,
              bytes: atArchive(p.bytes),
              errors: [...errors, ...withEntry(p.errors)].slice(0, MAX_REPORTED_ERRORS),
            }),
        });
        for (const key of ['rows', 'imported', 'inserted', 'updated', 'unchanged', 'malformed'] as const) done[key] += result[key];
        errors.push(...withEntry(result.errors).slice(0, Math.max(0, MAX_REPORTED_ERRORS - errors.length)));
        cp1252 += result.cp1252_lines;
        archiveBytes += compressedSize;
      }
      return { ...done, bytes: spooled.bytes, errors, cp1252_lines: cp1252, duration_ms: Date.now() - started };
    } finally {
      plan.zip.close();
    }
  } finally {
    await spooled.remove();
  }
}
