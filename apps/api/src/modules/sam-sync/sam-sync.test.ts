import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { importJobs, jobRuns, notifications, opportunities } from '../../db/schema/index';

/**
 * The daily SAM.gov extract sync against a local HTTP server serving a CSV (no network): the admin
 * settings, the job's schedule, the import with unchanged rows skipped, once per day.
 */
let t: TestApp;
let files: Server;
let base: string;
let csv = '';
let requests = 0;
const HEADER = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,NaicsCode,Active';
const row = (id: string, title: string) => `${id},${title},SOL-${id},DEPT OF THE NAVY,2026-11-20,2099-03-01,336611,Yes`;

beforeAll(async () => {
  files = createServer((req, res) => {
    requests++;
    if (req.url === '/extract.csv') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(csv);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await buildTestApp({ IMPORT_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => files.close(r));
});

const settings = (token: string | null, payload?: object) =>
  t.injectAs(token, payload ? { method: 'PUT', url: '/api/admin/sam-sync', payload } : { method: 'GET', url: '/api/admin/sam-sync' });

describe('Admin → Database: daily sync settings', () => {
  it('starts off with SAM’s public extract URL, and an admin stores URL and hour', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const first = await settings(admin.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ enabled: false, hour: 10, last_run: null });
    expect(first.json().url).toMatch(/^https:\/\/sam\.gov\/api\/prod\/fileextractservices\/.*ContractOpportunitiesFullCSV\.csv/);
    const put = await settings(admin.token, { enabled: true, url: `${base}/extract.csv`, hour: 6 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ enabled: true, url: `${base}/extract.csv`, hour: 6 });
    expect((await settings(admin.token)).json()).toMatchObject({ enabled: true, hour: 6 });
  });

  it('401 without a token, 403 for a user, 400 for a bad hour or URL, and nothing stored', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const user = await createUser(t.db, t.config);
    await settings(admin.token, { enabled: false, url: `${base}/extract.csv`, hour: 6 });
    expect((await settings(null)).statusCode).toBe(401);
    expect((await settings(null, { enabled: true, url: 'https://x.test/a.csv', hour: 1 })).statusCode).toBe(401);
    const forbidden = await settings(user.token, { enabled: true, url: 'https://x.test/a.csv', hour: 1 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe('Admin access required');
    expect((await settings(user.token)).statusCode).toBe(403);
    for (const [payload, detail] of [
      [{ enabled: true, url: `${base}/extract.csv`, hour: 24 }, 'Hour must be a whole number from 0 to 23'],
      [{ enabled: true, url: `${base}/extract.csv`, hour: 2.5 }, 'Hour must be a whole number from 0 to 23'],
      [{ enabled: true, url: '', hour: 3 }, 'Please enter a CSV URL'],
      [{ enabled: true, url: 'ftp://example.gov/x.csv', hour: 3 }, 'CSV URL must be a valid http or https URL'],
      [{ enabled: true, url: 'https://user:pw@example.gov/x.csv', hour: 3 }, 'CSV URL must not contain credentials'],
    ] as const) {
      const res = await settings(admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    expect((await settings(admin.token)).json()).toMatchObject({ enabled: false, hour: 6, url: `${base}/extract.csv` });
  });

  it('refuses a private address unless IMPORT_ALLOW_PRIVATE_URLS is on', async () => {
    const strict = await buildTestApp();
    try {
      const admin = await createUser(strict.db, strict.config, { role: 'admin' });
      const res = await strict.injectAs(admin.token, {
        method: 'PUT',
        url: '/api/admin/sam-sync',
        payload: { enabled: true, url: 'http://127.0.0.1:9/x.csv', hour: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('CSV URL must not point at a private or loopback address');
    } finally {
      await strict.close();
    }
  });
});

describe('daily sync job', () => {
  it('runs once a day from the configured hour, imports, skips unchanged rows the next day and alerts saved searches', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const { user, token } = await createUser(t.db, t.config);
    await t.injectAs(token, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Boats', filters: { keyword: 'patrol boat' } },
    });
    csv = [HEADER, row('sync000001', 'Patrol boat engines'), row('sync000002', 'Dock cranes')].join('\n');
    await settings(admin.token, { enabled: true, url: `${base}/extract.csv`, hour: 6 });
    await t.db.delete(jobRuns);

    // The ticks run on days after today: the first run below alerts on the real today, and the
    // alert is one per search per UTC day, so a tick on today would fold into it.
    const dayAfter = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const [day1, day2] = [dayAfter(2), dayAfter(3)];
    const before = requests;
    // A first run stores the rows; the new patrol boat notice alerts the saved search at once.
    expect(await t.jobs.runPeriod('sam-sync', 'probe')).toMatchObject({ status: 'done', result: { inserted: 2 } });
    await t.jobs.idle();
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).map((a) => a.message)).toEqual([
      '1 new notice matches your saved search "Boats".',
    ]);
    await t.db.delete(jobRuns);
    requests = before;

    // Before the hour: not due.
    const early = await t.jobs.tick(new Date(`${day1}T05:59:00Z`));
    expect(early.find((o) => o.job === 'sam-sync')).toBeUndefined();
    const due = await t.jobs.tick(new Date(`${day1}T06:00:00Z`));
    expect(due.find((o) => o.job === 'sam-sync')).toMatchObject({
      status: 'done',
      period: day1,
      result: { rows: 2, inserted: 0, unchanged: 2 },
    });
    // Again the same day: a no-op, no download.
    const served = requests;
    const again = await t.jobs.tick(new Date(`${day1}T15:00:00Z`));
    expect(again.find((o) => o.job === 'sam-sync')).toMatchObject({ status: 'skipped' });
    expect(requests).toBe(served);

    // Next day: one row changed, one new.
    csv = [
      HEADER,
      row('sync000001', 'Patrol boat engines'),
      row('sync000002', 'Dock cranes (amended)'),
      row('sync000003', 'Patrol boat hulls'),
    ].join('\n');
    const next = await t.jobs.tick(new Date(`${day2}T07:00:00Z`));
    expect(next.find((o) => o.job === 'sam-sync')).toMatchObject({
      status: 'done',
      result: { rows: 3, inserted: 1, updated: 1, unchanged: 1 },
    });
    await t.jobs.idle();
    const [amended] = await t.db.select().from(opportunities).where(eq(opportunities.noticeId, 'sync000002'));
    expect(amended!.title).toBe('Dock cranes (amended)');
    // The new hulls notice: the same tick's alert job (after the sync, on the tick's day) tells the
    // search about it in that day's notification.
    const alertsOf = () => t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.createdAt);
    expect((await alertsOf()).map((a) => [a.message, a.link])).toEqual([
      ['1 new notice matches your saved search "Boats".', '/?keywords=patrol+boat'],
      ['1 new notice matches your saved search "Boats".', '/?keywords=patrol+boat'],
    ]);

    const status = (await settings(admin.token)).json();
    expect(status.last_run).toMatchObject({ period: day2, status: 'done', error: null, result: { inserted: 1 } });
  });

  it('records a failed download with its reason and retries later in the day', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    await settings(admin.token, { enabled: true, url: `${base}/missing.csv`, hour: 0 });
    await t.db.delete(jobRuns);
    const [failed] = (await t.jobs.tick(new Date('2026-11-25T01:00:00Z'))).filter((o) => o.job === 'sam-sync');
    expect(failed).toMatchObject({ status: 'failed', error: 'CSV download failed: the server answered HTTP 404' });
    expect((await settings(admin.token)).json().last_run).toMatchObject({
      status: 'failed',
      error: 'CSV download failed: the server answered HTTP 404',
    });
    await t.db.execute(sql`update job_runs set finished_at = now() - interval '1 hour' where job = 'sam-sync'`);
    await settings(admin.token, { enabled: true, url: `${base}/extract.csv`, hour: 0 });
    const [retried] = (await t.jobs.tick(new Date('2026-11-25T02:00:00Z'))).filter((o) => o.job === 'sam-sync');
    expect(retried).toMatchObject({ status: 'done', period: '2026-11-25' });
    const [run] = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'sam-sync'));
    expect(run!.attempts).toBe(2);
  });

  it('waits while another import holds the one-import slot, then runs and shows in the import list', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    csv = [HEADER, row('sync000010', 'Harbor tugs')].join('\n');
    await settings(admin.token, { enabled: true, url: `${base}/extract.csv`, hour: 0 });
    await t.db.delete(jobRuns);
    // An admin's import in progress (as the background import writes it).
    await t.db.insert(importJobs).values({
      status: 'running',
      attempts: 1,
      startedAt: new Date(),
      createdBy: admin.user.id,
      source: 'url',
      sourceLabel: 'https://example.gov/other.csv',
      sourceUrl: 'https://example.gov/other.csv',
    });
    const served = requests;
    const [waited] = (await t.jobs.tick(new Date('2026-11-27T01:00:00Z'))).filter((o) => o.job === 'sam-sync');
    expect(waited).toMatchObject({ status: 'failed', error: 'Another import is running; the daily sync will try again later' });
    expect(requests).toBe(served);
    expect(await t.db.select().from(opportunities).where(eq(opportunities.noticeId, 'sync000010'))).toEqual([]);

    await t.db.update(importJobs).set({ status: 'done', finishedAt: new Date() }).where(eq(importJobs.status, 'running'));
    await t.db.execute(sql`update job_runs set finished_at = now() - interval '1 hour' where job = 'sam-sync'`);
    const [ran] = (await t.jobs.tick(new Date('2026-11-27T02:00:00Z'))).filter((o) => o.job === 'sam-sync');
    expect(ran).toMatchObject({ status: 'done', result: { rows: 1, inserted: 1 } });
    const listed = (await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/import-jobs' })).json();
    expect(listed.jobs[0]).toMatchObject({ status: 'done', source: 'url' });
    expect(JSON.stringify(listed.jobs[0])).toContain(`${base}/extract.csv`);
  });

  it('does nothing while the sync is off', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    await settings(admin.token, { enabled: false, url: `${base}/extract.csv`, hour: 0 });
    await t.db.delete(jobRuns);
    expect((await t.jobs.tick(new Date('2026-11-26T12:00:00Z'))).find((o) => o.job === 'sam-sync')).toBeUndefined();
  });
});
