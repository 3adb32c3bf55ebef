import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { importConcurrency, importOpportunitiesCsv } from '../apps/api/src/modules/opportunities/import/import-csv';
import * as repo from '../apps/api/src/modules/opportunities/opportunities.repository';
import { generateCsv } from './generate-rows';
import { percentile, rssSampler } from './measure';

/**
 * npm run bench -- import --db pglite|postgres --rows 100000 [--search] [--reimport]
 *   Generates rows in the real extract format, streams them through the real importer into a
 *   fresh database, prints rows/s and peak RSS; with --search, then times the listing queries;
 *   with --reimport, then imports the same file again (every row unchanged: skipped by its content
 *   hash) and a file with 2% of the rows changed, as the daily sync does.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch
 * database is created and dropped.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string', default: 'pglite' },
      rows: { type: 'string', default: '100000' },
      search: { type: 'boolean', default: false },
      // Before 2026-11-24 the generator ran inside the timed import (~50 us a row on this machine,
      // half of a 10k rows/s budget); --inline-generator measures that way again.
      'inline-generator': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      reimport: { type: 'boolean', default: false },
    },
  });
  if (positionals[0] !== 'import') throw new Error('usage: npm run bench -- import --db pglite|postgres --rows N [--search]');
  const rows = Number(values.rows);
  // The CSV is written to a scratch file first, so the timed import reads a file like a real one.
  const scratch = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-csv-'));
  const csvPath = path.join(scratch, 'opportunities.csv');
  if (!values['inline-generator']) {
    const t0 = performance.now();
    await pipeline(generateCsv(rows, 42, { now: GENERATED_AT }), createWriteStream(csvPath));
    console.log(
      `csv     ${rows} rows, ${(statSync(csvPath).size / 1_048_576).toFixed(0)} MB generated in ${((performance.now() - t0) / 1000).toFixed(1)}s (not timed)`,
    );
  }
  const { database, cleanup } = await openBenchDatabase(values.db!, values.keep!);
  try {
    const memory = rssSampler();
    const started = performance.now();
    const source = values['inline-generator'] ? generateCsv(rows) : createReadStream(csvPath);
    const result = await importOpportunitiesCsv(database.db, source, { concurrency: importConcurrency(database.kind) });
    const seconds = (performance.now() - started) / 1000;
    memory.stop();
    console.log(
      `import  db=${values.db} rows=${result.imported} malformed=${result.malformed} time=${seconds.toFixed(1)}s rate=${Math.round(result.imported / seconds)} rows/s peakRSS=${memory.peakMb()} MB`,
    );
    if (values.search) await benchSearch(database);
    if (values.reimport) await benchReimport(database, csvPath, rows, scratch);
  } finally {
    await database.close();
    await cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// One clock for every generated file, so a re-import sees the same rows.
const GENERATED_AT = Date.now();

/** The daily sync's case: the whole extract again, unchanged, then with 2% of its rows changed. */
async function benchReimport(database: Database, csvPath: string, rows: number, scratch: string) {
  const changedPath = path.join(scratch, 'opportunities-2pct.csv');
  await pipeline(generateCsv(rows, 42, { now: GENERATED_AT, changedEvery: 50 }), createWriteStream(changedPath));
  for (const [label, file] of [
    ['unchanged', csvPath],
    ['2% changed', changedPath],
  ] as const) {
    const memory = rssSampler();
    const started = performance.now();
    const result = await importOpportunitiesCsv(database.db, createReadStream(file), { concurrency: importConcurrency(database.kind) });
    const seconds = (performance.now() - started) / 1000;
    memory.stop();
    console.log(
      `reimport ${label.padEnd(10)} rows=${result.imported} unchanged=${result.unchanged} updated=${result.updated} inserted=${result.inserted} time=${seconds.toFixed(1)}s rate=${Math.round(result.imported / seconds)} rows/s peakRSS=${memory.peakMb()} MB`,
    );
  }
}

// The dashboard's default: one row per solicitation, open for a response (issue 15).
const OPEN = { status: 'open' } as const;
const NEWEST: repo.ListOrder = { sort: 'posted', order: 'desc' };
const QUERY_SHAPES: [string, repo.OpportunityFilters, repo.ListOrder?][] = [
  ['listing, newest first', OPEN],
  ['listing, due soonest', OPEN, { sort: 'due', order: 'asc' }],
  ['listing, all notices', {}],
  ['keyword', { keyword: 'maintenance' }],
  ['keyword phrase + agency', { keyword: '"repair services"', agency: 'DEPT OF DEFENSE' }],
  ['NAICS prefix', { naics: '3364' }],
  ['PSC prefix + set-aside', { psc: 'J0', setAside: 'SBA' }],
  ['keyword + NAICS + agency', { keyword: 'construction', naics: '23', agency: 'INTERIOR, DEPARTMENT OF THE' }],
  ['saved only', { savedOnly: true }],
];

async function benchSearch(database: Database) {
  const userId = '00000000-0000-0000-0000-000000000000';
  for (const [name, filters, order = NEWEST] of QUERY_SHAPES) {
    for (let i = 0; i < 3; i++) await repo.listPage(database.db, userId, filters, order, 1, 20); // warm
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      const page = 1 + (i % 5);
      total = (await repo.listPage(database.db, userId, filters, order, page, 20)).total;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `search  ${name.padEnd(28)} matches=${String(total).padStart(6)} p50=${percentile(times, 50).toFixed(1)} ms p95=${percentile(times, 95).toFixed(1)} ms`,
    );
  }
  const t0 = performance.now();
  await repo.stats(database.db, userId, new Date());
  console.log(`stats   four dashboard counts: ${(performance.now() - t0).toFixed(1)} ms`);
}

async function openBenchDatabase(kind: string, keep: boolean): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `biddesk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    cleanup: async () => {
      if (keep) {
        console.log(`kept database ${name}`);
        return void (await admin.end());
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
