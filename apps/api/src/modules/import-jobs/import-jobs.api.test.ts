import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testFileStore } from '../../../test/document-factories';
import { createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { activity as activityLog, importJobFiles, importJobs, opportunities } from '../../db/schema/index';
import { JobRunner } from '../../lib/jobs/job-runner';
import { claimAndRun, executeClaimed, type ImportJobDeps } from './import-job-run';
import { csvImportJob } from './import-jobs.job';
import * as repo from './import-jobs.repository';
import { storeParts } from './import-jobs.service';

const REAL_CSV = readFileSync(path.resolve(import.meta.dirname, '../../../data-seed/contract-opportunities-real.csv')).toString('utf8');
const HEADER = REAL_CSV.split('\n')[0]!.trimEnd();
/** The header and the first `n` real rows. */
const extract = (n: number) =>
  `${REAL_CSV.split('\n')
    .slice(0, n + 1)
    .join('\n')}\n`;

let t: TestApp;
let files: Server;
let base: string;
let admin: string;
let adminId: string;
let user: string;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url?.startsWith('/extract.csv')) res.writeHead(200, { 'content-type': 'text/csv' }).end(extract(30));
    else res.writeHead(404).end('nope');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await buildTestApp({ IMPORT_ALLOW_PRIVATE_URLS: 'true', IMPORT_MAX_BYTES: '200000' });
  const a = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  admin = a.token;
  adminId = a.user.id;
  user = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => files.close(r));
});
beforeEach(async () => {
  await t.jobs.idle();
  await t.db.delete(importJobs);
  await t.db.delete(opportunities);
  await t.db.delete(activityLog);
});

const upload = (token: string | null, name: string, content: string) => {
  const { payload, headers } = multipartFile('file', name, Buffer.from(content), 'text/csv');
  return t.injectAs(token, { method: 'POST', url: '/api/admin/import-jobs/upload', payload, headers });
};
const startUrl = (token: string | null, csv_url: unknown) =>
  t.injectAs(token, { method: 'POST', url: '/api/admin/import-jobs', payload: { csv_url } });
const getJob = (token: string | null, id: string) => t.injectAs(token, { method: 'GET', url: `/api/admin/import-jobs/${id}` });
const jobRows = () => t.db.select().from(importJobs);
const storedFiles = async () => {
  const keys: string[] = [];
  for await (const k of testFileStore(t).listOlderThan!(new Date(Date.now() + 60_000))) keys.push(k);
  return keys;
};
const deps = (): ImportJobDeps => ({
  db: t.db,
  files: testFileStore(t),
  config: t.config,
  dbKind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  jobs: t.jobs,
  log,
});

describe('POST /admin/import-jobs/upload', () => {
  it('answers 202 with a job at once; the import runs in the background and its progress and counts are readable', async () => {
    const res = await upload(admin, 'ContractOpportunitiesFullCSV.csv', extract(25));
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({
      status: 'queued',
      source: 'upload',
      source_label: 'ContractOpportunitiesFullCSV.csv',
      created_by: adminId,
      rows_read: 0,
      total_bytes: Buffer.byteLength(extract(25)),
    });
    // The upload is kept through the file store until the import ends.
    expect((await t.db.select().from(importJobFiles).where(eq(importJobFiles.jobId, started.id))).length).toBe(1);

    await t.jobs.idle();
    const done = (await getJob(admin, started.id)).json();
    expect(done).toMatchObject({
      id: started.id,
      status: 'done',
      rows_read: 25,
      imported: 25,
      inserted: 25,
      updated: 0,
      unchanged: 0,
      malformed: 0,
      error: null,
      attempts: 1,
    });
    expect(done.bytes_read).toBe(done.total_bytes);
    expect(done.finished_at).not.toBeNull();
    expect((await t.db.select().from(opportunities)).length).toBe(25);
    // The stored upload is gone with the import, file and row.
    expect(await t.db.select().from(importJobFiles)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    const [activity] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'opportunities.imported'));
    expect(activity).toMatchObject({ userId: adminId, details: { file: 'ContractOpportunitiesFullCSV.csv', rows: 25, imported: 25 } });

    // The same file again: nothing rewritten; the list shows both, newest first.
    const again = (await upload(admin, 'again.CSV', extract(25))).json();
    await t.jobs.idle();
    expect((await getJob(admin, again.id)).json()).toMatchObject({ status: 'done', unchanged: 25, inserted: 0 });
    const list = await t.injectAs(admin, { method: 'GET', url: '/api/admin/import-jobs' });
    expect(list.statusCode).toBe(200);
    expect(list.json().jobs.map((j: { id: string }) => j.id)).toEqual([again.id, started.id]);
  });

  it('reports malformed rows and keeps the good ones', async () => {
    const csv = `${extract(3)}broken,row\n`;
    const { id } = (await upload(admin, 'x.csv', csv)).json();
    await t.jobs.idle();
    const job = (await getJob(admin, id)).json();
    expect(job).toMatchObject({ status: 'done', rows_read: 4, imported: 3, malformed: 1 });
    expect(job.errors).toEqual([{ line: 5, reason: expect.stringContaining('columns') }]);
  });

  it('401 without a token, 403 for a user, on every import-job route; nothing kept', async () => {
    const fake = '00000000-0000-4000-8000-000000000000';
    for (const token of [null, user]) {
      const expected = token ? 403 : 401;
      expect((await upload(token, 'a.csv', extract(1))).statusCode).toBe(expected);
      expect((await startUrl(token, `${base}/extract.csv`)).statusCode).toBe(expected);
      expect((await getJob(token, fake)).statusCode).toBe(expected);
      const list = await t.injectAs(token, { method: 'GET', url: '/api/admin/import-jobs' });
      expect(list.statusCode).toBe(expected);
      if (token) expect(list.json().detail).toBe('Admin access required');
    }
    expect(await jobRows()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a missing file, a non-.csv, a file that is not the extract, an empty one and one over the limit, keeping nothing', async () => {
    const cases: [string, string, number, string][] = [
      ['extract.xlsx', extract(1), 400, 'Please choose a .csv file'],
      ['people.csv', 'id,name\n1,x\n', 400, 'Not a SAM.gov Contract Opportunities CSV: missing column NoticeId, Title'],
      ['empty.csv', '', 400, 'The CSV file is empty'],
      ['big.csv', `${HEADER}\n${'x'.repeat(250_000)}\n`, 413, 'The CSV file is larger than 0.2 MB.'],
    ];
    for (const [name, content, status, detail] of cases) {
      const res = await upload(admin, name, content);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    const none = await t.injectAs(admin, { method: 'POST', url: '/api/admin/import-jobs/upload', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Please choose a CSV file');
    expect(await jobRows()).toEqual([]);
    expect(await t.db.select().from(importJobFiles)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it('409 with a readable detail while another import is unfinished, from either start and from SPEC’s synchronous call', async () => {
    const running = await repo.insertUnlessBusy(t.db, {
      status: 'running',
      source: 'url',
      sourceLabel: 'https://sam.gov/extract.csv',
      sourceUrl: 'https://sam.gov/extract.csv',
      attempts: 1,
      createdBy: adminId,
    });
    const a = await upload(admin, 'a.csv', extract(2));
    expect(a.statusCode).toBe(409);
    expect(a.json().detail).toMatch(
      /^An import is already running \(https:\/\/sam\.gov\/extract\.csv, started \d{4}-\d\d-\d\d \d\d:\d\d UTC\)\. Please wait for it to finish\.$/,
    );
    expect((await startUrl(admin, `${base}/extract.csv`)).statusCode).toBe(409);
    const sync = await t.injectAs(admin, {
      method: 'POST',
      url: '/api/admin/import-csv-sync',
      payload: { csv_url: `${base}/extract.csv` },
    });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().detail).toContain('An import is already running');
    expect((await jobRows()).map((j) => j.id)).toEqual([running!.id]);
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.select().from(opportunities)).toEqual([]);
  });
});

describe('POST /admin/import-jobs (URL) and GET', () => {
  it('imports from a URL in the background; the list and the job keep the URL without its query', async () => {
    const res = await startUrl(admin, `${base}/extract.csv?token=s3cret`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', source: 'url', source_label: `${base}/extract.csv`, total_bytes: null });
    await t.jobs.idle();
    expect((await getJob(admin, res.json().id)).json()).toMatchObject({ status: 'done', inserted: 30 });
    // The full URL (a token in its query) is forgotten once the import ended.
    const [row] = await jobRows();
    expect(row!.sourceUrl).toBeNull();
    expect(JSON.stringify(row)).not.toContain('s3cret');
  });

  it('records a failed download with a readable error', async () => {
    const { id } = (await startUrl(admin, `${base}/missing.csv`)).json();
    await t.jobs.idle();
    const job = (await getJob(admin, id)).json();
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/404/);
  });

  it('refuses an empty, malformed or non-http URL (400) and answers 400/404 for a bad or unknown job id', async () => {
    for (const [url, detail] of [
      ['', 'Please enter a CSV URL'],
      ['notaurl', 'CSV URL must be a valid http or https URL'],
      ['ftp://example.gov/x.csv', 'CSV URL must be a valid http or https URL'],
      ['https://u:p@example.gov/x.csv', 'CSV URL must not contain credentials'],
    ]) {
      const res = await startUrl(admin, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    expect((await startUrl(admin, 42)).statusCode).toBe(400);
    expect(await jobRows()).toEqual([]);
    const bad = await getJob(admin, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Invalid import job id');
    const unknown = await getJob(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Import not found');
  });

  it('SPEC’s synchronous import still answers its result, and shows in the list', async () => {
    const res = await t.injectAs(admin, { method: 'POST', url: '/api/admin/import-csv-sync', payload: { csv_url: `${base}/extract.csv` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 30, inserted: 30, rows: 30 });
    const { jobs } = (await t.injectAs(admin, { method: 'GET', url: '/api/admin/import-jobs' })).json();
    expect(jobs).toMatchObject([{ status: 'done', source: 'url', inserted: 30, attempts: 1 }]);
  });
});

describe('running exactly once', () => {
  const queue = async () => {
    const job = (await repo.insertUnlessBusy(t.db, {
      status: 'queued',
      source: 'url',
      sourceLabel: 'x',
      sourceUrl: `${base}/extract.csv`,
      createdBy: adminId,
    }))!;
    return job;
  };

  it('eight runners claiming the same job at once (separate pooled connections on PostgreSQL): one runs it', async () => {
    const job = await queue();
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => claimAndRun(deps(), i % 2 ? { id: job.id } : {})));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['done', ...Array<string>(7).fill('skipped')]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ status: 'done', attempts: 1, inserted: 30 });
    expect(await t.db.select().from(activityLog).where(eq(activityLog.action, 'opportunities.imported'))).toHaveLength(1);
  });

  it('writes progress to the row after every batch while it runs', async () => {
    const job = (await repo.claim(t.db, { id: (await queue()).id, staleAfterMs: 60_000, maxAttempts: 3 }))!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lines = extract(1300).split('\n');
    const source = Readable.from(
      (async function* () {
        // Header + 1,200 rows: at least one batch of 500 written, on one lane (PGlite) or two (PostgreSQL).
        yield `${lines.slice(0, 1201).join('\n')}\n`;
        await gate;
        yield `${lines.slice(1201).join('\n')}`;
      })(),
    );
    const run = executeClaimed(deps(), job, { open: async () => source });
    await expect.poll(async () => (await repo.findById(t.db, job.id))!.imported, { timeout: 10_000 }).toBeGreaterThanOrEqual(500);
    const midway = (await repo.findById(t.db, job.id))!;
    expect(midway.status).toBe('running');
    expect(midway.imported).toBeLessThan(1300);
    expect(midway.inserted).toBe(midway.imported);
    release();
    await run;
    expect(await repo.findById(t.db, job.id)).toMatchObject({ status: 'done', imported: 1300, rowsRead: 1300 });
  });

  it('an upload stored in many parts (cut mid-row and mid-character) reads back whole', async () => {
    const queued = (await repo.insertUnlessBusy(t.db, {
      status: 'uploading',
      source: 'upload',
      sourceLabel: 'parts.csv',
      createdBy: adminId,
    }))!;
    // A new notice whose title is 3,000 two-byte characters, other columns empty but the posted date.
    const columns = HEADER.split(',');
    const wide = columns
      .map((c) => ({ NoticeId: 'parts00001', Title: 'é'.repeat(3000), PostedDate: '2026-11-20', Active: 'Yes' })[c] ?? '')
      .join(',');
    const csv = `${extract(40)}${wide}\n`;
    const bytes = Buffer.from(csv);
    // Some part boundary falls inside a character (a UTF-8 continuation byte starts the next part).
    expect(Array.from({ length: Math.floor(bytes.length / 997) }, (_, k) => bytes[(k + 1) * 997]! >> 6 === 0b10).some(Boolean)).toBe(true);
    const size = await storeParts(
      { db: t.db, files: testFileStore(t) },
      queued.id,
      Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]),
      997,
    );
    expect(size).toBe(Buffer.byteLength(csv));
    expect((await repo.partsOf(t.db, queued.id)).length).toBe(Math.ceil(size / 997));
    expect(await repo.markQueued(t.db, queued.id, size)).toBe(true);
    expect(await claimAndRun(deps(), { id: queued.id })).toMatchObject({
      status: 'done',
      result: { rows: 41, imported: 41, malformed: 0 },
    });
    const [row] = await t.db.select().from(opportunities).where(eq(opportunities.noticeId, 'parts00001'));
    expect(row!.title).toBe('é'.repeat(3000));
    expect(await storedFiles()).toEqual([]);
  });

  it('a stalled run that another process took over stops, and leaves the job and its stored upload to the new run', async () => {
    const queued = (await repo.insertUnlessBusy(t.db, { status: 'queued', source: 'upload', sourceLabel: 'a.csv', createdBy: adminId }))!;
    const part = await testFileStore(t).put(Buffer.from(extract(1)));
    await repo.addPart(t.db, queued.id, 0, part);
    const job = (await repo.claim(t.db, { id: queued.id, staleAfterMs: 60_000, maxAttempts: 3 }))!;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lines = extract(1300).split('\n');
    const source = Readable.from(
      (async function* () {
        yield `${lines.slice(0, 601).join('\n')}\n`;
        await gate;
        yield `${lines.slice(601).join('\n')}`;
      })(),
    );
    const run = executeClaimed(deps(), job, { open: async () => source });
    // Another process's claim after a stall: the attempt number moves on.
    await t.db
      .update(importJobs)
      .set({ attempts: 2, heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, job.id));
    release();
    await expect(run).rejects.toThrow();
    expect(await repo.findById(t.db, job.id)).toMatchObject({ status: 'running', attempts: 2, finishedAt: null });
    expect((await repo.partsOf(t.db, job.id)).map((p) => p.key)).toEqual([part.key]);
    expect(await storedFiles()).toEqual([part.key]);
  });

  it('a run whose process died (stale heartbeat) is taken over by a tick, and given up after the last attempt', async () => {
    const runner = new JobRunner({ db: t.db, log, jobs: [csvImportJob(deps(), { staleAfterMs: 60_000, maxAttempts: 2 })] });
    const job = await queue();
    await t.db
      .update(importJobs)
      .set({ status: 'running', attempts: 1, heartbeatAt: sql`now() - interval '1 minute'` })
      .where(eq(importJobs.id, job.id));
    // Fresh heartbeat: still someone's run, nothing to take.
    await t.db
      .update(importJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(importJobs.id, job.id));
    expect(await runner.tick()).toEqual([]);
    await t.db
      .update(importJobs)
      .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
      .where(eq(importJobs.id, job.id));
    const [outcome] = await runner.tick();
    expect(outcome).toMatchObject({ job: 'csv-import', status: 'done', result: { status: 'done', job: job.id } });
    expect((await jobRows())[0]).toMatchObject({ status: 'done', attempts: 2, inserted: 30 });

    // Died on its last attempt: given up with a readable reason, its stored upload removed.
    await t.db.delete(importJobs);
    const gone = await queue();
    await repo.addPart(t.db, gone.id, 0, await testFileStore(t).put(Buffer.from(extract(1))));
    await t.db
      .update(importJobs)
      .set({ status: 'running', attempts: 2, heartbeatAt: sql`now() - interval '2 minutes'` })
      .where(eq(importJobs.id, gone.id));
    expect(await runner.tick()).toEqual([]);
    expect((await jobRows())[0]).toMatchObject({
      status: 'failed',
      error: 'The import was interrupted 2 times (its server process stopped) and was given up. Please start it again.',
    });
    expect(await storedFiles()).toEqual([]);
    // A new import may start again.
    expect((await upload(admin, 'next.csv', extract(1))).statusCode).toBe(202);
  });

  it('an upload whose process died while storing it is given up, so imports are not blocked forever', async () => {
    const runner = new JobRunner({ db: t.db, log, jobs: [csvImportJob(deps(), { staleAfterMs: 60_000 })] });
    await repo.insertUnlessBusy(t.db, { status: 'uploading', source: 'upload', sourceLabel: 'half.csv', createdBy: adminId });
    expect((await upload(admin, 'b.csv', extract(1))).statusCode).toBe(409);
    await t.db.update(importJobs).set({ heartbeatAt: sql`now() - interval '5 minutes'` });
    await runner.tick();
    expect((await jobRows())[0]).toMatchObject({
      status: 'failed',
      error: 'The upload stopped before the file was stored. Please upload the file again.',
    });
    expect((await upload(admin, 'b.csv', extract(1))).statusCode).toBe(202);
  });
});
