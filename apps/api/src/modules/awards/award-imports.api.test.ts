import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { zipOf } from '../../../test/zip-archive';
import { activity as activityLog, awards, importJobFiles, importJobs, opportunities, recipients } from '../../db/schema/index';
import * as repo from '../import-jobs/import-jobs.repository';

const SUMMARIES = readFileSync(
  path.join(import.meta.dirname, 'import', 'fixtures', 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv'),
);
const ROWS = (parse(SUMMARIES, { columns: true }) as Record<string, string>[]).length;
const TRANSACTIONS = readFileSync(
  path.join(import.meta.dirname, 'import', 'fixtures', 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv'),
);
const TX_ROWS = (parse(TRANSACTIONS, { columns: true }) as Record<string, string>[]).length;
let ZIP: Buffer;
const OPPORTUNITIES_HEADER = readFileSync(
  path.resolve(import.meta.dirname, '../../../data-seed/contract-opportunities-real.csv'),
  'utf8',
).split('\n')[0]!;

let t: TestApp;
let files: Server;
let base: string;
let admin: string;
let adminId: string;
let user: string;
let guest: string;

beforeAll(async () => {
  ZIP = await zipOf([
    { name: 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv', bytes: SUMMARIES },
    { name: 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv', bytes: TRANSACTIONS },
    { name: 'README.txt', bytes: 'not data' },
  ]);
  files = createServer((req, res) => {
    if (req.url === '/awards.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(SUMMARIES);
    else if (req.url === '/download') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(ZIP);
    else if (req.url === '/cut.zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(ZIP.subarray(0, ZIP.length - 100));
    else res.writeHead(404).end('nope');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await buildTestApp({ IMPORT_ALLOW_PRIVATE_URLS: 'true' });
  const a = await createUser(t.db, t.config, { role: 'admin' });
  admin = a.token;
  adminId = a.user.id;
  user = (await createUser(t.db, t.config)).token;
  guest = (await createUser(t.db, t.config, { isGuest: true })).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => files.close(r));
});
beforeEach(async () => {
  await t.jobs.idle();
  await t.db.delete(importJobs);
  await t.db.delete(activityLog);
  await t.db.execute(sql`truncate awards, recipients`);
});

const upload = (token: string | null, name: string, content: Buffer | string) => {
  const { payload, headers } = multipartFile('file', name, Buffer.from(content), 'text/csv');
  return t.injectAs(token, { method: 'POST', url: '/api/admin/award-imports/upload', payload, headers });
};
const startUrl = (token: string | null, csv_url: unknown) =>
  t.injectAs(token, { method: 'POST', url: '/api/admin/award-imports', payload: { csv_url } });
const getJob = (id: string) => t.injectAs(admin, { method: 'GET', url: `/api/admin/import-jobs/${id}` });
const countAwards = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(awards))[0]!.n;

describe('POST /admin/award-imports/upload', () => {
  it('imports the real custom download in the background with progress and counts', async () => {
    const res = await upload(admin, 'Contracts_PrimeAwardSummaries.csv', SUMMARIES);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({
      status: 'queued',
      kind: 'awards',
      source: 'upload',
      created_by: adminId,
      total_bytes: SUMMARIES.length,
    });
    await t.jobs.idle();
    const done = (await getJob(started.id)).json();
    expect(done).toMatchObject({
      status: 'done',
      kind: 'awards',
      rows_read: ROWS,
      imported: ROWS,
      inserted: ROWS,
      malformed: 0,
      error: null,
    });
    expect(await countAwards()).toBe(ROWS);
    expect(await t.db.select().from(recipients)).toHaveLength(1);
    // Award rows are not opportunities: nothing there, and the activity says what was imported.
    expect(await t.db.select().from(opportunities)).toHaveLength(0);
    const [activity] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'awards.imported'));
    expect(activity).toMatchObject({ userId: adminId, details: { file: 'Contracts_PrimeAwardSummaries.csv', rows: ROWS, imported: ROWS } });

    const again = (await upload(admin, 'again.csv', SUMMARIES)).json();
    await t.jobs.idle();
    expect((await getJob(again.id)).json()).toMatchObject({ status: 'done', inserted: 0, updated: 0, unchanged: ROWS });
  });

  it('refuses an opportunities extract, an empty file and a non-CSV with a readable 400, keeping nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['extract.csv', `${OPPORTUNITIES_HEADER}\n`, /^Not a USAspending contract award CSV: missing column contract_award_unique_key/],
      ['empty.csv', '', /^The CSV file is empty$/],
      ['awards.pdf', '%PDF-1.7', /^Please choose a \.csv or \.zip file$/],
    ];
    for (const [name, content, detail] of cases) {
      const res = await upload(admin, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.db.select().from(importJobs)).toEqual([]);
    expect(await countAwards()).toBe(0);
  });

  it('answers 409 while another import (of either kind) is unfinished, keeping nothing', async () => {
    // Inserted running, so the answer does not race a fast background import.
    await repo.insertUnlessBusy(t.db, {
      status: 'running',
      source: 'url',
      sourceLabel: 'https://sam.gov/extract.csv',
      sourceUrl: 'https://sam.gov/extract.csv',
      attempts: 1,
      createdBy: adminId,
    });
    const res = await upload(admin, 'b.csv', SUMMARIES);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^An import is already running \(https:\/\/sam\.gov\/extract\.csv, started /);
    expect((await startUrl(admin, `${base}/awards.csv`)).statusCode).toBe(409);
    expect(await t.db.select().from(importJobs)).toHaveLength(1);
    expect(await countAwards()).toBe(0);
  });
});

describe('POST /admin/award-imports/upload with a ZIP', () => {
  it('imports every award CSV of the archive in one job, listing the entry it skipped', async () => {
    const res = await upload(admin, 'download.zip', ZIP);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', kind: 'awards', total_bytes: ZIP.length });
    await t.jobs.idle();
    const done = (await getJob(res.json().id)).json();
    expect(done).toMatchObject({
      status: 'done',
      rows_read: ROWS + TX_ROWS,
      imported: ROWS + TX_ROWS,
      inserted: ROWS,
      malformed: 0,
      bytes_read: ZIP.length,
      error: null,
    });
    expect(done.errors).toEqual([{ file: 'README.txt', line: 0, reason: 'skipped: not a CSV file' }]);
    expect(await countAwards()).toBe(ROWS);
  });

  it('knows a ZIP by its bytes, whatever its name', async () => {
    const zip = await zipOf([{ name: 'awards.csv', bytes: SUMMARIES }]);
    const res = await upload(admin, 'awards.csv', zip);
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.idle();
    expect((await getJob(res.json().id)).json()).toMatchObject({ status: 'done', inserted: ROWS });
  });

  it('refuses an empty, corrupt, CSV-less or bomb-like ZIP with a readable 400, keeping nothing', async () => {
    const good = await zipOf([{ name: 'a.csv', bytes: SUMMARIES }]);
    const cases: [string, Buffer, RegExp][] = [
      ['empty.zip', await zipOf([]), /^The ZIP archive holds no CSV file \(it is empty\)\.$/],
      ['notes.zip', await zipOf([{ name: 'notes.txt', bytes: 'x' }]), /^The ZIP archive holds no CSV file \(it holds notes\.txt\)\.$/],
      [
        'opps.zip',
        await zipOf([{ name: 'opps.csv', bytes: `${OPPORTUNITIES_HEADER}\n` }]),
        /^The ZIP archive holds no USAspending contract award CSV \(opps\.csv: Not a USAspending/,
      ],
      ['cut.zip', good.subarray(0, good.length - 100), /^The ZIP archive cannot be read: /],
      [
        'bomb.zip',
        await zipOf([{ name: 'zeros.csv', bytes: Buffer.alloc(4 * 1024 * 1024) }]),
        /expands more than 200 times .*refused as a possible zip bomb\.$/,
      ],
    ];
    for (const [name, content, detail] of cases) {
      const res = await upload(admin, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().detail, name).toMatch(detail);
    }
    expect(await t.db.select().from(importJobs)).toEqual([]);
    expect(await t.db.select().from(importJobFiles)).toEqual([]);
    expect(await countAwards()).toBe(0);
  });
});

describe('POST /admin/award-imports', () => {
  it('imports a ZIP from a URL in the background', async () => {
    const res = await startUrl(admin, `${base}/download`);
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.idle();
    expect((await getJob(res.json().id)).json()).toMatchObject({ status: 'done', rows_read: ROWS + TX_ROWS, inserted: ROWS, malformed: 0 });
  });

  it('fails a downloaded ZIP that cannot be read, with the reason, importing nothing', async () => {
    const res = await startUrl(admin, `${base}/cut.zip`);
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.idle();
    expect((await getJob(res.json().id)).json()).toMatchObject({
      status: 'failed',
      rows_read: 0,
      error: expect.stringMatching(/^The ZIP archive cannot be read: .+/),
    });
    expect(await countAwards()).toBe(0);
  });

  it('imports from a URL in the background', async () => {
    const res = await startUrl(admin, `${base}/awards.csv`);
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.idle();
    expect((await getJob(res.json().id)).json()).toMatchObject({ status: 'done', kind: 'awards', imported: ROWS });
  });

  it('refuses a missing or non-http URL with a readable 400', async () => {
    for (const url of [undefined, '', 'ftp://example.com/a.csv']) {
      const res = await startUrl(admin, url);
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
    expect(await t.db.select().from(importJobs)).toEqual([]);
  });
});

describe('award imports are for admins only', () => {
  it('401 without a token; 403 for a user and for a guest; nothing kept', async () => {
    for (const [token, status] of [
      [null, 401],
      [user, 403],
      [guest, 403],
    ] as const) {
      const up = await upload(token, 'a.csv', SUMMARIES);
      expect(up.statusCode).toBe(status);
      const zipped = await upload(token, 'a.zip', ZIP);
      expect(zipped.statusCode).toBe(status);
      if (token) expect(zipped.json().detail).toBe('Admin access required');
      const byUrl = await startUrl(token, `${base}/awards.csv`);
      expect(byUrl.statusCode).toBe(status);
      if (token) expect(byUrl.json().detail).toBe('Admin access required');
    }
    expect(await t.db.select().from(importJobs)).toEqual([]);
    expect(await countAwards()).toBe(0);
  });
});
