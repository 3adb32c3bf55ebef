import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import yazl from 'yazl';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { awards } from '../apps/api/src/db/schema/index';
import { DEFAULT_ZIP_LIMITS, importAwardsFile } from '../apps/api/src/modules/awards/import/import-awards-zip';
import { arg, scratchDatabase, seededRandom } from './bench-support';

/**
 * npx tsx bench/award-zip.ts [--rows 1000000] [--rows-per-entry 250000] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   A fiscal year's archive in miniature (issue 27): a ZIP of N transaction rows in the real
 *   PrimeTransactions layout (297 columns, the real header), split into numbered CSV entries as
 *   USAspending splits FY{YYYY}_All_Contracts_Full_*.zip. Each row is one of the 177 real Rice
 *   transactions with a fresh transaction key, an award key shared by two transactions (two actions
 *   per award), one of 5,000 recipients, and shifted dates and amounts. Seeded PRNG: runs repeat.
 *   The ZIP is written streamed (yazl, deflate) and not timed; the timed import reads it from disk
 *   through the job's entry point (spooled copy, yauzl, the CSV importer per entry) into a fresh
 *   PostgreSQL database, with the default ZIP limits. Peak RSS is sampled during the import only.
 *   Target: >= 2,000 rows/s, and a peak RSS that does not grow with N (run 100,000 and 1,000,000).
 */
const N = Number(arg('rows') ?? 1_000_000);
const PER_ENTRY = Number(arg('rows-per-entry') ?? 250_000);
const { adminUrl, dbName, databaseUrl } = scratchDatabase('awardzip');

const { rand, pick } = seededRandom(2027);

const REAL = path.resolve(
  import.meta.dirname,
  '../apps/api/src/modules/awards/import/fixtures/Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv',
);
const real = parse(readFileSync(REAL), { columns: true }) as Record<string, string>[];
const header = Object.keys(real[0]!);
const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const ALPHA = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const uei = () => Array.from({ length: 12 }, () => pick([...ALPHA])).join('');
const vendors = Array.from({ length: 5000 }, (_, i) => ({ uei: uei(), name: `BENCH VENDOR ${i} LLC` }));
const day = (base: number, spreadDays: number) => new Date(base + Math.floor(rand() * spreadDays) * 86_400_000).toISOString().slice(0, 10);

/** Rows `from`..`to` of the archive as CSV text, in ~256 KB chunks. */
async function* entryRows(from: number, to: number): AsyncGenerator<Buffer> {
  let chunk = header.join(',') + '\n';
  for (let i = from; i < to; i++) {
    const r = { ...pick(real) };
    const award = Math.floor(i / 2);
    const v = pick(vendors);
    const piid = `BENCH${String(award).padStart(8, '0')}`;
    const start = day(Date.UTC(2015, 0, 1), 3650);
    r.contract_transaction_unique_key = `9700_-NONE-_${piid}_${i % 2}_-NONE-_0`;
    r.contract_award_unique_key = `CONT_AWD_${piid}_9700_-NONE-_-NONE-`;
    r.award_id_piid = piid;
    r.modification_number = String(i % 2);
    r.parent_award_id_piid = '';
    r.recipient_uei = v.uei;
    r.recipient_parent_uei = v.uei;
    r.recipient_name = v.name;
    r.action_date = day(Date.UTC(2025, 9, 1), 365);
    r.period_of_performance_start_date = start;
    r.period_of_performance_current_end_date = day(Date.parse(start), 1500);
    r.period_of_performance_potential_end_date = `${day(Date.parse(start), 2500)} 00:00:00`;
    r.total_dollars_obligated = (rand() * 5_000_000).toFixed(2);
    r.federal_action_obligation = (rand() * 1_000_000).toFixed(2);
    r.potential_total_value_of_award = (rand() * 10_000_000).toFixed(2);
    r.usaspending_permalink = `https://www.usaspending.gov/award/${r.contract_award_unique_key}/`;
    chunk += header.map((c) => quote(r[c] ?? '')).join(',') + '\n';
    if (chunk.length > 256 * 1024) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-awardzip-'));
const file = path.join(dir, 'FY2026_All_Contracts_Full_20261108.zip');
const tw = performance.now();
const zip = new yazl.ZipFile();
const written = zip.outputStream.pipe(createWriteStream(file));
let entries = 0;
for (let from = 0; from < N; from += PER_ENTRY) {
  zip.addReadStream(Readable.from(entryRows(from, Math.min(N, from + PER_ENTRY))), `FY2026_All_Contracts_Full_20261108_${++entries}.csv`);
}
zip.end();
await once(written, 'finish');
const bytes = statSync(file).size;
const writeSeconds = (performance.now() - tw) / 1000;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const database = await openDatabase({ databaseUrl });
  const mb = (b: number) => Math.round(b / 1048576);
  const rssAtStart = process.memoryUsage().rss;
  let peakRss = rssAtStart;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const load = loadavg()[0]!.toFixed(1);
  const t0 = performance.now();
  const result = await importAwardsFile(database.db, createReadStream(file), { batchSize: 500, zip: DEFAULT_ZIP_LIMITS });
  const s = (performance.now() - t0) / 1000;
  clearInterval(sample);
  const [stored] = await database.db.select({ n: sql<number>`count(*)::int` }).from(awards);
  console.log(
    `archive: ${N.toLocaleString('en-US')} transaction rows in ${entries} CSV entries, ${mb(bytes)} MB zipped (written in ${writeSeconds.toFixed(0)} s, not timed); load average at start ${load}`,
  );
  console.log(
    `import: ${result.rows.toLocaleString('en-US')} rows in ${s.toFixed(1)} s = ${Math.round(result.rows / s).toLocaleString('en-US')} rows/s (awards stored ${stored!.n.toLocaleString('en-US')}, malformed ${result.malformed})`,
  );
  console.log(`RSS: ${mb(rssAtStart)} MB at the start of the import, peak ${mb(peakRss)} MB during it`);
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
