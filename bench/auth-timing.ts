import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile } from './measure';

/**
 * npx tsx bench/auth-timing.ts [--rounds 200] [--gap 100] [--port 3105]
 * Does an anonymous caller learn whether an address has an account from how long the server takes?
 * Starts the API as `npm start` does (embedded PGlite, the real outbox mailer) with one account
 * (ADMIN_EMAIL), then asks over HTTP, alternating known and unknown addresses (one request at a time):
 *   POST /api/auth/forgot-password?email=     (known: a token is stored and a mail written)
 *   POST /api/auth/register with a wrong code  (known and unknown email)
 * with --gap ms between requests (0: back to back, so the work forgot-password does after answering
 * a known address overlaps the next request),
 * and prints each side's latency percentiles and the difference of medians.
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 200);
const GAP_MS = arg('gap', 100);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PORT = arg('port', 3105);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-auth-timing-'));
// The server in its own process, exactly as `npm start` runs it (a client in the same process would
// share the event loop with the work done after answering, and measure that instead).
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_EMAIL: 'known@example.com',
    ADMIN_PASSWORD: 'known-password',
    WEB_DIST_DIR: '/nonexistent',
  },
});
for (let i = 0; ; i += 1) {
  if (i > 360) {
    server.kill('SIGTERM');
    throw new Error('the server did not start within 3 minutes');
  }
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  await sleep(500);
}

async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return performance.now() - started;
}
const forgot = (email: string) => timed(`${base}/api/auth/forgot-password?email=${encodeURIComponent(email)}`, { method: 'POST' });
const register = (email: string) =>
  timed(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'X', email, password: 'some-password', invite_code: 'WRONG-CODE' }),
  });

async function compare(name: string, call: (email: string) => Promise<number>) {
  for (let i = 0; i < 20; i += 1) await call(i % 2 ? 'known@example.com' : `warmup${i}@example.com`);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    known.push(await call('known@example.com'));
    await sleep(GAP_MS);
    unknown.push(await call(`nobody${i}@example.com`));
    await sleep(GAP_MS);
  }
  const fmt = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${percentile(s, 50).toFixed(2)} ms, p95 ${percentile(s, 95).toFixed(2)} ms`;
  };
  const p50 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  console.log(
    `${name}\n  known:   ${fmt(known)}\n  unknown: ${fmt(unknown)}\n  median difference: ${(p50(known) - p50(unknown)).toFixed(2)} ms`,
  );
}

try {
  console.log(`${ROUNDS} rounds each, alternating known/unknown, ${GAP_MS} ms apart, Node ${process.version}`);
  await compare('POST /api/auth/forgot-password', forgot);
  await compare('POST /api/auth/register (wrong code)', register);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
