import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { importAwardsCsv } from '../apps/api/src/modules/awards/import/import-awards-csv';
import { arg, scratchDatabase, seededRandom } from './bench-support';

/**
 * npx tsx bench/award-import.ts [--rows 100000] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   The USAspending award import (issue 27) on a fresh PostgreSQL database: N generated award rows
 *   in the real custom-download format (286 columns, the real header), each built from one of the
 *   104 real Rice rows with a fresh award key and PIID, one of 5,000 recipients (UEI and name),
 *   and shifted dates and amounts. Seeded PRNG: runs repeat. The CSV is written first and not timed;
 *   the timed import reads it as a file through the real importer. Then the same file again (every
 *   row unchanged). Target: >= 2,000 rows/s.
 */
const N = Number(arg('rows') ?? 100_000);
const { adminUrl, dbName, databaseUrl } = scratchDatabase('awards');

const { rand, pick } = seededRandom(27);

const REAL = path.resolve(
  import.meta.dirname,
  '../apps/api/src/modules/awards/import/fixtures/Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv',
);
const real = parse(readFileSync(REAL), { columns: true }) as Record<string, string>[];
const header = Object.keys(real[0]!);
const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const ALPHA = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const uei = () => Array.from({ length: 12 }, () => pick([...ALPHA])).join('');
const vendors = Array.from({ length: 5000 }, (_, i) => ({ uei: uei(), name: `BENCH VENDOR ${i} LLC` }));
const day = (base: number, spreadDays: number) => new Date(base + Math.floor(rand() * spreadDays) * 86_400_000).toISOString().slice(0, 10);

const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-awards-'));
const file = path.join(dir, 'awards.csv');
const out = createWriteStream(file);
out.write(header.join(',') + '\n');
for (let i = 0; i < N; i++) {
  const r = { ...pick(real) };
  const v = pick(vendors);
  const piid = `BENCH${String(i).padStart(8, '0')}`;
  const start = day(Date.UTC(2015, 0, 1), 3650);
  r.contract_award_unique_key = `CONT_AWD_${piid}_9700_-NONE-_-NONE-`;
  r.award_id_piid = piid;
  r.parent_award_id_piid = '';
  r.recipient_uei = v.uei;
  r.recipient_parent_uei = v.uei;
  r.recipient_name = v.name;
  r.period_of_performance_start_date = start;
  r.period_of_performance_current_end_date = day(Date.parse(start), 1500);
  r.period_of_performance_potential_end_date = `${day(Date.parse(start), 2500)} 00:00:00`;
  r.award_latest_action_date = start;
  r.total_obligated_amount = (rand() * 5_000_000).toFixed(2);
  r.potential_total_value_of_award = (rand() * 10_000_000).toFixed(2);
  r.usaspending_permalink = `https://www.usaspending.gov/award/${r.contract_award_unique_key}/`;
  if (!out.write(header.map((c) => quote(r[c] ?? '')).join(',') + '\n')) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
const bytes = statSync(file).size;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const database = await openDatabase({ databaseUrl });
  let peakRss = process.memoryUsage().rss;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const load = loadavg()[0]!.toFixed(1);
  const t0 = performance.now();
  const first = await importAwardsCsv(database.db, createReadStream(file), { batchSize: 500 });
  const s1 = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const again = await importAwardsCsv(database.db, createReadStream(file), { batchSize: 500 });
  const s2 = (performance.now() - t1) / 1000;
  clearInterval(sample);
  console.log(`file: ${N.toLocaleString('en-US')} rows, ${(bytes / 1048576).toFixed(0)} MB; load average at start ${load}`);
  console.log(
    `first import: ${first.rows.toLocaleString('en-US')} rows in ${s1.toFixed(1)} s = ${Math.round(first.rows / s1).toLocaleString('en-US')} rows/s (inserted ${first.inserted.toLocaleString('en-US')}, malformed ${first.malformed})`,
  );
  console.log(
    `re-import:    ${again.rows.toLocaleString('en-US')} rows in ${s2.toFixed(1)} s = ${Math.round(again.rows / s2).toLocaleString('en-US')} rows/s (unchanged ${again.unchanged.toLocaleString('en-US')})`,
  );
  console.log(`peak RSS: ${Math.round(peakRss / 1048576)} MB`);
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
