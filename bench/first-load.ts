import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type CDPSession, type Page } from '@playwright/test';

/**
 * npx tsx bench/first-load.ts [--runs 5]
 *   Starts the product as `npm start` does (fresh embedded database with the demo rows) on port
 *   3199, then in Debian's Chromium, each run in a fresh browser context (empty cache):
 *   - JS+CSS bytes transferred for the sign-in page (until the network is idle),
 *   - JS+CSS bytes transferred up to the dashboard's cards after signing in (cumulative),
 *   - milliseconds from the Sign In click to the first opportunity card shown,
 *   and the size of GET /api/opportunities?page=1&limit=20 as sent, and gzip/brotli-compressed.
 * Issue 15 budgets: sign-in page ≤ 200 KB, dashboard ≤ 300 KB, listing page ≤ 15 KB compressed,
 * Sign In click to cards ≤ 500 ms.
 */
const PORT = 3199;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@biddesk.test', password: 'bench-password-1' };
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5) || 5;

async function startServer(dataDir: string) {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('server did not start');
}

/** Counts encoded bytes (headers included, as on the wire) of scripts and stylesheets. */
async function countAssets(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type === 'Script' || type === 'Stylesheet') bytes += e.encodedDataLength;
  });
  return () => bytes;
}

/** Bytes on the wire for a call (node:http does not decompress), and its content-encoding. */
function wireSize(pathAndQuery: string, method: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${BASE}${pathAndQuery}`, { method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-first-load-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const login: number[] = [];
  const dashboard: number[] = [];
  const clickToCards: number[] = [];
  let token = '';
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assetBytes = await countAssets(page);
      await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
      login.push(assetBytes());
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.waitForLoadState('networkidle');
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByTestId('opportunity-card').first().waitFor({ state: 'visible' });
      clickToCards.push(Date.now() - t0);
      await page.waitForLoadState('networkidle');
      dashboard.push(assetBytes());
      // The session the app stored: signing in again here would meet the per-account login limit.
      token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      await context.close();
    }
    const res = await fetch(`${BASE}/api/opportunities?page=1&limit=20`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const broad = await wireSize('/api/opportunities/search?keywords=services&status=all', 'POST', auth);
    const page20 = await wireSize('/api/opportunities?page=1&limit=20', 'GET', auth);
    const broadCount = ((await (await fetch(`${BASE}/api/opportunities/search?keywords=services&status=all`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as { total: number }).total;
    console.log(`sign-in page JS+CSS transferred: median ${kb(median(login))} (runs: ${login.map(kb).join(', ')})`);
    console.log(`dashboard JS+CSS cumulative:     median ${kb(median(dashboard))} (runs: ${dashboard.map(kb).join(', ')})`);
    console.log(`Sign In click to cards shown:    median ${median(clickToCards)} ms (runs: ${clickToCards.join(', ')} ms)`);
    console.log(`listing page of 20: ${kb(body.length)} as sent (content-encoding: ${res.headers.get('content-encoding') ?? 'none'}), gzip ${kb(gzipSync(body).length)}, brotli ${kb(brotliCompressSync(body).length)}`);
    console.log(`listing page of 20 as a browser gets it: ${kb(page20.bytes)} (${page20.encoding})`);
    console.log(`broad search "services", all notices: ${broadCount} results, ${kb(broad.bytes)} on the wire (${broad.encoding})`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
