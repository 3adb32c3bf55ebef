import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';

/**
 * npx tsx bench/first-load.ts [--runs 5] [--port 3199] [--breakdown] [--profile]
 *   Starts the product as `npm start` does (fresh embedded database with the demo rows) on port
 *   3199 (with WEB_DIST_DIR set, the API alone serving that build, so a shared apps/web/dist is
 *   never rebuilt), then in Debian's Chromium, each run in a fresh browser context (empty cache):
 *   - JS+CSS bytes transferred for the sign-in page (until the network is idle),
 *   - JS+CSS bytes transferred up to the dashboard's cards after signing in (cumulative),
 *   - milliseconds from the Sign In click to the first opportunity card shown, twice: on the bench's
 *     clock (Playwright's click, which first waits for the button to be stable, to its locator
 *     seeing the card: its own polling and messages included) and in the page (the click event's
 *     timestamp to the frame that paints the first card),
 *   and the size of GET /api/opportunities?page=1&limit=20 as sent, and gzip/brotli-compressed.
 *   --breakdown prints, per run, read in the page: every request made between the click and the
 *   first card (start, first byte, end), the main thread's long tasks, when the first card was
 *   attached and painted, in ms after the click event (where the time goes).
 *   --profile samples the page's JavaScript (Chromium's CPU profiler, 100 µs) from the click to the
 *   first card of the last run and prints the functions with the most self time (build with
 *   `vite build --minify false` to read their names).
 * Issue 15 budgets: sign-in page ≤ 200 KB, dashboard ≤ 300 KB, listing page ≤ 15 KB compressed,
 * Sign In click to cards ≤ 500 ms.
 */
const arg = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const PORT = Number(arg('port') ?? 3199);
const breakdown = process.argv.includes('--breakdown');
const profile = process.argv.includes('--profile');
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@biddesk.test', password: 'bench-password-1' };
const runs = Number(arg('runs') ?? 5) || 5;

async function startServer(dataDir: string) {
  // scripts/start.mjs rebuilds apps/web/dist when it is older than the sources; with a build of
  // one's own in WEB_DIST_DIR, start the API as start.mjs does after that step.
  const entry = process.env.WEB_DIST_DIR ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['scripts/start.mjs'];
  const server = spawn(process.execPath, entry, {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    },
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

/**
 * Where the time goes, read in the page (the bench's own clock would add Playwright's delays):
 * from the Sign In click event, each request's start, first byte and end (Resource Timing), the
 * main thread's long tasks (over 50 ms), and when the first card was attached.
 */
async function recordInPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __bench: { click?: number; card?: number; painted?: number; longTasks: [number, number][] } };
    w.__bench = { longTasks: [] };
    addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest?.('button[type=submit]')) w.__bench.click ??= e.timeStamp;
      },
      true,
    );
    new MutationObserver((_m, observer) => {
      if (document.querySelector('[data-testid="opportunity-card"]')) {
        w.__bench.card = performance.now();
        observer.disconnect();
        // The frame that shows it: a task queued from the next animation frame runs after its paint.
        requestAnimationFrame(() => setTimeout(() => (w.__bench.painted = performance.now())));
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => list.getEntries().forEach((t) => w.__bench.longTasks.push([t.startTime, t.duration]))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  /** Milliseconds from the click event to the first card painted, and (print) where they went. */
  return async (print: boolean) => {
    await page.waitForFunction(() => (window as unknown as { __bench: { painted?: number } }).__bench.painted !== undefined);
    const r = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { click: number; card: number; painted: number; longTasks: [number, number][] } }).__bench;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime >= b.click && e.startTime <= b.card)
        .map((e) => ({
          url: e.name.replace(location.origin, ''),
          start: e.startTime - b.click,
          firstByte: e.responseStart - b.click,
          end: e.responseEnd - b.click,
        }));
      return {
        clickEpoch: performance.timeOrigin + b.click,
        paintedEpoch: performance.timeOrigin + b.painted,
        card: b.card - b.click,
        painted: b.painted - b.click,
        resources,
        longTasks: b.longTasks.filter(([t]) => t >= b.click && t <= b.card).map(([t, d]) => [t - b.click, d]),
      };
    });
    if (!print) return r;
    const ms = (n: number) => String(Math.round(n)).padStart(5);
    for (const e of r.resources)
      console.log(`  ${ms(e.start)} →${ms(e.firstByte)} →${ms(e.end)} ms  ${e.url.replace(/([?&]_=)\d+/, '$1…')}`);
    for (const [t, d] of r.longTasks) console.log(`  ${ms(t)} + ${Math.round(d)} ms  main thread busy (long task)`);
    console.log(`  ${ms(r.card)} ms  first card attached (click event to DOM)`);
    console.log(`  ${ms(r.painted)} ms  first card painted`);
    return r;
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function over a CPU profile's samples, the top `n` printed. */
function printProfile(p: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, n = 30) {
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/^.*\//, '') || '(native)';
    const name = `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`;
    const us = p.timeDeltas[i + 1] ?? 0;
    self.set(name, (self.get(name) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  });
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('self time by file (ms):');
  for (const [file, us] of top(byFile, 12)) console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${file}`);
  console.log('self time by function (ms):');
  for (const [name, us] of top(self, n)) console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-first-load-'));
  const server = await startServer(dataDir);
  const login: number[] = [];
  const dashboard: number[] = [];
  const clickToCards: number[] = [];
  const clickToPaint: number[] = [];
  const beforeClick: number[] = [];
  const afterPaint: number[] = [];
  let token = '';
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assetBytes = await countAssets(page);
      const inPage = await recordInPage(page);
      await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
      login.push(assetBytes());
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.waitForLoadState('networkidle');
      const profiler = profile && i === runs - 1 ? await page.context().newCDPSession(page) : undefined;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.send('Profiler.start');
      }
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByTestId('opportunity-card').first().waitFor({ state: 'visible' });
      const t1 = Date.now();
      clickToCards.push(t1 - t0);
      if (profiler) {
        const { profile: cpu } = await profiler.send('Profiler.stop');
        const file = path.join(tmpdir(), 'first-load.cpuprofile');
        writeFileSync(file, JSON.stringify(cpu));
        console.log(`CPU profile of the last run: ${file} (opens in Chromium's DevTools)`);
        printProfile(cpu as never);
      }
      if (breakdown) console.log(`run ${i + 1} (request start → first byte → end, ms after the click):`);
      const r = await inPage(breakdown);
      clickToPaint.push(Math.round(r.painted));
      // Playwright's share: from calling click() to the click event, and from the paint to its locator seeing the card.
      beforeClick.push(Math.round(r.clickEpoch - t0));
      afterPaint.push(Math.round(t1 - r.paintedEpoch));
      await page.waitForLoadState('networkidle');
      dashboard.push(assetBytes());
      // The session the app stored: signing in again here would meet the per-account login limit.
      token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      await context.close();
    }
    const res = await fetch(`${BASE}/api/opportunities?page=1&limit=20`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const broad = await wireSize('/api/opportunities/search?keywords=services&status=all', 'POST', auth);
    const page20 = await wireSize('/api/opportunities?page=1&limit=20', 'GET', auth);
    const broadCount = (
      (await (
        await fetch(`${BASE}/api/opportunities/search?keywords=services&status=all`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { total: number }
    ).total;
    console.log(`sign-in page JS+CSS transferred: median ${kb(median(login))} (runs: ${login.map(kb).join(', ')})`);
    console.log(`dashboard JS+CSS cumulative:     median ${kb(median(dashboard))} (runs: ${dashboard.map(kb).join(', ')})`);
    console.log(
      `Sign In click to cards shown:    median ${median(clickToCards)} ms (runs: ${clickToCards.join(', ')} ms), Playwright's clock`,
    );
    console.log(
      `  in the page, click event to first card painted: median ${median(clickToPaint)} ms (runs: ${clickToPaint.join(', ')} ms)`,
    );
    console.log(
      `  Playwright's own share: click() to the click event median ${median(beforeClick)} ms (${beforeClick.join(', ')}), paint to its locator seeing the card median ${median(afterPaint)} ms (${afterPaint.join(', ')})`,
    );
    console.log(
      `listing page of 20: ${kb(body.length)} as sent (content-encoding: ${res.headers.get('content-encoding') ?? 'none'}), gzip ${kb(gzipSync(body).length)}, brotli ${kb(brotliCompressSync(body).length)}`,
    );
    console.log(`listing page of 20 as a browser gets it: ${kb(page20.bytes)} (${page20.encoding})`);
    console.log(`broad search "services", all notices: ${broadCount} results, ${kb(broad.bytes)} on the wire (${broad.encoding})`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
