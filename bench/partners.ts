import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { users } from '../apps/api/src/db/schema/index';
import { signSessionToken } from '../apps/api/src/lib/tokens';
import { openRuntime } from '../apps/api/src/runtime';
import { percentile } from './measure';
import { arg, scratchDatabase } from './bench-support';

/**
 * npx tsx bench/partners.ts [--awards 1000000] [--recipients 50000] [--runs 30] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   GET /api/partners (partner search, issue 27 item 5) and GET /api/partners/{uei} through the real
 *   app (routing, auth, zod serialisation) on a fresh PostgreSQL database holding N awards over M
 *   recipients, generated in SQL with a skew like the real data's (a few vendors hold most awards):
 *   ~250 NAICS, ~300 PSC, 25 agencies, 80 sub-agencies, 50 states, 14 business types. One request at
 *   a time after 3 warm-ups, per filter combination.
 */
const N = Number(arg('awards') ?? 1_000_000);
const M = Number(arg('recipients') ?? 50_000);
const RUNS = Number(arg('runs') ?? 30);
const { adminUrl, dbName, databaseUrl } = scratchDatabase('partners');

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-partners-'));
try {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    AWARD_LOOKUPS: 'false',
  });
  const { deps, database } = await openRuntime(config, pino({ level: 'silent' }));
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const db = deps.db;
  const [user] = await db
    .insert(users)
    .values({ name: 'Bench Lead', email: 'lead@bench.test', passwordHash: 'x', role: 'user' })
    .returning();
  const token = await signSessionToken(config.JWT_SECRET, { sub: user!.id, ver: 0 }, 1);

  const started = performance.now();
  await db.execute(sql`select setseed(0.27)`);
  // Recipients: UEIs R000000000001…, one to three names each, 0-2 business types.
  await db.execute(
    sql.raw(`
    insert into recipients (uei, name, names_seen, parent_uei, business_types)
    select 'R' || lpad(i::text, 11, '0'), 'VENDOR ' || i || ' LLC',
      case when i % 3 = 0 then array['Vendor ' || i || ' LLC', 'VENDOR ' || i || ' LLC', 'VENDOR ' || i || ', L.L.C.'] else array['VENDOR ' || i || ' LLC'] end,
      case when i % 10 = 0 then 'P' || lpad((i / 10)::text, 11, '0') end,
      (array[
        '8(a) program participant','HUBZone firm','Service-disabled veteran-owned business','Veteran-owned business','Women-owned small business',
        'Economically disadvantaged women-owned small business','Woman-owned business','Small disadvantaged business','Minority-owned business',
        'Alaskan Native corporation-owned firm','SBA-certified 8(a) joint venture','Educational institution','Nonprofit organization','FFRDC'
      ])[1 + (i % 14) : (i % 14) + (i % 3)]
    from generate_series(1, ${M}) as i`),
  );
  // Awards: recipient skewed (random()^3: the first vendors hold most), codes from fixed pools.
  await db.execute(
    sql.raw(`
    insert into awards (award_key, piid, piid_key, recipient_uei, recipient_name, awarding_agency_code, awarding_agency_name,
      awarding_sub_agency_code, naics_code, psc_code, pop_state, start_date, current_end_date, obligated_amount,
      base_and_all_options_value, source, source_url, fetched_at, content_hash)
    select 'CONT_AWD_B' || i || '_9700_-NONE-_-NONE-', 'B' || i, 'B' || i, 'R' || lpad(r::text, 11, '0'), 'VENDOR ' || r || ' LLC',
      lpad((10 + a)::text, 3, '0'), 'Agency ' || a, (1000 + a * 4 + (i % 4))::text,
      (540000 + (floor(random() ^ 2 * 250))::int * 17)::text,
      chr(65 + (i % 26)) || lpad(((i / 26) % 12)::text, 3, '0'),
      (array['AL','AK','AZ','AR','CA','CO','CT','DE','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO',
             'MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'])[1 + (floor(random() ^ 2 * 50))::int],
      date '2015-01-01' + (random() * 4000)::int, date '2016-01-01' + (random() * 4500)::int,
      round((exp(random() * 14) * 10)::numeric, 2), round((exp(random() * 15) * 10)::numeric, 2),
      'usaspending_csv', 'https://www.usaspending.gov/award/CONT_AWD_B' || i || '_9700_-NONE-_-NONE-/', now(), md5(i::text)
    from (select i, 1 + floor(random() ^ 3 * ${M})::int as r, floor(random() ^ 2 * 25)::int as a from generate_series(1, ${N}) as i) g`),
  );
  await db.execute(sql`analyze`);
  console.log(`generated ${N} awards over ${M} recipients in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const measure = async (label: string, url: string) => {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < RUNS + 3; i += 1) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const body = res.json();
      summary = 'total' in body ? `${body.total} recipients` : `${body.awards.length} awards`;
      if (i === 0 && url === '/api/partners?q=vendor%20123') {
        // Unfiltered, or a name nearly every recipient has alone, is refused: it would group every award.
        for (const refusedUrl of ['/api/partners', '/api/partners?q=llc']) {
          const refused = await app.inject({ method: 'GET', url: refusedUrl, headers: { authorization: `Bearer ${token}` } });
          if (refused.statusCode !== 400) throw new Error(`${refusedUrl} answered ${refused.statusCode}`);
        }
      }
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(36)} ${summary.padStart(18)}  p50 ${percentile(times, 50).toFixed(0)} ms  p95 ${percentile(times, 95).toFixed(0)} ms`,
    );
  };
  console.log(
    `PostgreSQL, ${RUNS} runs each after 3 warm-ups; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  await measure('NAICS 5415 (prefix)', '/api/partners?naics=5415');
  await measure('NAICS 541530 + state VA', '/api/partners?naics=541530&state=VA');
  await measure('PSC A + agency 012, by count', '/api/partners?psc=A&agency=012&sort=count');
  await measure('sub-agency 1040 + business type', `/api/partners?agency=1040&business_type=${encodeURIComponent('HUBZone firm')}`);
  await measure('name search "vendor 123"', '/api/partners?q=vendor%20123');
  await measure('state TX, by last award, page 3', '/api/partners?state=TX&sort=last_award&page=3');
  await measure('business type only (broadest)', `/api/partners?business_type=${encodeURIComponent('Veteran-owned business')}`);
  await measure('"llc" + state TX (join path)', '/api/partners?q=llc&state=TX');
  await measure('detail of the largest vendor', '/api/partners/R00000000001');
  await app.close();
  await database.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
