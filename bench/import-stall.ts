import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../apps/api/src/db/client';
import Papa from 'papaparse';
import { importOpportunitiesCsv } from '../apps/api/src/modules/opportunities/import/import-csv';
import { csvRecordToRow } from '../apps/api/src/modules/opportunities/import/csv-row';
import { DecodeLines } from '../apps/api/src/modules/opportunities/import/decode-lines';
import { generateCsv } from './generate-rows';

/**
 * npx tsx bench/import-stall.ts [--rows 20000]
 *   How long the admin CSV import holds the event loop (issue 16 asked whether its parse belongs in
 *   the parse worker pool): generated rows in the real extract format, imported into a fresh PGlite
 *   database in this process while the event loop's delay is sampled every 10 ms; then the same
 *   file through the importer's parse alone (DecodeLines, PapaParse, csvRecordToRow; no database).
 */
function sampled() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  return () => {
    delay.disable();
    const ms = (n: number) => Math.round(n / 1e6);
    return `${Math.round(performance.now() - started)} ms; event loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`;
  };
}
const i = process.argv.indexOf('--rows');
const rows = i >= 0 ? Number(process.argv[i + 1]) : 20_000;
const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-import-stall-'));
try {
  const csv = path.join(dir, 'rows.csv');
  await pipeline(generateCsv(rows), createWriteStream(csv));
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  let done = sampled();
  const result = await importOpportunitiesCsv(database.db, createReadStream(csv));
  console.log(`import into PGlite: ${result.imported} rows in ${done()}`);
  await database.close();

  done = sampled();
  let mapped = 0;
  let header: string[] | null = null;
  await pipeline(createReadStream(csv), new DecodeLines(), Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ',', newline: '\n', quoteChar: '"' }), async (records: AsyncIterable<string[]>) => {
    for await (const fields of records) {
      if (!header) {
        header = fields.map((h) => h.trim());
        continue;
      }
      const record: Record<string, string | undefined> = {};
      header.forEach((name, c) => (record[name] = fields[c]));
      if (csvRecordToRow(record).ok) mapped++;
    }
  });
  console.log(`parse only (no database): ${mapped} rows in ${done()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
