// Production smoke test (issue 21 item 1): starts the product the way a user does (`npm start`, i.e.
// scripts/start.mjs, on a fresh data directory, with the built web app) and checks what the test
// suites cannot see because they build the app without the web build: /api/health, the OpenAPI
// document and its page, every route of the web router answering the SPA's index.html, the built
// assets, and a sign-in as the first admin (ADMIN_EMAIL / ADMIN_PASSWORD, generated when unset).
// Any failure prints the server's last log lines and exits 1.
//
//   node scripts/smoke-production.mjs            (SMOKE_PORT picks the port; default: a free one)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The first start loads the demo data (about 25 s on an idle 2-core host); generous for a busy one.
const START_TIMEOUT_MS = 180_000;
const started = Date.now();

/** The router's paths: the public screens (PUBLIC_PATHS) and every `path="…"` of a <Route>. */
function routerPaths(source) {
  const paths = new Set();
  const publicList = /PUBLIC_PATHS\s*=\s*\[([^\]]*)\]/.exec(source);
  if (!publicList) throw new Error('router.tsx: PUBLIC_PATHS not found');
  for (const m of publicList[1].matchAll(/'([^']+)'/g)) paths.add(m[1]);
  for (const m of source.matchAll(/<Route\b[^>]*\bpath="([^"]+)"/g)) if (m[1] !== '*') paths.add(m[1]);
  return [...paths];
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = Number(process.env.SMOKE_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-smoke-'));
const adminEmail = process.env.ADMIN_EMAIL ?? 'smoke-admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? `Smoke-${randomBytes(9).toString('base64url')}`;

// A user's start: the embedded database and local files, nothing from this shell's deployment.
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  PUBLIC_URL: base,
};
for (const key of [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SAM_API_KEY',
  'SMTP_URL',
  'AI_PROVIDER',
  'JWT_SECRET',
  'WEB_DIST_DIR',
])
  delete env[key];

const log = [];
const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [server.stdout, server.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => log.push(...chunk.split('\n').filter(Boolean)));
}
let exited = null;
server.on('exit', (code, signal) => (exited = { code, signal }));

async function stop() {
  if (!exited) {
    server.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (!exited) server.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function fail(message) {
  console.error(`\nSMOKE TEST FAILED: ${message}\n--- last server log lines ---\n${log.slice(-40).join('\n')}`);
  await stop();
  process.exit(1);
}

const checks = [];
let upAfter = '?';
/** `got` describes what came back; it goes into the failure only, so no token reaches the output. */
function check(ok, what, got = '') {
  if (!ok) throw new Error(got ? `${what} (got ${got})` : what);
  checks.push(what);
}

try {
  // Up: /api/health answers 200 once the server listens (the start may build the web app first).
  let health;
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (exited) throw new Error(`the server exited (code ${exited.code}, signal ${exited.signal}) before answering /api/health`);
    health = await fetch(`${base}/api/health`).catch(() => null);
    if (health) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  check(health?.status === 200, `GET /api/health answers 200`, `${health?.status ?? 'no answer'} within ${START_TIMEOUT_MS / 1000} s`);
  upAfter = ((Date.now() - started) / 1000).toFixed(1);

  const docs = await fetch(`${base}/api/docs/json`);
  const docsBody = await docs.text();
  check(docs.status === 200, `GET /api/docs/json answers 200`, `${docs.status}: ${docsBody.slice(0, 200)}`);
  const openapi = JSON.parse(docsBody);
  check(
    typeof openapi.openapi === 'string' && openapi.paths?.['/api/health'] && openapi.paths?.['/api/auth/login'],
    'the OpenAPI document lists /api/health and /api/auth/login',
  );
  const docsPage = await fetch(`${base}/api/docs`, { redirect: 'follow' });
  check(
    docsPage.status === 200 && (docsPage.headers.get('content-type') ?? '').includes('text/html'),
    `GET /api/docs (Swagger UI) answers HTML`,
    `${docsPage.status}`,
  );

  // Every route of the web router gets the built index.html (client-side routing takes it from there).
  const index = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const routes = routerPaths(readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8'));
  check(
    routes.length >= 10 && routes.includes('/') && routes.includes('/login'),
    `the router lists the app's routes (found ${routes.join(', ')})`,
  );
  for (const route of routes) {
    const url = route.replace(/:(\w+)/g, (_, name) => `smoke-${name}`);
    const res = await fetch(`${base}${url}`);
    const body = await res.text();
    check(
      res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html') && body === index,
      `GET ${url} answers the SPA's index.html`,
      `${res.status}, ${body.length} bytes`,
    );
  }
  const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  check(assets.length > 0, 'index.html references built assets');
  for (const asset of assets) {
    const res = await fetch(`${base}${asset}`);
    await res.arrayBuffer();
    check(res.status === 200, `GET ${asset} answers 200`, `${res.status}`);
  }

  // Sign in as the first admin, and the session works.
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const session = await login.json().catch(() => ({}));
  check(
    login.status === 200 && typeof session.token === 'string' && session.user?.role === 'admin',
    `POST /api/auth/login as the first admin answers 200 with an admin session`,
    `${login.status} ${JSON.stringify(session.user ?? session.detail ?? null)}`,
  );
  const me = await fetch(`${base}/api/auth/refresh-user`, { headers: { authorization: `Bearer ${session.token}` } });
  check(
    me.status === 200 && (await me.json()).email === adminEmail,
    `GET /api/auth/refresh-user with that session answers the admin`,
    `${me.status}`,
  );

  // No request above may have crashed a handler.
  const errors = log.filter((line) => /"level":(50|60)\b/.test(line));
  check(errors.length === 0, `the server logged no error (found ${errors.length}: ${errors.slice(0, 2).join(' | ')})`);
} catch (error) {
  await fail(error instanceof Error ? error.message : String(error));
}

for (const what of checks) console.log(`ok  ${what}`);
await stop();
console.log(
  `\nProduction smoke test passed: ${checks.length} checks in ${((Date.now() - started) / 1000).toFixed(1)} s, up after ${upAfter} s (port ${port}, fresh DATA_DIR).`,
);
