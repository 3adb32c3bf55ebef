import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { createLocalFileStore, type FileStore } from '../lib/file-store';
import { JobRunner } from '../lib/jobs/job-runner';
import * as importJobs from '../modules/import-jobs/import-jobs.repository';
import { orphanFilesJob, removeOrphanFiles } from './orphan-files.job';

let database: Database;
let dir: string;
let files: FileStore;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'biddesk-orphans-'));
  files = createLocalFileStore(dir);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const HOUR = 60 * 60_000;
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(path.join(dir, key.slice(0, 2), key), when, when);
};
const exists = (key: string) =>
  files.read(key).then(
    () => true,
    () => false,
  );

describe('daily cleanup of stored files no row refers to', () => {
  it('deletes old orphans only: a file a row keeps, and any file put within the hour, stay', async () => {
    const oldOrphan = await files.put(Buffer.from('old orphan'));
    const freshOrphan = await files.put(Buffer.from('an upload in flight: stored, row not yet written'));
    const kept = await files.put(Buffer.from('kept by a row'));
    const job = (await importJobs.insertUnlessBusy(database.db, { status: 'queued', source: 'upload', sourceLabel: 'a.csv' }))!;
    await importJobs.addPart(database.db, job.id, 0, kept);
    age(oldOrphan.key, 2 * HOUR);
    age(kept.key, 2 * HOUR);
    age(freshOrphan.key, 50 * 60_000);

    expect(await removeOrphanFiles({ db: database.db, files })).toEqual({ checked: 2, removed: 1 });
    expect(await exists(oldOrphan.key)).toBe(false);
    expect(await exists(freshOrphan.key)).toBe(true);
    expect(await exists(kept.key)).toBe(true);
  });

  it('storing the same bytes again makes an old file new, so a re-upload never loses it', async () => {
    const again = await files.put(Buffer.from('uploaded twice'));
    age(again.key, 3 * HOUR);
    await files.put(Buffer.from('uploaded twice'));
    await removeOrphanFiles({ db: database.db, files });
    expect(await exists(again.key)).toBe(true);
  });

  it('runs once a day however many processes tick', async () => {
    const orphan = await files.put(Buffer.from('daily'));
    age(orphan.key, 2 * HOUR);
    const runners = [0, 1, 2].map(
      () => new JobRunner({ db: database.db, log: pino({ level: 'silent' }), jobs: [orphanFilesJob({ db: database.db, files })] }),
    );
    const now = new Date('2031-05-05T03:00:00Z');
    const outcomes = (await Promise.all(runners.map((r) => r.tick(now)))).flat();
    expect(outcomes.map((o) => o.status).sort()).toEqual(['done', 'skipped', 'skipped']);
    expect(outcomes.find((o) => o.status === 'done')).toMatchObject({ period: '2031-05-05', result: { removed: 1 } });
    expect(await exists(orphan.key)).toBe(false);
  });

  it('skips a store that cannot list its files', async () => {
    const { listOlderThan: _unused, ...unlisted } = files;
    expect(await removeOrphanFiles({ db: database.db, files: unlisted })).toEqual({
      checked: 0,
      removed: 0,
      skipped: 'the file store cannot list its files',
    });
  });
});
