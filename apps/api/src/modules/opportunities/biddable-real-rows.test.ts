import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { seedDemoData } from './demo-seed';

// Issue 15 item 1 on the 3,882 real SAM.gov rows (shared/data/samgov, bundled as the demo seed),
// dates shifted so the newest posting is now. Every count the API gives is compared with a count
// written here in plain SQL, independently of the repository: its own grouping (DISTINCT ON the
// agency and the trimmed, upper-cased solicitation number) and its own spelling of the rule.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  await seedDemoData(t.db, mkdtempSync(path.join(tmpdir(), 'biddesk-real-')), { info: () => {} });
}, 240_000);
afterAll(async () => {
  await t.close();
});

const LATEST = `
  select distinct on (coalesce(department, '') || '#' || coalesce(upper(trim(solicitation_number)), 'no-number:' || notice_id)) *
  from opportunities
  order by coalesce(department, '') || '#' || coalesce(upper(trim(solicitation_number)), 'no-number:' || notice_id), posted_date desc nulls last, id desc`;

const OPEN = `
  active is not false and (
    (notice_type in ('Solicitation', 'Combined Synopsis/Solicitation', 'Presolicitation', 'Sources Sought') and (response_deadline is null or response_deadline >= now()))
    or (notice_type = 'Special Notice' and response_deadline >= now())
    or (notice_type is null and (response_deadline is null or response_deadline >= now())))`;

async function sqlCount(where: string): Promise<number> {
  const result = await t.db.execute(sql.raw(`select count(*)::int as n from (${LATEST}) latest where ${where}`));
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]!.n;
}

const total = async (query: string) => {
  const res = await t.injectAs(token, { method: 'GET', url: `/api/opportunities?limit=1&${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json().total as number;
};

describe('the biddable rule on the real SAM.gov rows', () => {
  it('lists and counts as Open Solicitations exactly the solicitations open for a response', async () => {
    const expected = await sqlCount(OPEN);
    // Sanity: the real file has 3,882 notices, about half of them award notices.
    expect(await sqlCount('true')).toBeLessThan(3882);
    expect(expected).toBeGreaterThan(1000);
    expect(expected).toBeLessThan(2000);
    expect(await total('')).toBe(expected);
    expect(await total('status=open')).toBe(expected);
    const stats = (await t.injectAs(token, { method: 'GET', url: '/api/opportunities/stats' })).json();
    expect(stats.open_solicitations).toBe(expected);
  });

  it('keeps award notices, past deadlines and everything else behind the status filter', async () => {
    expect(await total('status=awarded')).toBe(await sqlCount(`notice_type = 'Award Notice'`));
    expect(await total('status=past_due')).toBe(await sqlCount('response_deadline < now()'));
    expect(await total('status=all')).toBe(await sqlCount('true'));
    expect(await total('status=all&notice_type=Sources%20Sought')).toBe(await sqlCount(`notice_type = 'Sources Sought'`));
    expect(await total('notice_type=Award%20Notice')).toBe(0);
  });

  it('gives each stat card the count its link lists', async () => {
    const stats = (await t.injectAs(token, { method: 'GET', url: '/api/opportunities/stats' })).json();
    expect(stats.due_this_week).toBe(await sqlCount(`${OPEN} and response_deadline between now() and now() + interval '7 days'`));
    expect(await total('status=open&due_within=7')).toBe(stats.due_this_week);
    expect(stats.recently_updated).toBe(await sqlCount(`posted_date >= now() - interval '3 days'`));
    expect(await total('status=all&posted_within=3')).toBe(stats.recently_updated);
  });

  // Issue 21: on these rows "cybersecurity" opened on a notice that says it only in its DFARS
  // clause list; the notices about cybersecurity work come first now.
  it('ranks "cybersecurity" by what the notices are about, not their clause boilerplate', async () => {
    const res = (await t.injectAs(token, { method: 'GET', url: '/api/opportunities?status=all&keyword=cybersecurity&limit=100' })).json();
    const titles: string[] = res.data.map((o: { title: string }) => o.title);
    expect(res.total).toBeGreaterThan(20);
    // The two whose opening describes cybersecurity work.
    expect(new Set(titles.slice(0, 2))).toEqual(
      new Set([
        'DC3 SETA Follow on Systems Engineering and Technical Assistance (SETA) Professional Support Services',
        'Sources Sought- Information Technology Support Services(ITSS)',
      ]),
    );
    // A real mention in the body ranks above a clause list that only cites the CMMC clause.
    const body = titles.indexOf('USSF 21st Communication Support Squadron Services');
    const clauseOnly = titles.indexOf('Medium and Low Pressure Air Receiver - LPD Class Ship');
    expect(body).toBeGreaterThan(1);
    expect(clauseOnly).toBeGreaterThan(body);
  });

  it('shows one card per solicitation with its notice count, the newest notice first in line', async () => {
    const multi = await t.db.execute(
      sql.raw(`select solicitation_number, count(*)::int as n from opportunities where solicitation_number = 'N0010425QXE32' group by 1`),
    );
    const n = ((Array.isArray(multi) ? multi : (multi as { rows: { n: number }[] }).rows) as { n: number }[])[0]!.n;
    expect(n).toBe(3);
    const res = (await t.injectAs(token, { method: 'GET', url: '/api/opportunities?status=all&keyword=N0010425QXE32' })).json();
    expect(res.total).toBe(1);
    expect(res.data[0]).toMatchObject({ solicitation_number: 'N0010425QXE32', notice_count: 3, response_time_zone: '-04:00' });
  });
});
