import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { vacuumOpportunities } from '../opportunities-write.repository';
import { BatchWriter } from './batch-writer';
import { csvRecordToRow, REQUIRED_COLUMNS, type CsvRecord } from './csv-row';
import { DecodeLines } from './decode-lines';

export interface ImportProgress {
  /** Data rows read so far (good and malformed). */
  rows: number;
  imported: number;
  /** Of the imported rows: new, changed, and skipped because their content hash matched. */
  inserted: number;
  updated: number;
  unchanged: number;
  malformed: number;
  bytes: number;
}

export interface MalformedRow {
  /** Line in the file where the record starts (1 = header). */
  line: number;
  reason: string;
  /** The ZIP entry the row is in (award archives); with line 0, an entry skipped whole. */
  file?: string;
}

export interface ImportResult extends ImportProgress {
  /** The first malformed rows, for the report; `malformed` has the full count. */
  errors: MalformedRow[];
  cp1252_lines: number;
  duration_ms: number;
}

export interface ImportOptions {
  /** Rows per INSERT statement; 500 x ~40 columns stays far below PostgreSQL's 65,535 parameters. */
  batchSize?: number;
  /** After every written batch, with the malformed rows reported so far. */
  onProgress?: (p: ImportProgress & { errors: MalformedRow[] }) => void;
  /** Abort the import (time limit, client gone). */
  signal?: AbortSignal;
  /**
   * Batches written at once. PostgreSQL: 2 puts a second server process to work (the server's
   * side of an import costs more CPU than ours). PGlite runs one query at a time: keep 1.
   */
  concurrency?: number;
}

const MAX_REPORTED_ERRORS = 50;
// Below this, autovacuum catches up soon enough; above, listings stay slow until it does.
const VACUUM_AFTER_ROWS = 10_000;

/**
 * Rows per batch for a database kind. PGlite writes on the server's own thread and answers nothing
 * else while a statement runs: 100 rows keep one batch to ~0.1 s of held thread on a quiet machine
 * (bench/README.md, import-stall.ts), at a small cost in import rate. PostgreSQL writes in its own
 * processes: the larger batch is faster.
 */
export function importBatchSize(kind: 'pglite' | 'postgres'): number {
  return kind === 'postgres' ? 500 : 100;
}

/** Writes at once for a database kind: see ImportOptions.concurrency. */
export function importConcurrency(kind: 'pglite' | 'postgres'): number {
  return kind === 'postgres' ? 2 : 1;
}

function headerOf(fields: string[]): string[] {
  const names = fields.map((h) => h.trim());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) throw badRequest(`Not a SAM.gov Contract Opportunities CSV: missing column ${missing.join(', ')}`);
  return names;
}

/** Line breaks inside quoted fields, so reported line numbers stay those of the file. */
function newlinesIn(fields: string[]): number {
  let n = 0;
  for (const field of fields) {
    for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) n++;
  }
  return n;
}

/**
 * Streams a SAM.gov ContractOpportunitiesFullCSV file into the database: constant memory whatever
 * the size (two batches a lane held, backpressure from the awaits), columns matched by header name,
 * upsert on NoticeId, malformed records counted and reported but never fatal or half-written.
 */
export async function importOpportunitiesCsv(db: Db, source: Readable, opts: ImportOptions = {}): Promise<ImportResult> {
  const started = Date.now();
  const batchSize = opts.batchSize ?? 500;
  const decoder = new DecodeLines();
  const progress: ImportProgress = { rows: 0, imported: 0, inserted: 0, updated: 0, unchanged: 0, malformed: 0, bytes: 0 };
  const errors: MalformedRow[] = [];

  const reportMalformed = (line: number, reason: string) => {
    progress.malformed++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, reason });
  };

  // PapaParse: ~16 us a row of the real format against ~76 us for csv-parse (bench/README.md),
  // with the same RFC 4180 quoting. Rows come out as arrays; columns are matched by header name
  // below. DecodeLines has already turned CRLF into LF, so one newline fits files that mix both.
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ',', newline: '\n', quoteChar: '"', header: false });

  const writer = new BatchWriter(db, batchSize, opts.concurrency ?? 1, (written) => {
    progress.inserted += written.inserted;
    progress.updated += written.updated;
    progress.unchanged += written.unchanged;
    progress.imported += written.rows;
    progress.bytes = decoder.bytes;
    opts.onProgress?.({ ...progress, errors: [...errors] });
  });

  let columns: string[] | null = null;
  let nextLine = 1;
  // The reason the rows' consumer stopped (a file that is not the extract): pipeline() may report
  // the parser's AbortError from tearing down instead, which read as a 502 "operation was aborted".
  let refusal: unknown = null;
  await pipeline(
    source,
    decoder,
    parser,
    async (records: AsyncIterable<string[]>) => {
      try {
        await consume(records);
      } catch (err) {
        refusal = err;
        throw err;
      }
    },
    { signal: opts.signal },
  ).catch((err: unknown) => {
    throw refusal ?? err;
  });

  async function consume(records: AsyncIterable<string[]>): Promise<void> {
    for await (const fields of records) {
      const line = nextLine;
      nextLine += 1 + newlinesIn(fields);
      if (!columns) {
        columns = headerOf(fields);
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue; // an empty line
      progress.rows++;
      if (fields.length !== columns.length) {
        reportMalformed(line, `expected ${columns.length} columns, found ${fields.length}`);
        continue;
      }
      const record: CsvRecord = {};
      for (let i = 0; i < columns.length; i++) record[columns[i]!] = fields[i];
      const mapped = csvRecordToRow(record);
      if (!mapped.ok) {
        reportMalformed(line, mapped.reason);
        continue;
      }
      await writer.add(mapped.row);
    }
    if (!columns) throw badRequest('The CSV file is empty');
    await writer.finish();
  }

  // Only rows actually written leave dead tuples and stale statistics behind.
  if (progress.inserted + progress.updated >= VACUUM_AFTER_ROWS) await vacuumOpportunities(db);
  progress.bytes = decoder.bytes;
  return {
    ...progress,
    errors,
    cp1252_lines: decoder.cp1252Lines,
    duration_ms: Date.now() - started,
  };
}
