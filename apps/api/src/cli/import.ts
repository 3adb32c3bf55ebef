import { createReadStream, existsSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { openDownload } from '../lib/safe-download';
import { importConcurrency, importOpportunitiesCsv } from '../modules/opportunities/import/import-csv';

/**
 * `npm run import -- <file-or-url>`: loads a SAM.gov ContractOpportunitiesFullCSV extract with a
 * progress bar. On the embedded default, stop the server first (PGlite allows one process).
 */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || target === '--help') {
    console.error('Usage: npm run import -- <path/to/ContractOpportunitiesFullCSV.csv | https://...>');
    process.exit(2);
  }
  const config = loadConfig();
  const isUrl = /^https?:\/\//i.test(target);
  if (!isUrl && !existsSync(target)) {
    console.error(`No such file: ${target}`);
    process.exit(2);
  }
  // The operator chose the source on their own machine: private addresses are fine here.
  const source: Readable = isUrl
    ? await openDownload(target, { allowPrivate: true, maxBytes: config.IMPORT_MAX_BYTES, timeoutMs: 60 * 60_000 })
    : createReadStream(target);
  const totalBytes = isUrl ? 0 : statSync(target).size;

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {percentage}% | {rows} rows | {rate} rows/s | {malformed} malformed',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(totalBytes || 1, 0, { rows: 0, rate: 0, malformed: 0 });
  try {
    const result = await importOpportunitiesCsv(database.db, source, {
      concurrency: importConcurrency(database.kind),
      onProgress: (p) => {
        const seconds = (Date.now() - started) / 1000;
        bar.update(totalBytes ? p.bytes : 0, { rows: p.rows, rate: Math.round(p.rows / Math.max(seconds, 0.001)), malformed: p.malformed });
      },
    });
    bar.update(totalBytes || 1, {
      rows: result.rows,
      rate: Math.round(result.rows / Math.max(result.duration_ms / 1000, 0.001)),
      malformed: result.malformed,
    });
    bar.stop();
    console.log(
      `Imported ${result.imported} opportunities (${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged) from ${result.rows} rows in ${(result.duration_ms / 1000).toFixed(1)} s; ${result.malformed} malformed.`,
    );
    for (const e of result.errors) console.log(`  line ${e.line}: ${e.reason}`);
    if (result.malformed > result.errors.length) console.log(`  ... and ${result.malformed - result.errors.length} more`);
  } finally {
    bar.stop();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? ((err as { detail?: string }).detail ?? err.message) : err);
  process.exit(1);
});
