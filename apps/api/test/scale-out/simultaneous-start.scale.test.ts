import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './api-process';

/**
 * Two API processes started at the same moment on an EMPTY database: each runs the migrations and
 * makes sure a first admin exists at start. Both must come up (neither dies on "relation already
 * exists" or a duplicate admin e-mail) and there must be exactly one admin and one applied copy of
 * every migration afterwards.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL!;
const dbName = `scale_start_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: DATABASE_URL });
const procs: ApiProcess[] = [];
const dirs: string[] = [];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('two processes started together on an empty database both come up, with one admin and the migrations applied once', async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const env = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `biddesk-start-${name}-`));
    dirs.push(dir);
    return {
      DATABASE_URL: withDatabase(DATABASE_URL, dbName),
      DATA_DIR: dir,
      JWT_SECRET: `start-${randomBytes(24).toString('hex')}`,
      ADMIN_EMAIL: 'first-admin@start.example.com',
      ADMIN_PASSWORD: 'First-Admin-Pw-9x',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    };
  };
  const started = await Promise.allSettled([startApiProcess('A', env('a')), startApiProcess('B', env('b'))]);
  for (const s of started) if (s.status === 'fulfilled') procs.push(s.value);
  expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 2000) : 'up'))).toEqual(['up', 'up']);

  const db = new pg.Client({ connectionString: withDatabase(DATABASE_URL, dbName) });
  await db.connect();
  try {
    const admins = await db.query(`select email from users where role = 'admin'`);
    expect(admins.rows).toEqual([{ email: 'first-admin@start.example.com' }]);
    const applied = await db.query(`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1`);
    expect(applied.rows).toEqual([]);
  } finally {
    await db.end();
  }
  // Both answer a sign-in as that admin.
  for (const p of procs) {
    const res = await fetch(`${p.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first-admin@start.example.com', password: 'First-Admin-Pw-9x' }),
    });
    expect(res.status, p.name).toBe(200);
  }
});
