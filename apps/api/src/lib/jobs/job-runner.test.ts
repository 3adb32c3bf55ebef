import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { jobRuns } from '../../db/schema/index';
import { JobRunner, utcDay, type JobDefinition } from './job-runner';

/**
 * The runner's promise: one run per (job, period) whatever the number of runners. On PostgreSQL
 * (TEST_DATABASE_URL) the runners' claims go through separate pooled connections, as two API
 * processes' would.
 */
let database: Database;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobRuns);
});

function countingJob(name: string, opts: { fail?: () => boolean; period?: string | null; delayMs?: number } = {}) {
  const runs: string[] = [];
  const job: JobDefinition = {
    name,
    periodAt: (_db, now) => (opts.period === undefined ? utcDay(now) : opts.period),
    async run({ period }) {
      runs.push(period);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.fail?.()) throw new Error('boom');
      return { ok: true };
    },
  };
  return { job, runs };
}

describe('JobRunner', () => {
  it('runs a due period once; a second tick of the same period is a no-op', async () => {
    const { job, runs } = countingJob('once');
    const runner = new JobRunner({ db: database.db, log, jobs: [job] });
    const now = new Date('2026-11-23T10:00:00Z');
    expect((await runner.tick(now)).map((o) => o.status)).toEqual(['done']);
    expect((await runner.tick(now)).map((o) => o.status)).toEqual(['skipped']);
    expect(runs).toEqual(['2026-11-23']);
    const [row] = await database.db.select().from(jobRuns);
    expect(row).toMatchObject({ job: 'once', period: '2026-11-23', status: 'done', attempts: 1, result: { ok: true } });
    // The next day is a new period.
    await runner.tick(new Date('2026-11-24T00:01:00Z'));
    expect(runs).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('eight runners ticking the same period at once run it exactly once', async () => {
    const { job, runs } = countingJob('race', { delayMs: 50 });
    const runners = Array.from({ length: 8 }, () => new JobRunner({ db: database.db, log, jobs: [job] }));
    const now = new Date('2026-11-23T10:00:00Z');
    const outcomes = (await Promise.all(runners.map((r) => r.tick(now)))).flat();
    expect(outcomes.map((o) => o.status).sort()).toEqual(['done', ...Array<string>(7).fill('skipped')]);
    expect(runs).toHaveLength(1);
  });

  it('skips a job whose period is not due', async () => {
    const { job, runs } = countingJob('not-due', { period: null });
    const runner = new JobRunner({ db: database.db, log, jobs: [job] });
    expect(await runner.tick()).toEqual([]);
    expect(runs).toEqual([]);
  });

  it('records a failure and retries it only after the pause, at most maxAttempts times', async () => {
    const { job, runs } = countingJob('flaky', { fail: () => true });
    const runner = new JobRunner({ db: database.db, log, jobs: [job], retryAfterMs: 1000, maxAttempts: 2 });
    const [first] = await runner.tick();
    expect(first).toMatchObject({ status: 'failed', error: 'boom' });
    expect((await runner.tick())[0]!.status).toBe('skipped'); // too soon
    await database.db.execute(sql`update job_runs set finished_at = now() - interval '1 hour'`);
    expect((await runner.tick())[0]!.status).toBe('failed');
    await database.db.execute(sql`update job_runs set finished_at = now() - interval '1 hour'`);
    expect((await runner.tick())[0]!.status).toBe('skipped'); // attempts used up
    expect(runs).toHaveLength(2);
    const [row] = await database.db.select().from(jobRuns);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, error: 'boom' });
  });

  it('takes over a claim whose process stopped sending heartbeats, not a live one', async () => {
    const { job, runs } = countingJob('stale');
    const runner = new JobRunner({ db: database.db, log, jobs: [job], staleAfterMs: 60_000 });
    const period = utcDay(new Date());
    await database.db.insert(jobRuns).values({ job: 'stale', period, status: 'running' });
    expect((await runner.tick())[0]!.status).toBe('skipped');
    await database.db.execute(sql`update job_runs set heartbeat_at = now() - interval '5 minutes'`);
    expect((await runner.tick())[0]!.status).toBe('done');
    expect(runs).toEqual([period]);
  });

  it('start ticks at once and stop waits for the run under way', async () => {
    const { job, runs } = countingJob('started', { delayMs: 100 });
    const runner = new JobRunner({ db: database.db, log, jobs: [job], intervalMs: 60_000 });
    runner.start();
    await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(runs).toHaveLength(1);
    const [row] = await database.db.select().from(jobRuns);
    expect(row?.status).toBe('done');
  });

  it('trigger runs a job outside its schedule without claiming a period', async () => {
    const { job, runs } = countingJob('triggered');
    const runner = new JobRunner({ db: database.db, log, jobs: [job] });
    const outcome = await runner.trigger('triggered');
    expect(outcome.status).toBe('done');
    expect(runs).toHaveLength(1);
    expect(await database.db.select().from(jobRuns)).toEqual([]);
    expect(() => runner.trigger('nope')).toThrow('Unknown job nope');
  });
});
