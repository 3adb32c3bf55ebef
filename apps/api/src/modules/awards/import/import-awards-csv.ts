import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import type { Db } from '../../../db/client';
import type { AwardRecord, RecipientRecord } from '../../../integrations/awards/award-record';
import { badRequest } from '../../../lib/errors';
import { DecodeLines } from '../../opportunities/import/decode-lines';
import type { ImportOptions, ImportProgress, ImportResult, MalformedRow } from '../../opportunities/import/import-csv';
import { upsertAwards, upsertRecipients } from '../awards-write.repository';
import { csvRecordToAward, layoutOf, missingAwardColumns, type AwardCsvLayout, type CsvRecord } from './award-csv-row';

const MAX_REPORTED_ERRORS = 50;

/** Line breaks inside quoted fields, so reported line numbers stay those of the file. */
function newlinesIn(fields: string[]): number {
  let n = 0;
  for (const field of fields) for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) n++;
  return n;
}

/** Refuses a header that is not a USAspending contract CSV, naming what is missing. */
export function awardLayoutOf(columns: string[]): AwardCsvLayout {
  const layout = layoutOf(columns);
  if (!layout) throw badRequest(`Not a USAspending contract award CSV: missing column ${missingAwardColumns(columns).join(', ')}`);
  return layout;
}

/**
 * Streams a USAspending contract award CSV (custom download PrimeAwardSummaries, or the
 * PrimeTransactions / monthly archive layout) into awards and recipients: constant memory whatever
 * the size (one batch parsed while the previous one is written), columns matched by header name,
 * upsert by award key (idempotent: a re-import writes nothing), malformed rows counted and listed,
 * never fatal. Each batch's awards and recipients are one transaction.
 */
export async function importAwardsCsv(db: Db, source: Readable, opts: ImportOptions = {}): Promise<ImportResult> {
  const started = Date.now();
  const batchSize = opts.batchSize ?? 500;
  const decoder = new DecodeLines();
  const progress: ImportProgress = { rows: 0, imported: 0, inserted: 0, updated: 0, unchanged: 0, malformed: 0, bytes: 0 };
  const errors: MalformedRow[] = [];
  const fetchedAt = new Date();
  const reportMalformed = (line: number, reason: string) => {
    progress.malformed++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, reason });
  };

  let batch: { awards: AwardRecord[]; recipients: RecipientRecord[] } = { awards: [], recipients: [] };
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = { awards: [], recipients: [] };
    // One write in flight: the next batch is parsed while this one is written.
    await inFlight;
    if (rows.awards.length === 0) return;
    inFlight = db
      .transaction(async (tx) => {
        await upsertRecipients(tx, rows.recipients);
        return upsertAwards(tx, rows.awards);
      })
      .then((written) => {
        progress.inserted += written.inserted;
        progress.updated += written.updated;
        progress.unchanged += written.unchanged + (rows.awards.length - written.inserted - written.updated - written.unchanged);
        progress.imported += rows.awards.length;
        progress.bytes = decoder.bytes;
        opts.onProgress?.({ ...progress, errors: [...errors] });
      });
    inFlight.catch(() => {});
  };

  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ',', newline: '\n', quoteChar: '"', header: false });
  let columns: string[] | null = null;
  let layout: AwardCsvLayout = 'award_summaries';
  let nextLine = 1;
  let refusal: unknown = null;
  await pipeline(
    source,
    decoder,
    parser,
    async (records: AsyncIterable<string[]>) => {
      try {
        for await (const fields of records) {
          const line = nextLine;
          nextLine += 1 + newlinesIn(fields);
          if (!columns) {
            columns = fields.map((h) => h.trim());
            layout = awardLayoutOf(columns);
            continue;
          }
          if (fields.length === 1 && fields[0] === '') continue;
          progress.rows++;
          if (fields.length !== columns.length) {
            reportMalformed(line, `expected ${columns.length} columns, found ${fields.length}`);
            continue;
          }
          const record: CsvRecord = {};
          for (let i = 0; i < columns.length; i++) record[columns[i]!] = fields[i];
          const mapped = csvRecordToAward(record, layout, fetchedAt);
          if (!mapped.ok) {
            reportMalformed(line, mapped.reason);
            continue;
          }
          batch.awards.push(mapped.award);
          if (mapped.recipient) batch.recipients.push(mapped.recipient);
          if (batch.awards.length >= batchSize) await flush();
        }
        if (!columns) throw badRequest('The CSV file is empty');
        await flush();
        await inFlight;
      } catch (err) {
        refusal = err;
        throw err;
      }
    },
    { signal: opts.signal },
  ).catch((err: unknown) => {
    throw refusal ?? err;
  });
  progress.bytes = decoder.bytes;
  return { ...progress, errors, cp1252_lines: decoder.cp1252Lines, duration_ms: Date.now() - started };
}
