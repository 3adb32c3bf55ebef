import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { sql } from 'drizzle-orm';
import { opportunities as opportunitiesTable, pipelineStages, pursuits, users } from '../apps/api/src/db/schema/index';
import { signSessionToken } from '../apps/api/src/lib/tokens';
import { upsertOpportunities } from '../apps/api/src/modules/opportunities/opportunities-write.repository';
import { openRuntime } from '../apps/api/src/runtime';
import { list } from '../apps/api/src/modules/pursuits/pursuits.repository';
import { listPursuits } from '../apps/api/src/modules/pursuits/pursuits.service';
import { percentile } from './measure';
import { safeEncode } from 'zod/v4/core';
import { PursuitListResponseSchema } from '@biddesk/shared';
import { arg, scratchDatabase, seededRandom } from './bench-support';

/**
 * npx tsx bench/pipeline.ts [--pursuits 2000] [--runs 60] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   GET /api/pursuits (what /pipeline loads: every pursuit with its notice, owner and workspace,
 *   the stages and per-stage totals) on a fresh PostgreSQL database holding N pursuits over N
 *   opportunities, through the real app (buildApp + inject: routing, auth hook, zod serialisation),
 *   one request at a time after 5 warm-ups; also filtered by owner and by due date, the table's
 *   sorted 50-row pages (view=table), and the CSV export and import. Issue 26's target: < 200 ms
 *   p95 with 2,000 pursuits.
 */
const N = Number(arg('pursuits') ?? 2000);
const RUNS = Number(arg('runs') ?? 60);
const { adminUrl, dbName, databaseUrl } = scratchDatabase('pipeline');

const { rand, pick } = seededRandom(26);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-pipeline-'));
try {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const { deps, database } = await openRuntime(config, pino({ level: 'silent' }));
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const db = deps.db;

  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        name: `Capture Lead ${i}`,
        email: `lead${i}@bench.test`,
        passwordHash: 'x',
        role: 'user' as const,
      })),
    )
    .returning();
  const agencies = [
    'DEPT OF DEFENSE',
    'DEPT OF THE NAVY',
    'DEPT OF ENERGY',
    'GENERAL SERVICES ADMINISTRATION',
    'DEPT OF VETERANS AFFAIRS',
    'NASA',
  ];
  const rows = Array.from({ length: N }, (_, i) => ({
    noticeId: `bench${i.toString(16).padStart(8, '0')}`,
    title: `Bench pursuit ${i}: ${pick(['Facilities maintenance', 'IT modernization', 'Logistics support', 'Engineering services', 'Cloud hosting'])}`,
    solicitationNumber: `BENCH-${i}`,
    department: pick(agencies),
    naicsCode: pick(['541512', '541330', '561210', '236220', '488510']),
    postedDate: new Date(Date.now() - rand() * 90 * 86_400_000),
    responseDeadline: new Date(Date.now() + (rand() * 120 - 10) * 86_400_000),
    active: true,
    source: 'csv' as const,
  }));
  for (let i = 0; i < rows.length; i += 500) await upsertOpportunities(db, rows.slice(i, i + 500));
  const opportunityList = await db.select({ id: opportunitiesTable.id, noticeId: opportunitiesTable.noticeId }).from(opportunitiesTable);
  const stages = await db.select().from(pipelineStages);
  for (let i = 0; i < opportunityList.length; i += 500) {
    await db.insert(pursuits).values(
      opportunityList.slice(i, i + 500).map((o) => ({
        opportunityId: o.id,
        noticeId: o.noticeId,
        notice: { title: 'kept', solicitationNumber: null, agency: null, naicsCode: null, responseDeadline: null },
        stageId: pick(stages).id,
        ownerId: pick(owners).id,
        estimatedValue: rand() < 0.8 ? Math.round(rand() * 50_000_000) : null,
        valueSource: 'entered' as const,
        pWin: rand() < 0.8 ? Math.round(rand() * 100) : null,
        pGo: rand() < 0.5 ? Math.round(rand() * 100) : null,
        nextAction: 'Call the contracting officer',
        nextActionDue: '2026-12-15',
        competitors: ['Acme Federal', 'Beta Systems'],
        notes: 'Bench notes '.repeat(10),
      })),
    );
  }
  await db.execute(sql`analyze`);
  const token = await signSessionToken(config.JWT_SECRET, { sub: owners[0]!.id, ver: 0 }, 1);

  const measure = async (label: string, url: string) => {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 5; i += 1) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      count = res.json().data.length;
      if (i >= 5) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(28)} ${String(count).padStart(5)} pursuits  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
    );
  };
  console.log(
    `PostgreSQL, ${N} pursuits, ${RUNS} runs each after 5 warm-ups; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  await measure('GET /api/pursuits (all)', '/api/pursuits');
  await measure('board: per_stage=30', '/api/pursuits?per_stage=30');
  await measure('owner filter', `/api/pursuits?owner=${owners[1]!.id}`);
  await measure('due within 30 days', '/api/pursuits?due_within=30');
  // The table's page (issue 26, branch wip/csv): sorted and cut by the server, totals over all.
  await measure('table: due, page 1', '/api/pursuits?view=table&sort=due&order=asc&page=1&per_page=50');
  await measure('table: weighted desc, p 20', '/api/pursuits?view=table&sort=weighted&order=desc&page=20&per_page=50');
  await measure('table: owner, title, p 2', `/api/pursuits?view=table&owner=${owners[1]!.id}&sort=title&order=asc&page=2&per_page=50`);
  await measureCsv();
  // Where the time goes: the query alone, and the service (query, presenter, totals) without HTTP.
  const split = async (label: string, fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 5; i += 1) {
      const started = performance.now();
      await fn();
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(28)}        p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`);
  };
  /**
   * The CSV export of every pursuit, and importing it back (as an admin, who may change any row):
   * once unchanged (the round trip), once with every row's p(win) changed (2,000 updates, each in
   * its own transaction): what the import costs while the caller waits.
   */
  async function measureCsv() {
    const [adminUser] = await db
      .insert(users)
      .values({ name: 'Bench Admin', email: 'admin@bench.test', passwordHash: 'x', role: 'admin' })
      .returning();
    const adminToken = await signSessionToken(config.JWT_SECRET, { sub: adminUser!.id, ver: 0 }, 1);
    const auth = { authorization: `Bearer ${adminToken}` };
    const times: number[] = [];
    let csv = '';
    for (let i = 0; i < Math.min(RUNS, 10) + 2; i += 1) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/pursuits/export.csv', headers: auth });
      if (i >= 2) times.push(performance.now() - started);
      csv = res.body;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${'export.csv (all)'.padEnd(28)} ${String(N).padStart(5)} pursuits  p50 ${percentile(times, 50).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms  ${(csv.length / 1024).toFixed(0)} KiB`,
    );
    const upload = async (label: string, text: string) => {
      const boundary = `----bench${randomBytes(6).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pipeline.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(text),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/pursuits/import',
        payload,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const report = res.json() as { counts: object; rows: { action: string; reason: string | null }[] };
      const reasons = [...new Set(report.rows.flatMap((r) => (r.reason ? [r.reason] : [])))];
      console.log(
        `${label.padEnd(28)} ${JSON.stringify(report.counts)}  ${ms.toFixed(0)} ms (one run)${reasons.length ? `; refused: ${reasons.join(' | ')}` : ''}`,
      );
    };
    await upload('import: the export back', csv);
    // Every row's p(win) moved by one point (p_win is the 8th column), quoting kept as exported.
    const edited = csv.replace(
      /^(?!\uFEFF)((?:"[^"]*"|[^,\n]*),(?:(?:"[^"]*"|[^,\n]*),){6})(""|\d*)/gm,
      (_m, head: string, p: string) => `${head}${p === '""' || p === '' ? 50 : (Number(p) + 1) % 101}`,
    );
    await upload('import: every p(win) edited', edited);
  }

  const ctx = { ...deps, actor: owners[0]!, log: pino({ level: 'silent' }) };
  await split('  repository query only', () => list(db, {}));
  await split('  service (query+present)', () => listPursuits(ctx, {}));
  // The response's way out: the serializer validates with the schema (zod encode), then stringifies.
  const body = await listPursuits(ctx, {});
  await split('  response schema (encode)', async () => safeEncode(PursuitListResponseSchema, body));
  await split('  JSON.stringify', async () => JSON.stringify(body));
  console.log(`  response body ${(JSON.stringify(body).length / 1024).toFixed(0)} KiB`);
  await app.close();
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
