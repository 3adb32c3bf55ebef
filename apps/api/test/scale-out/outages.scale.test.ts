import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OUTAGE_DETAIL } from '../../src/lib/outage';
import { freePort, startApiProcess, type ApiProcess } from './api-process';

/**
 * Issue 21 item 17, the way the probe found it: the real server (`npm start`'s command) on
 * PostgreSQL and Redis. Redis stops (a TCP proxy in front of the real one is closed): sign-in
 * answers 503 with the reason and /api/health 503 naming Redis; Redis returns and sign-in works
 * again. The database is dropped and re-created empty: requests answer 503, never 500, and the
 * server re-creates its tables without a restart.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = new URL(process.env.TEST_REDIS_URL!);
const ADMIN = { email: 'root@outage.example.com', password: 'Admin-Pw-9xQ2v7' };
const dbName = `outage_${randomBytes(6).toString('hex')}`;
let admin: pg.Client;
let server: ApiProcess;
let dataDir: string;
let proxyPort: number;
let proxy: net.Server | null = null;
const sockets = new Set<net.Socket>();

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Redis through a proxy this test can stop and start again. */
async function redisUp(): Promise<void> {
  proxy = net.createServer((client) => {
    const upstream = net.connect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => proxy!.listen(proxyPort, '127.0.0.1', r));
}
async function redisDown(): Promise<void> {
  await new Promise<void>((r) => {
    proxy!.close(() => r());
    for (const s of sockets) s.destroy();
  });
  proxy = null;
}

async function call(method: string, url: string, json?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}
const signIn = () => call('POST', '/api/auth/login', ADMIN);

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  proxyPort = await freePort();
  await redisUp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-outage-'));
  server = await startApiProcess('outage', {
    DATABASE_URL: withDatabase(DATABASE_URL, dbName),
    REDIS_URL: `redis://127.0.0.1:${proxyPort}`,
    DATA_DIR: dataDir,
    JWT_SECRET: `outage-${randomBytes(24).toString('hex')}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
  });
});
afterAll(async () => {
  await server?.stop();
  if (proxy) await redisDown();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('Redis down: sign-in and health answer 503 with the reason; back up, sign-in works', { timeout: 180_000 }, async () => {
  expect((await signIn()).status).toBe(200);
  await redisDown();
  const refused = await signIn();
  expect(refused).toEqual({ status: 503, body: { detail: OUTAGE_DETAIL.redis, code: 'UNAVAILABLE' } });
  const forgot = await call('POST', `/api/auth/forgot-password?email=${encodeURIComponent(ADMIN.email)}`);
  expect(forgot.status).toBe(503);
  const health = await call('GET', '/api/health');
  expect(health).toMatchObject({ status: 503, body: { status: 'unavailable', redis: 'down', schema: 'ok', database: 'postgres' } });

  await redisUp();
  await until('Redis to be seen again', async () => ((await call('GET', '/api/health')).status === 200 ? true : undefined));
  expect((await signIn()).status).toBe(200);
});

it('a database dropped and re-created answers 503, never 500, and serves again without a restart', { timeout: 240_000 }, async () => {
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const statuses = new Set<number>();
  const health = await until('the schema to be re-created', async () => {
    const login = await signIn();
    statuses.add(login.status);
    const h = await call('GET', '/api/health');
    statuses.add(h.status);
    return h.status === 200 ? h : undefined;
  });
  expect(health.body).toMatchObject({ status: 'ok', schema: 'ok', redis: 'ok' });
  expect([...statuses].filter((s) => s >= 500 && s !== 503)).toEqual([]);
  expect(statuses.has(503)).toBe(true);
  // The re-created database is empty: the account is gone, which is a 401, not an error.
  expect((await signIn()).status).toBe(401);
  expect(server.output()).not.toMatch(/"level":50/);
});
