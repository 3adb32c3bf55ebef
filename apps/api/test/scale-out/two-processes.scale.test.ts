import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { ORPHAN_FILES_JOB } from '../../src/jobs/orphan-files.job';
import { createOpportunity } from '../factories';
import { startS3Server, type LocalS3Server } from '../s3-server';
import { startApiProcess, type ApiProcess } from './api-process';

/**
 * Issue 16, scale-out: two API processes, each started as `npm start` starts the server, on one
 * PostgreSQL database, one Redis and one S3 bucket, with nothing else in common (each its own
 * DATA_DIR, so no file and no generated secret is shared through the disk). Over real HTTP:
 * a token issued by one works on the other; the per-account login limit counts attempts made on
 * both; a document uploaded through one downloads through the other; a scheduled job runs once per
 * period across both; a check-out race split across both has one winner.
 *
 * Run by `npm run test:scale-out` (vitest.scale-out.config.ts), which needs TEST_DATABASE_URL and
 * TEST_REDIS_URL; CI runs it when PostgreSQL and Redis answer.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = process.env.TEST_REDIS_URL!;
const JWT_SECRET = `scale-out-${randomBytes(24).toString('hex')}`;
/** Random per run: the rate-limit keys in the shared Redis name the account. */
const run = randomBytes(4).toString('hex');
const ADMIN = { email: `admin-${run}@scale.example.com`, password: 'Admin-Pw-4kX9q2' };
/** Small, so a few attempts trip it; split over two processes with their own counters it would take twice as many. */
const LOGIN_LIMIT = 4;
const JOBS_INTERVAL_MS = 1000;
const owner = { email: `owner-${run}@scale.example.com`, password: 'Owner-Pw-7rT3mz', name: 'Olive Owner' };
const limited = { email: `limited-${run}@scale.example.com`, password: 'Limited-Pw-2bN8vc', name: 'Lee Limited' };

const dbName = `scale_${run}_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let s3: LocalS3Server;
let a: ApiProcess;
let b: ApiProcess;
const dataDirs: string[] = [];
/** Two solicitations: one workspace each (one workspace per solicitation). */
let opportunityIds: string[] = [];
/**
 * The owner's session, issued by A. Every sign-in counts towards the owner's own login limit
 * (LOGIN_LIMIT a minute), so the tests share this one instead of signing in again.
 */
let ownerToken: string;
/** The first admin's session, issued by A in beforeAll (sign-ins count towards its login limit). */
let adminToken: string;
/**
 * Both processes keep users rows for the longest time allowed (lib/session-cache.ts), so a session
 * ended on one and refused by the other well within it was ended by the Redis announcement.
 */
const AUTH_USER_CACHE_MS = 10_000;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function call(proc: ApiProcess, method: string, url: string, opts: { token?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${proc.base}${url}`, {
    method,
    headers,
    body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    // A file, or an empty answer.
  }
  return { status: res.status, body, bytes };
}

async function login(proc: ApiProcess, who: { email: string; password: string }): Promise<string> {
  const res = await call(proc, 'POST', '/api/auth/login', { json: { email: who.email, password: who.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/**
 * Asks `proc` who `token` is, every 100 ms, until it answers 401: when that request was sent (ms
 * after `since`), the send times of the requests still accepted, and the refusal's body.
 */
async function askUntilRefused(proc: ApiProcess, token: string, since: number) {
  const acceptedAtMs: number[] = [];
  for (;;) {
    const sentMs = performance.now() - since;
    const res = await call(proc, 'GET', '/api/auth/refresh-user', { token });
    if (res.status === 401) return { refusedAfterMs: sentMs, acceptedAtMs, last: res.body };
    expect(res.status).toBe(200);
    acceptedAtMs.push(sentMs);
    if (sentMs > 3 * AUTH_USER_CACHE_MS)
      throw new Error(`${proc.name} still accepted the ended session ${Math.round(sentMs)} ms after the change`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One statement on the run's database, as a third party (neither API process). */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(DATABASE_URL, dbName) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const jobRuns = (job: string) =>
  query<{ period: string; status: string; attempts: number }>(
    'select period, status, attempts from job_runs where job = $1 order by period',
    [job],
  );

/** 'job done' lines both processes logged for `job`, each with the process that ran it. */
function jobDoneLines(job: string): { by: string; period: string }[] {
  return [a, b].flatMap((p) =>
    p
      .logLines()
      .filter((l) => l.msg === 'job done' && l.job === job)
      .map((l) => ({ by: p.name, period: String(l.period) })),
  );
}

beforeAll(async () => {
  if (!DATABASE_URL || !REDIS_URL) throw new Error('The scale-out suite needs TEST_DATABASE_URL and TEST_REDIS_URL');
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  s3 = await startS3Server({ bucket: 'biddesk-scale-out' });

  const env = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `biddesk-scale-${name}-`));
    dataDirs.push(dir);
    return {
      DATA_DIR: dir,
      DATABASE_URL: withDatabase(DATABASE_URL, dbName),
      REDIS_URL,
      ...s3.env,
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
      // The per-address limit would trip first: every request here comes from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      JOBS_ENABLED: 'true',
      JOBS_INTERVAL_MS: String(JOBS_INTERVAL_MS),
      PARSE_WORKERS: '1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      AUTH_USER_CACHE_MS: String(AUTH_USER_CACHE_MS),
    };
  };
  // One after the other, as the README says to start them: the first start migrates the empty
  // database and creates the first admin; neither may run twice at once.
  a = await startApiProcess('A', env('a'));
  b = await startApiProcess('B', env('b'));

  const database = await openDatabase({ databaseUrl: withDatabase(DATABASE_URL, dbName) });
  try {
    opportunityIds = [await createOpportunity(database.db), await createOpportunity(database.db)];
  } finally {
    await database.close();
  }
  adminToken = await login(a, ADMIN);
  for (const user of [owner, limited]) {
    const res = await call(a, 'POST', '/api/admin/create-user', { token: adminToken, json: { ...user, role: 'user' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  ownerToken = await login(a, owner);
}, 240_000);

afterAll(async () => {
  // Always: a child left running would hold the database and the port.
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await s3?.close().catch(() => {});
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`*${run}@scale.example.com*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two API processes on one PostgreSQL, Redis and S3 bucket', () => {
  it('a session token issued by one process is accepted by the other, both ways', async () => {
    const fromA = await login(a, ADMIN);
    const onB = await call(b, 'GET', '/api/auth/refresh-user', { token: fromA });
    expect(onB.status).toBe(200);
    expect(JSON.stringify(onB.body)).toContain(ADMIN.email);
    expect((await call(b, 'GET', '/api/admin/users', { token: fromA })).status).toBe(200);

    const fromB = await login(b, owner);
    const onA = await call(a, 'GET', '/api/auth/refresh-user', { token: fromB });
    expect(onA.status).toBe(200);
    expect(JSON.stringify(onA.body)).toContain(owner.email);
    // And the other process still refuses what it must: no token, B's claims under A's token's signature.
    expect((await call(a, 'GET', '/api/auth/refresh-user')).status).toBe(401);
    const forged = [...fromB.split('.').slice(0, 2), fromA.split('.')[2]].join('.');
    expect((await call(a, 'GET', '/api/auth/refresh-user', { token: forged })).status).toBe(401);
  });

  it('the per-account login limit counts attempts on both processes together', async () => {
    const wrong = { email: limited.email, password: 'Wrong-Pw-0000' };
    // LOGIN_LIMIT wrong passwords, alternating: each process has seen only half of them.
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', { json: wrong });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // With counters in each process's memory A would allow LOGIN_LIMIT / 2 more; the shared count is spent.
    for (const proc of [a, b]) {
      const res = await call(proc, 'POST', '/api/auth/login', { json: wrong });
      expect({ on: proc.name, status: res.status }).toEqual({ on: proc.name, status: 429 });
      expect(res.body.detail).toBe('Too many attempts. Please try again later.');
    }
    // The right password does not get through either, while another account signs in normally.
    expect((await call(b, 'POST', '/api/auth/login', { json: { email: limited.email, password: limited.password } })).status).toBe(429);
    await login(b, owner);
  });

  it('a workspace document uploaded through one process downloads byte for byte through the other', async () => {
    const workspace = await call(a, 'POST', '/api/workspaces', { token: ownerToken, json: { solicitation_id: opportunityIds[0] } });
    expect(workspace.status, JSON.stringify(workspace.body)).toBeLessThan(300);
    const workspaceId = workspace.body.id as string;

    const bytes = randomBytes(256 * 1024);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'technical-volume.bin');
    const uploaded = await call(a, 'POST', `/api/workspaces/${workspaceId}/documents`, { token: ownerToken, form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    const listed = await call(b, 'GET', `/api/workspaces/${workspaceId}/documents`, { token: ownerToken });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(uploaded.body.id as string);
    const downloaded = await call(b, 'GET', `/api/documents/${uploaded.body.id as string}/download`, { token: ownerToken });
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.equals(bytes)).toBe(true);

    // The bytes live in the bucket, not on either process's disk.
    for (const dir of dataDirs) {
      const files = path.join(dir, 'files');
      expect(existsSync(files) ? readdirSync(files, { recursive: true }) : []).toEqual([]);
    }
    expect(readdirSync(s3.directory, { recursive: true }).length).toBeGreaterThan(1);
  });

  it('a password change or deletion on one process ends the session on the other at once (Redis)', async () => {
    const who = { email: `revoked-${run}@scale.example.com`, password: 'Revoked-Pw-5hQ2wd', name: 'Rae Revoked' };
    expect((await call(a, 'POST', '/api/admin/create-user', { token: adminToken, json: { ...who, role: 'user' } })).status).toBe(200);
    const token = await login(b, who);
    // Each process has now read and kept the user's row.
    for (const proc of [a, b]) expect((await call(proc, 'GET', '/api/auth/refresh-user', { token })).status).toBe(200);

    const changed = await call(a, 'POST', '/api/auth/change-password', {
      token,
      json: { current_password: who.password, new_password: 'Revoked-Pw-9kL4xz' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const ended = await askUntilRefused(b, token, performance.now());
    expect(ended.refusedAfterMs).toBeLessThan(AUTH_USER_CACHE_MS / 2);
    expect(ended.last.code).toBe('SESSION_ENDED');

    const fresh = changed.body.token as string;
    expect((await call(b, 'GET', '/api/auth/refresh-user', { token: fresh })).status).toBe(200);
    const userId = (changed.body.user as { id: string }).id;
    expect((await call(a, 'DELETE', `/api/admin/users/${userId}`, { token: adminToken })).status).toBe(200);
    const gone = await askUntilRefused(b, fresh, performance.now());
    expect(gone.refusedAfterMs).toBeLessThan(AUTH_USER_CACHE_MS / 2);
    expect(gone.last.detail).toBe('Could not validate credentials');
  }, 60_000);

  it('a session ended behind both processes (SQL, the CLI: nothing announced) is refused by each within AUTH_USER_CACHE_MS', async () => {
    const who = { email: `behind-${run}@scale.example.com`, password: 'Behind-Pw-3mV7kc', name: 'Bea Behind' };
    expect((await call(a, 'POST', '/api/admin/create-user', { token: adminToken, json: { ...who, role: 'user' } })).status).toBe(200);
    const token = await login(a, who);
    for (const proc of [a, b]) expect((await call(proc, 'GET', '/api/auth/refresh-user', { token })).status).toBe(200);
    await query(`update users set token_version = token_version + 1 where email = $1`, [who.email]);
    const since = performance.now();
    const [onA, onB] = await Promise.all([askUntilRefused(a, token, since), askUntilRefused(b, token, since)]);
    for (const ended of [onA, onB]) {
      // Every request sent a TTL or more after the change was refused (the first refusal ends the asking).
      expect(ended.acceptedAtMs.filter((ms) => ms >= AUTH_USER_CACHE_MS)).toEqual([]);
      expect(ended.last.code).toBe('SESSION_ENDED');
    }
  }, 60_000);

  it('a check-out race split across both processes has exactly one winner', async () => {
    const token = ownerToken;
    const workspace = await call(a, 'POST', '/api/workspaces', { token, json: { solicitation_id: opportunityIds[1] } });
    expect(workspace.status, JSON.stringify(workspace.body)).toBeLessThan(300);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('draft v1')], { type: 'text/plain' }), 'draft.txt');
    const doc = await call(b, 'POST', `/api/workspaces/${workspace.body.id as string}/documents`, { token, form });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const docId = doc.body.id as string;

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(i % 2 === 0 ? a : b, 'POST', `/api/documents/${docId}/check-out`, { token })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const loser of responses.filter((r) => r.status === 409))
      expect(loser.body.detail).toBe('You have already checked out this document');

    const list = await call(a, 'GET', `/api/workspaces/${workspace.body.id as string}/documents`, { token });
    const listed = JSON.stringify(list.body);
    expect(listed).toContain(`"checked_out_by_name":"${owner.name}"`);
  });

  it('a scheduled job runs once per period across both processes', async () => {
    // Both processes tick every JOBS_INTERVAL_MS from their start; today's cleanup ran at the first tick.
    await expect.poll(async () => (await jobRuns(ORPHAN_FILES_JOB)).map((r) => r.status), { timeout: 20_000 }).toEqual(['done']);
    const [today] = await jobRuns(ORPHAN_FILES_JOB);
    for (let round = 1; round <= 3; round++) {
      // Let both processes tick several more times: a process that ignored the claim would run it again.
      await new Promise((r) => setTimeout(r, JOBS_INTERVAL_MS * 3));
      expect(await jobRuns(ORPHAN_FILES_JOB)).toEqual([{ period: today!.period, status: 'done', attempts: 1 }]);
      expect(jobDoneLines(ORPHAN_FILES_JOB), `round ${round}`).toHaveLength(round);
      if (round === 3) break;
      // The period's record gone (as when a new day starts): the next tick of either process claims it, once.
      await query('delete from job_runs where job = $1', [ORPHAN_FILES_JOB]);
      await expect.poll(async () => (await jobRuns(ORPHAN_FILES_JOB)).map((r) => r.status), { timeout: 10_000 }).toEqual(['done']);
    }
    // Both were ticking all along, so every skip above was the claim at work: if one process ran
    // every period so far, it stops and the next period is run by the other. (Last test: A or B stays down.)
    const winners = new Set(jobDoneLines(ORPHAN_FILES_JOB).map((l) => l.by));
    if (winners.size === 1) {
      const [only] = [a, b].filter((p) => winners.has(p.name));
      await only!.stop();
      await query('delete from job_runs where job = $1', [ORPHAN_FILES_JOB]);
      await expect.poll(async () => (await jobRuns(ORPHAN_FILES_JOB)).map((r) => r.status), { timeout: 10_000 }).toEqual(['done']);
    }
    const lines = jobDoneLines(ORPHAN_FILES_JOB);
    expect(new Set(lines.map((l) => l.by))).toEqual(new Set(['A', 'B']));
    console.log(`${ORPHAN_FILES_JOB} periods run by: ${lines.map((l) => l.by).join(', ')}`);
  }, 60_000);
});
