import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { RadarQuerySchema } from '@biddesk/shared';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { users } from '../apps/api/src/db/schema/index';
import { signSessionToken } from '../apps/api/src/lib/tokens';
import { countRadar, findRadarPage } from '../apps/api/src/modules/radar/radar.repository';
import { radarCriteria } from '../apps/api/src/modules/radar/radar-window';
import { openRuntime } from '../apps/api/src/runtime';
import { percentile } from './measure';
import { arg, scratchDatabase } from './bench-support';

/**
 * npx tsx bench/radar.ts [--awards 1000000] [--runs 40] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   GET /api/radar (issue 27 item 4) over N generated awards on a fresh PostgreSQL database the
 *   script creates and drops, through the real app (buildApp + inject: auth hook, zod query and
 *   response) and through the repository alone (page + capped count), one request at a time after
 *   5 warm-ups. Target: < 300 ms p95 with 1,000,000 awards.
 *
 * The generator (SQL, seeded): start dates over the last 15 years, durations mostly short (purchase
 * orders of 1-12 months), some 1-5 year contracts and a few 5-10 year vehicles, so about 3% of awards
 * end 6-18 months out; NAICS, PSC and agencies skewed toward a few common codes (DoD about 60%, as
 * in USAspending) with a long tail; offers blank on 40%, extent-competed codes in their usual mix,
 * ceilings spread over five orders of magnitude with obligations up to 110% of them; the contracting
 * officer's size determination small on 30%, other than small on 10%, blank on the rest.
 */
const N = Number(arg('awards') ?? 1_000_000);
const RUNS = Number(arg('runs') ?? 40);
const { adminUrl, dbName, databaseUrl } = scratchDatabase('radar');

const NAICS = [
  '541512',
  '541330',
  '541519',
  '236220',
  '561210',
  '541611',
  '541715',
  '238220',
  '336413',
  '541511',
  '562910',
  '237310',
  '334511',
  '611430',
  '517311',
  '488190',
  '541990',
  '561720',
  '621111',
  '325412',
];
const PSC = [
  'D399',
  'R425',
  'J019',
  'Y1JZ',
  'S206',
  'R499',
  'AJ11',
  'D307',
  'Z2AA',
  '7030',
  'R408',
  'C1AA',
  '6515',
  'S201',
  'R699',
  'J041',
  'DA01',
  'R706',
  'Q201',
  '1560',
];
// Toptier code, sub-tier codes.
const AGENCIES: [string, string[]][] = [
  ['097', ['2100', '1700', '5700', '97AS', '9700']],
  ['036', ['3600']],
  ['075', ['7529', '7523', '7530']],
  ['070', ['7001', '7003', '7008']],
  ['047', ['4732', '4740']],
  ['089', ['8900']],
  ['080', ['8000']],
  ['012', ['12K3', '1205']],
  ['015', ['1501', '1540']],
  ['019', ['1900']],
];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

async function generate(client: pg.Client): Promise<void> {
  await client.query('select setseed(0.27)');
  // power(random(), k) skews picks toward the first entries; 10% of NAICS/PSC come from a long tail.
  const toptiers = sqlArray(AGENCIES.map(([t]) => t));
  const subtier = `case agency_i ${AGENCIES.map(([, subs], k) => `when ${k + 1} then (${sqlArray(subs)})[1 + floor(r_sub * ${subs.length})::int]`).join(' ')} end`;
  const BATCH = 100_000;
  for (let from = 0; from < N; from += BATCH) {
    const to = Math.min(N, from + BATCH) - 1;
    await client.query(`
      with g as (
        select i,
               random() as r_naics, random() as r_psc, random() as r_agency, random() as r_sub, random() as r_dur, random() as r_kind,
               random() as r_offers, random() as r_comp, random() as r_ceil, random() as r_obl, random() as r_start, random() as r_opt,
               random() as r_size
        from generate_series(${from}, ${to}) as i
      ), d as (
        select g.*,
               (current_date - (r_start * 15 * 365)::int) as start_date,
               case when r_kind < 0.6 then (30 + r_dur * 335)::int
                    when r_kind < 0.95 then (365 + r_dur * 4 * 365)::int
                    else (5 * 365 + r_dur * 5 * 365)::int end as days,
               1 + floor(power(r_agency, 2.2) * ${AGENCIES.length})::int as agency_i
        from g
      )
      insert into awards (award_key, piid, piid_key, award_type_code, recipient_uei, recipient_name, awarding_agency_code, awarding_agency_name,
                          awarding_sub_agency_code, awarding_sub_agency_name, awarding_office_code, awarding_office_name, naics_code, psc_code,
                          start_date, current_end_date, potential_end_date, obligated_amount, base_and_all_options_value, extent_competed_code,
                          offers_received, business_size, description, last_action_date, source, source_url, fetched_at, content_hash)
      select 'CONT_AWD_BENCH' || i || '_9700_-NONE-_-NONE-', 'BENCH' || i, 'BENCH' || i, (array['A','B','C','D'])[1 + (i % 4)],
             'UEI' || lpad((i % 50000)::text, 9, '0'), 'Bench Vendor ' || (i % 50000),
             (${toptiers})[agency_i], 'Agency ' || (${toptiers})[agency_i],
             ${subtier}, 'Sub-agency',
             'OFF' || (i % 900), 'Office ' || (i % 900),
             case when r_naics < 0.9 then (${sqlArray(NAICS)})[1 + floor(power(r_naics / 0.9, 2.5) * ${NAICS.length})::int]
                  else (200000 + floor(r_naics * 1000000)::int % 700000)::text end,
             case when r_psc < 0.9 then (${sqlArray(PSC)})[1 + floor(power(r_psc / 0.9, 2.5) * ${PSC.length})::int]
                  else 'X' || lpad((floor(r_psc * 100000)::int % 999)::text, 3, '0') end,
             start_date, start_date + days,
             case when r_opt < 0.3 then start_date + days + 365 * (1 + (i % 4)) else start_date + days end,
             case when r_ceil < 0.1 then null else round((power(10, 3 + r_ceil * 5) * r_obl * 1.1)::numeric, 2) end,
             case when r_ceil < 0.1 then null else round(power(10, 3 + r_ceil * 5)::numeric, 2) end,
             case when r_comp < 0.45 then 'A' when r_comp < 0.6 then 'C' when r_comp < 0.65 then 'B' when r_comp < 0.7 then 'G'
                  when r_comp < 0.8 then 'F' when r_comp < 0.85 then 'D' when r_comp < 0.9 then 'CDO' when r_comp < 0.95 then 'NDO' end,
             case when r_offers < 0.4 then null when r_offers < 0.65 then 1 else 2 + (i % 9) end,
             case when r_size < 0.3 then 'S' when r_size < 0.4 then 'O' end,
             'Bench award ' || i, start_date, 'usaspending_csv', 'https://www.usaspending.gov/award/x/', now(), md5(i::text)
      from d`);
  }
  await client.query('analyze awards');
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-radar-'));
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
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await generate(client);
  const [{ window_rows }] = (
    await client.query(
      `select count(*)::int as window_rows from awards where current_end_date between current_date + interval '6 months' and current_date + interval '18 months'`,
    )
  ).rows as [{ window_rows: number }];
  await client.end();
  const [user] = await db
    .insert(users)
    .values({ name: 'Bench Lead', email: 'lead@bench.test', passwordHash: 'x', role: 'user' })
    .returning();
  const token = await signSessionToken(config.JWT_SECRET, { sub: user!.id, ver: 0 }, 1);
  console.log(
    `PostgreSQL, ${N.toLocaleString('en-US')} awards (${window_rows.toLocaleString('en-US')} ending 6-18 months out), generated in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      `${RUNS} runs each after 5 warm-ups; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
  );

  const cases: [string, string][] = [
    ['default window, no filter', ''],
    ['one common NAICS', 'naics=541512'],
    ['3 NAICS + agency 097', 'naics=541512,541330,541519&agency=097'],
    ['rare NAICS (tail)', 'naics=541990'],
    ['2 PSC', 'psc=R425,D307'],
    ['sub-tier agency 2100', 'agency=2100'],
    ['signals only', 'signals_only=true'],
    ['signals only + NAICS', 'signals_only=true&naics=541512'],
    ['sort obligated desc, NAICS', 'naics=541512&sort=obligated&order=desc'],
    ['sort obligated desc, all', 'sort=obligated&order=desc'],
    ['page 20 of a NAICS', 'naics=541512&page=20'],
    ['window 0-60 months', 'from_months=0&to_months=60'],
  ];
  const time = async (fn: () => Promise<number>) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS + 5; i += 1) {
      const t0 = performance.now();
      rows = await fn();
      if (i >= 5) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { rows, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
  };
  console.log(`${'case'.padEnd(30)} ${'rows'.padStart(6)} ${'total'.padStart(7)}   app p50 / p95 / max          repository p50 / p95`);
  for (const [label, query] of cases) {
    let total = 0;
    const viaApp = await time(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/radar${query ? `?${query}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${query} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const body = res.json() as { data: unknown[]; total: number; total_capped: boolean };
      total = body.total;
      return body.data.length;
    });
    const q = RadarQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const criteria = radarCriteria(q, new Date());
    const viaRepo = await time(async () => {
      const [rows] = await Promise.all([
        findRadarPage(db, criteria, q.sort, q.order, q.page_size, (q.page - 1) * q.page_size),
        countRadar(db, criteria),
      ]);
      return rows.length;
    });
    const f = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `${label.padEnd(30)} ${String(viaApp.rows).padStart(6)} ${String(total).padStart(7)}   ${f(viaApp.p50)} / ${f(viaApp.p95)} / ${f(viaApp.max)} ms   ${f(viaRepo.p50)} / ${f(viaRepo.p95)} ms`,
    );
  }
  await app.close();
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
