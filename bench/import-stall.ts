import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import { openDatabase } from '../apps/api/src/db/client';
import { importOpportunitiesCsv } from '../apps/api/src/modules/opportunities/import/import-csv';
import { csvRecordToRow } from '../apps/api/src/modules/opportunities/import/csv-row';
import { DecodeLines } from '../apps/api/src/modules/opportunities/import/decode-lines';
import { generateCsv } from './generate-rows';
import { postFile, probeWhile, sleep, timedGet, waitUntilServing } from './http-probe';
import { percentile } from './measure';

/**
 * npx tsx bench/import-stall.ts [--rows 58000] [--port 3203] [--database-url postgres://...]
 *   (a) What users feel during an admin's background CSV import (issue 21 item 13): starts the API
 *       as `npm start` does (`node --import tsx apps/api/src/server.ts`; embedded PGlite in a fresh
 *       DATA_DIR unless --database-url), uploads N generated rows through Admin → Database's upload
 *       (POST /api/admin/import-jobs/upload, the background job), and until the job ends asks
 *       GET /api/health and GET /api/opportunities (page of 20), each one request at a time every
 *       100 ms: their latency p50/p95/max, and the import's time.
 * npx tsx bench/import-stall.ts --in-process [--rows 5000]
 *   (b) The import in this process, the event loop's delay sampled every 10 ms; then the same file
 *       through the importer's parse alone (DecodeLines, PapaParse, csvRecordToRow; no database).
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const inProcess = process.argv.includes('--in-process');
const rows = Number(arg('rows') ?? (inProcess ? 5_000 : 58_000));
const port = Number(arg('port') ?? 3203);
const databaseUrl = arg('database-url');
const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n=${s.length} p50 ${percentile(s, 50)} ms, p95 ${percentile(s, 95)} ms, max ${s.at(-1)} ms`;
};

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

async function serverRun(csv: string, dir: string) {
  const password = 'bench-password-123';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO_DATA: 'false',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      LISTING_CACHE_MS: '0',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    },
  });
  try {
    await waitUntilServing(`${base}/api/health`, 600);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`sign-in failed: ${login.status}`);
    const idle = { health: [] as number[], listing: [] as number[] };
    for (let i = 0; i < 20; i++) {
      idle.health.push(await timedGet(`${base}/api/health`));
      idle.listing.push(await timedGet(`${base}/api/opportunities?limit=20`, token));
      await sleep(100);
    }

    const started = performance.now();
    const stored = await postFile<{ id?: string; detail?: string }>(`${base}/api/admin/import-jobs/upload`, token, {
      name: 'rows.csv',
      contentType: 'text/csv',
      path: csv,
    });
    if (stored.status !== 202 || !stored.body.id) throw new Error(`upload answered ${stored.status}: ${JSON.stringify(stored.body)}`);
    console.log(`upload stored and queued in ${Math.round(performance.now() - started)} ms`);
    let job: { status: string; imported: number; error: string | null } = { status: 'queued', imported: 0, error: null };
    const unfinished = () => job.status === 'queued' || job.status === 'running';
    const watch = async () => {
      while (unfinished()) {
        await sleep(1000);
        const res = await fetch(`${base}/api/admin/import-jobs/${stored.body.id}`, { headers: { authorization: `Bearer ${token}` } }).catch(
          () => null,
        );
        if (res?.ok) job = (await res.json()) as typeof job;
      }
    };
    // Latencies count while the job runs, not while it is queued.
    const running = () => job.status === 'running';
    const [, health, listing] = await Promise.all([
      watch(),
      probeWhile(unfinished, `${base}/api/health`, { counts: running }),
      probeWhile(unfinished, `${base}/api/opportunities?limit=20`, { token, counts: running }),
    ]);
    const during = { health: health.during, listing: listing.during };
    // A request that failed (reset, timeout) is counted, not fatal: that is what users would see.
    const failed = { health: health.failed, listing: listing.failed };
    console.log(
      `server (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): import ${job.status} in ${Math.round((performance.now() - started) / 1000)} s, ${job.imported} rows${job.error ? `: ${job.error}` : ''}`,
    );
    console.log(`  /api/health idle:                    ${stats(idle.health)}`);
    console.log(`  /api/health during the import:       ${stats(during.health)}`);
    console.log(`  /api/opportunities idle:             ${stats(idle.listing)}`);
    console.log(`  /api/opportunities during the import: ${stats(during.listing)}`);
    for (const what of ['health', 'listing'] as const)
      if (failed[what].length) console.log(`  ${what} requests failed: ${failed[what].length} (${[...new Set(failed[what])].join('; ')})`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function inProcessRun(csv: string, dir: string) {
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  let done = sampled();
  const result = await importOpportunitiesCsv(database.db, createReadStream(csv));
  console.log(`import into PGlite: ${result.imported} rows in ${done()}`);
  await database.close();

  done = sampled();
  let mapped = 0;
  let header: string[] | null = null;
  await pipeline(
    createReadStream(csv),
    new DecodeLines(),
    Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ',', newline: '\n', quoteChar: '"' }),
    async (records: AsyncIterable<string[]>) => {
      for await (const fields of records) {
        if (!header) {
          header = fields.map((h) => h.trim());
          continue;
        }
        const record: Record<string, string | undefined> = {};
        header.forEach((name, c) => (record[name] = fields[c]));
        if (csvRecordToRow(record).ok) mapped++;
      }
    },
  );
  console.log(`parse only (no database): ${mapped} rows in ${done()}`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-import-stall-'));
try {
  const csv = path.join(dir, 'rows.csv');
  await pipeline(generateCsv(rows), createWriteStream(csv));
  console.log(`${rows} generated rows, ${(statSync(csv).size / 1048576).toFixed(0)} MB`);
  if (inProcess) await inProcessRun(csv, dir);
  else await serverRun(csv, dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
