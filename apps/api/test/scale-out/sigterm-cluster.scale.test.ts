import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './api-process';

/**
 * Issue 21 item 18 with two API processes (API_PROCESSES=2, node:cluster) on PostgreSQL: SIGTERM
 * to the supervising process while sign-ins are in flight on both. Every one is answered (with
 * `Connection: close`), no pool error is logged, and the whole group exits 0 on its own.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL!;
const ADMIN = { email: 'root@sigterm.example.com', password: 'Admin-Pw-3vT8k2' };
const dbName = `sigterm_${randomBytes(6).toString('hex')}`;
let admin: pg.Client;
let server: ApiProcess;
let dataDir: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${dbName}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-sigterm-cluster-'));
  server = await startApiProcess('cluster', {
    DATABASE_URL: u.toString(),
    API_PROCESSES: '2',
    DATA_DIR: dataDir,
    JWT_SECRET: `sigterm-${randomBytes(24).toString('hex')}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: '60000',
  });
});
afterAll(async () => {
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers every sign-in in flight on both processes and exits 0', { timeout: 240_000 }, async () => {
  // Both processes listen once the supervisor says so.
  for (let i = 0; !server.output().includes('2 API processes are serving'); i++) {
    if (i > 1200) throw new Error(server.output());
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = once(server.child, 'exit') as Promise<[number | null, string | null]>;
  const body = Buffer.from(JSON.stringify(ADMIN));
  const { hostname, port } = new URL(server.base);
  // A connection each (no keep-alive agent), so the kernel spreads them over both processes.
  const held = Array.from({ length: 4 }, () => {
    const req = http.request({
      hostname,
      port,
      path: '/api/auth/login',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length, connection: 'keep-alive' },
    });
    const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    req.write(body.subarray(0, 10));
    return { answer, finish: () => req.end(body.subarray(10)) };
  });
  const incoming = () =>
    server.logLines().filter((l) => l.msg === 'incoming request' && (l.req as { url?: string })?.url === '/api/auth/login');
  for (let i = 0; incoming().length < 4; i++) {
    if (i > 600) throw new Error(server.output());
    await new Promise((r) => setTimeout(r, 50));
  }
  // node:cluster hands connections to the processes in turn: both hold sign-ins.
  const pids = new Set(incoming().map((l) => l.pid));
  expect(pids.size).toBe(2);

  server.child.kill('SIGTERM');
  for (let i = 0; server.logLines().filter((l) => l.msg === 'shutting down').length < pids.size; i++) {
    if (i > 600) throw new Error(server.output());
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const h of held) h.finish();
  const answers = await Promise.all(held.map((h) => h.answer));
  expect(answers.map((a) => [a.status, a.connection])).toEqual(Array.from({ length: 4 }, () => [200, 'close']));
  const [code] = await exited;
  expect(code).toBe(0);
  expect(server.output()).not.toContain('Cannot use a pool');
  expect(server.logLines().filter((l) => Number(l.level) >= 50)).toEqual([]);
});
