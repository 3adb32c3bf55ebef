import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testFileStore } from '../../../test/document-factories';
import { createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { opportunities } from '../../db/schema/index';
import { JobRunner } from '../../lib/jobs/job-runner';
import { claimAndRun, type ImportJobDeps } from './import-job-run';
import * as repo from './import-jobs.repository';
import { storeParts } from './import-jobs.service';

/**
 * Issue 21 item 13: on the embedded database a background CSV import froze every user until it
 * ended, because the rows of a stored part reached the writer through promise callbacks only and
 * PGlite runs each statement on the server's thread: no request was read between batches. Here the
 * app listens on a real socket and, while its background job imports the 3,882 real rows (one
 * stored part), the test asks GET /api/health and the job's progress over HTTP, one request after
 * another. Requests must be answered between batches: health 200 and the job seen running at two
 * or more different row counts before it ends. Before the fix the first answer came after the last
 * batch (status done), whatever the machine's speed.
 */

const CSV = readFileSync(path.resolve(import.meta.dirname, '../../../data-seed/contract-opportunities-real.csv'));

let t: TestApp;
let base: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
});
afterAll(async () => {
  await t.close();
});

it('answers requests between the batches of a background import', { timeout: 180_000 }, async () => {
  const { payload, headers } = multipartFile('file', 'ContractOpportunitiesFullCSV.csv', CSV, 'text/csv');
  const started = await t.injectAs(admin, { method: 'POST', url: '/api/admin/import-jobs/upload', payload, headers });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().id as string;

  const seenRunning = new Set<number>();
  let healthAnswers = 0;
  let job: { status: string; imported: number; rows_read: number };
  for (;;) {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    job = await (await fetch(`${base}/api/admin/import-jobs/${id}`, { headers: { authorization: `Bearer ${admin}` } })).json();
    if (job.status !== 'queued' && job.status !== 'running') break;
    healthAnswers++;
    // Mid-import points only: a job still running with every row written is in its closing steps.
    if (job.status === 'running' && job.imported > 0 && job.imported < 3882) seenRunning.add(job.imported);
  }
  expect(job.status).toBe('done');
  expect(job.imported).toBe(3882);
  // Answered while rows were being written, at different points of the import. The freeze was the
  // embedded database's: PGlite runs each statement on this thread, in 100-row batches, seconds of
  // work. PostgreSQL runs statements in its own process and writes 3,882 rows in a few 500-row
  // batches, often before a second poll: there only every answer being a 200 is asserted.
  const points = process.env.TEST_DATABASE_URL ? 0 : 2;
  expect(healthAnswers).toBeGreaterThanOrEqual(points);
  expect(seenRunning.size, `progress seen while running: ${[...seenRunning].join(', ')}`).toBeGreaterThanOrEqual(points);
  await t.jobs.idle();
});

it('a shutdown stops a background import at its next batch and queues it again with its upload', { timeout: 180_000 }, async () => {
  await t.db.delete(opportunities);
  const log = pino({ level: 'silent' });
  const runner = new JobRunner({ db: t.db, log });
  const deps = (jobs: JobRunner): ImportJobDeps => ({
    db: t.db,
    files: testFileStore(t),
    config: t.config,
    dbKind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    jobs,
    log,
  });
  const job = (await repo.insertUnlessBusy(t.db, { status: 'uploading', source: 'upload', sourceLabel: 'again.csv', createdBy: null }))!;
  await repo.markQueued(t.db, job.id, await storeParts({ db: t.db, files: testFileStore(t) }, job.id, Readable.from([CSV])));

  const run = claimAndRun(deps(runner), { id: job.id });
  while (((await repo.findById(t.db, job.id))?.imported ?? 0) === 0) await new Promise((r) => setTimeout(r, 20));
  await runner.stop();
  const stopped = await run;
  expect(stopped).toMatchObject({ status: 'failed', error: 'The server is shutting down; the import continues after the restart.' });
  const queued = (await repo.findById(t.db, job.id))!;
  expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
  expect(queued.imported).toBeLessThan(3882);
  expect(await repo.partsOf(t.db, job.id)).toHaveLength(1);

  // The next start takes it from the queue and imports the whole stored file.
  const resumed = await claimAndRun(deps(t.jobs));
  expect(resumed).toMatchObject({ status: 'done', job: job.id });
  expect((await repo.findById(t.db, job.id))!).toMatchObject({ status: 'done', attempts: 2, imported: 3882 });
  expect(await repo.partsOf(t.db, job.id)).toHaveLength(0);
  await t.jobs.idle();
});
