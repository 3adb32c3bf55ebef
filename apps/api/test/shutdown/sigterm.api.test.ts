import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../scale-out/api-process';
import { prepareServerDatabase, type ServerDatabase } from '../server-database';

/**
 * Issue 21 items 12 and 18: SIGTERM under load. The real server (`src/server.ts` as `npm start`
 * runs it, on PostgreSQL when the run has one, else the embedded PGlite) holds requests whose
 * bodies are still arriving when SIGTERM comes, and idle keep-alive connections. The requests in
 * flight must all be answered (they read and write the database after the signal), every answer
 * then says `Connection: close`, the idle connections are closed by the server, new connections are
 * refused, and the process exits 0 on its own: no forced exit, no "Cannot use a pool after calling
 * end on the pool", no error logged. A request that never ends is cut at SHUTDOWN_TIMEOUT_MS.
 */

const ADMIN = { email: 'root@example.com', password: 'Admin-Pw-7Q2xv9' };
let dir: string | undefined;
let db: ServerDatabase | undefined;
let server: ApiProcess | undefined;

afterEach(async () => {
  await server?.stop(5000);
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = db = dir = undefined;
});

async function start(env: Record<string, string> = {}): Promise<ApiProcess> {
  dir = mkdtempSync(path.join(tmpdir(), 'biddesk-sigterm-'));
  db = await prepareServerDatabase(dir);
  server = await startApiProcess('sigterm', {
    ...db.env,
    DATA_DIR: dir,
    JWT_SECRET: 'sigterm-test-secret-sigterm-test-secret-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    ...env,
  });
  return server;
}

async function until(what: string, condition: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${server?.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const logged = (proc: ApiProcess, msg: string, url?: string) =>
  proc.logLines().filter((l) => l.msg === msg && (!url || (l.req as { url?: string } | undefined)?.url === url)).length;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A sign-in whose headers and first half of the body are sent now; `finish()` sends the rest. */
function heldSignIn(base: string, agent: http.Agent) {
  const body = Buffer.from(JSON.stringify(ADMIN));
  const half = Math.floor(body.length / 2);
  const { hostname, port } = new URL(base);
  const req = http.request({
    hostname,
    port,
    path: '/api/auth/login',
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)) };
}

function get(base: string, agent: http.Agent, url: string): Promise<Answer & { socket: import('node:net').Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${url}`, { agent }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text, socket: req.socket! }));
    });
    req.on('error', reject);
  });
}

it('finishes the requests in flight, closes idle keep-alive connections and exits 0', { timeout: 240_000 }, async () => {
  // Sign-ins cost a scrypt hash each: on a loaded 2-core machine several take seconds.
  const proc = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
  const exited = once(proc.child, 'exit') as Promise<[number | null, string | null]>;

  // Idle keep-alive connections, each used once.
  const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const idle = await Promise.all(Array.from({ length: 4 }, () => get(proc.base, idleAgent, '/api/health')));
  expect(idle.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  const idleClosed = idle.map((a) => once(a.socket, 'close'));

  // Sign-ins in flight: the server has read their headers (logged) but not their bodies.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const held = Array.from({ length: 4 }, () => heldSignIn(proc.base, agent));
  await until('4 sign-ins in flight', () => logged(proc, 'incoming request', '/api/auth/login') >= 4);

  proc.child.kill('SIGTERM');
  await until('the shutdown to start', () => logged(proc, 'shutting down') === 1);
  // A new connection is refused (the listener closed when the shutdown began): nothing of it is read.
  const fresh = await get(proc.base, new http.Agent({ keepAlive: false }), '/api/health').then(
    (a) => `answered ${a.status}`,
    (err: NodeJS.ErrnoException) => err.code,
  );
  expect(fresh).toBe('ECONNREFUSED');
  for (const h of held) h.finish();
  const answers = await Promise.all(held.map((h) => h.answer)).catch(async (err: Error) => {
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    throw new Error(`${err.message}\n${proc.output()}`);
  });
  for (const a of answers) {
    expect(a.status, a.body).toBe(200);
    expect(JSON.parse(a.body).token).toEqual(expect.any(String));
    expect(a.connection).toBe('close');
  }

  const [code, signal] = await exited;
  await Promise.all(idleClosed);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  const output = proc.output();
  expect(output).not.toContain('Cannot use a pool');
  expect(output).not.toContain('did not finish in time');
  expect(proc.logLines().filter((l) => Number(l.level) >= 50)).toEqual([]);
  expect(logged(proc, 'shut down')).toBe(1);
  idleAgent.destroy();
  agent.destroy();
});

it('cuts a request that does not end within SHUTDOWN_TIMEOUT_MS and still exits', { timeout: 240_000 }, async () => {
  const proc = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
  const exited = once(proc.child, 'exit') as Promise<[number | null, string | null]>;
  const agent = new http.Agent({ keepAlive: true });
  const stuck = heldSignIn(proc.base, agent);
  const outcome = stuck.answer.then(
    () => 'answered',
    (err: NodeJS.ErrnoException) => err.code ?? err.message,
  );
  await until('the sign-in in flight', () => logged(proc, 'incoming request', '/api/auth/login') >= 1);
  proc.child.kill('SIGTERM');
  // Its body never completes: the server cuts it at the limit and exits 1 (something was cut),
  // before its own last-resort timer.
  const [code] = await exited;
  expect(code).toBe(1);
  expect(await outcome).not.toBe('answered');
  expect(proc.output()).toContain('requests still running at the shutdown time limit were cut');
  expect(proc.output()).not.toContain('did not finish in time');
  expect(proc.output()).not.toContain('Cannot use a pool');
  agent.destroy();
});
