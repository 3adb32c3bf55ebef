import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { longPdf } from '../apps/api/test/big-pdf';
import { extractPdfText, extractRequirements } from '../packages/analysis/src/index';
import { createParsePool } from '../apps/api/src/lib/parse-pool/parse-pool';
import { solicitationPdf } from '../apps/api/test/solicitation-pdf';
import { postFile, probeWhile, sleep, timedGet, waitUntilServing } from './http-probe';
import { percentile } from './measure';

/**
 * npx tsx bench/parse-health.ts [--pages 5000] [--lines 40] [--port 3103] [--skip-in-process] [--pool-only]
 *   (a) Starts the API exactly as `npm start` does (`node --import tsx apps/api/src/server.ts`, embedded
 *       PGlite, demo rows) in a temporary DATA_DIR, signs in, uploads an N-page PDF to an opportunity
 *       and meanwhile asks GET /api/health every 100 ms (one request at a time): /api/health latency
 *       before and during the read, and the upload's time. PDF_MAX_PAGES and PARSE_TIMEOUT_MS are
 *       raised so the whole file is read.
 *   (b) For comparison, what the request thread went through before issue 16: the same file read
 *       in this process (extractPdfText + extractRequirements), with the event loop's longest stall.
 *   --pool-only skips (a) and instead reads the file through the API's parse pool in this process,
 *   reporting this thread's event loop delay meanwhile (what /api/health would wait on), no server.
 * npx tsx bench/parse-health.ts --fairness [--pages 5000] [--lines 40] [--spare 0|1]
 *   Issue 21 item 16: the parse pool as a 2-core host runs it (1 worker, PARSE_TIMEOUT_MS 60 s).
 *   Alice queues two N-page PDFs of a few hundred KB that read for minutes (what a compressed bomb
 *   does), then Bob a 3-page solicitation: how long Bob waits, and what Alice gets.
 * The PDF's pages share one content stream (tests/big-pdf.ts), so it is small but every page parsed.
 */

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 5000);
const LINES = arg('lines', 40);
const PORT = arg('port', 3103);
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n=${s.length} p50=${percentile(s, 50)} ms p95=${percentile(s, 95)} ms p99=${percentile(s, 99)} ms max=${s.at(-1)} ms`;
};

const timedHealth = () => timedGet(`${BASE}/api/health`);

async function serverRun(pdf: Uint8Array) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-parse-'));
  const password = 'bench-password-123';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      PDF_MAX_PAGES: String(PAGES * 2),
      PARSE_TIMEOUT_MS: String(30 * 60_000),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
  });
  try {
    // The demo seed takes minutes on a loaded machine.
    await waitUntilServing(`${BASE}/api/health`, 2400);
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`sign-in failed: ${login.status}`);
    const list = (await (await fetch(`${BASE}/api/opportunities?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: string }[];
    };
    const opportunityId = list.data[0]!.id;

    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      idle.push(await timedHealth());
      await sleep(100);
    }

    const uploadStarted = performance.now();
    let uploadMs = 0;
    // node:http rather than fetch: fetch gives up waiting for response headers after 300 s.
    const upload = postFile<{ metadata?: { page_count: number; requirements_count: number }; detail?: string }>(
      `${BASE}/api/opportunities/${opportunityId}/upload-pdf`,
      token,
      {
        name: `long-${PAGES}.pdf`,
        contentType: 'application/pdf',
        bytes: pdf,
      },
    ).finally(() => (uploadMs = Math.round(performance.now() - uploadStarted)));
    // Handled here too: a failed upload must not crash the script before `finally` stops the server.
    upload.catch(() => undefined);
    const probed = await probeWhile(() => !uploadMs, `${BASE}/api/health`);
    if (probed.failed.length) throw new Error(`health failed during the read: ${probed.failed[0]}`);
    const during = probed.during;
    const result = await upload;
    console.log(
      `server (npm start's command, PGlite): upload ${result.status} in ${uploadMs} ms, ${JSON.stringify(result.body.metadata ? { pages: result.body.metadata.page_count, requirements: result.body.metadata.requirements_count } : result.body)}`,
    );
    console.log(`  /api/health idle:        ${stats(idle)}`);
    console.log(`  /api/health during read: ${stats(during)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function inProcessRun(pdf: Uint8Array) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const { pages } = await extractPdfText(pdf);
  const requirements = extractRequirements(pages);
  const ms = Math.round(performance.now() - started);
  delay.disable();
  console.log(
    `before issue 16 (read on the request thread): ${ms} ms for ${pages.length} pages, ${requirements.length} requirements; event loop stalled up to ${Math.round(delay.max / 1e6)} ms (p99 ${Math.round(delay.percentile(99) / 1e6)} ms)`,
  );
}

const generated = performance.now();
const pdf = await longPdf(PAGES, LINES);
console.log(
  `PDF: ${PAGES} pages x ${LINES} lines, ${(pdf.byteLength / 1024).toFixed(0)} KB, made in ${Math.round(performance.now() - generated)} ms`,
);
async function poolRun(pdf: Uint8Array) {
  const pool = createParsePool({ workers: 1, maxMemoryMb: 2048 });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const read = await pool.readSolicitation({ bytes: pdf, maxPages: PAGES * 2 }, 60 * 60_000);
  const ms = Math.round(performance.now() - started);
  delay.disable();
  await pool.close();
  console.log(
    `parse pool (worker thread): ${ms} ms, ${read.ok ? `${read.pageCount} pages, ${read.requirements.length} requirements` : read.reason}; this thread's event loop delay p50 ${Math.round(delay.percentile(50) / 1e6)} ms, p99 ${Math.round(delay.percentile(99) / 1e6)} ms, max ${Math.round(delay.max / 1e6)} ms`,
  );
}

async function fairnessRun(bomb: Uint8Array) {
  // --spare 0 is the pool as it was before spare threads (issue 21 item 16); npm start keeps 1.
  const spareWorkers = process.argv.includes('--spare') ? Number(process.argv[process.argv.indexOf('--spare') + 1]) : 1;
  const pool = createParsePool({ workers: 1, spareWorkers, maxMemoryMb: 2048 });
  // Spares start with the pool, as they do at server start: give them the time a server has.
  await new Promise((r) => setTimeout(r, 30_000));
  const rfp = await solicitationPdf();
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const outcome = (p: Promise<{ ok: boolean }>) =>
    p.then(
      (r) => `${r.ok ? 'read' : 'refused'} at ${since()} ms`,
      (e: { statusCode?: number; detail?: string }) => `${e.statusCode} at ${since()} ms: ${e.detail}`,
    );
  const alice = [
    outcome(pool.readSolicitation({ bytes: bomb, maxPages: PAGES * 2 }, 60_000, 'alice')),
    outcome(pool.readSolicitation({ bytes: bomb, maxPages: PAGES * 2 }, 60_000, 'alice')),
  ];
  const bob = outcome(pool.readSolicitation({ bytes: rfp, maxPages: 2000 }, 60_000, 'bob'));
  const [a1, a2, b] = await Promise.all([...alice, bob]);
  await pool.close();
  console.log(`fairness (1 worker, ${spareWorkers} spare, 60 s limit): Bob's ${(rfp.byteLength / 1024).toFixed(0)} KB solicitation ${b}`);
  console.log(`  Alice's first ${(bomb.byteLength / 1024).toFixed(0)} KB PDF: ${a1}`);
  console.log(`  Alice's second: ${a2}`);
}

if (process.argv.includes('--fairness')) await fairnessRun(pdf);
else {
  if (process.argv.includes('--pool-only')) await poolRun(pdf);
  else await serverRun(pdf);
  if (!process.argv.includes('--skip-in-process')) await inProcessRun(pdf);
}
