import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { savedOpportunities, users } from '../apps/api/src/db/schema/index';
import { hashPassword } from '../apps/api/src/lib/password';
import { signSessionToken } from '../apps/api/src/lib/tokens';
import { seedDemoData } from '../apps/api/src/modules/opportunities/demo-seed';
import { addMember, createNotification, createWorkspace } from '../apps/api/test/factories';
import { createMessage } from '../apps/api/test/message-factories';
import { percentile } from './measure';

/**
 * npx tsx bench/load.ts [--processes 1] [--only listing|polling|baseline] [--duration 20] [--connections 100]
 *                       [--users 200] [--poll-seconds 60] [--port 3211] [--listing-cache-ms 5000] [--keep] [--no-baseline]
 *                       [--compare-root DIR --rounds 3]
 *   Creates a scratch PostgreSQL database (bench_load_<pid> on BENCH_PG_URL, default
 *   postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), loads the demo rows (the bundled
 *   3,882-row SAM.gov extract, as the embedded first start does), 200 users with notifications and
 *   saved notices, and one workspace with every user a member and 100 chat messages. Then starts the
 *   API as `npm start` does (`node --import tsx apps/api/src/server.ts`, API_PROCESSES=--processes)
 *   on that database and measures, with the client on this machine:
 *   (a) GET /api/opportunities (the default page, signed in, `Accept-Encoding: br, gzip` as a browser
 *       sends) from autocannon, --connections connections, each signed in as one of the users,
 *       5 s of warm-up then --duration seconds: requests/s and latency percentiles;
 *   (base) right after (a) (unless --no-baseline; --only baseline runs it alone): bare Fastify on
 *       --port + 1 sending the bytes the API sent for (a)'s request, same client settings; the API's
 *       (a) as a share of it.
 *   --compare-root DIR: instead, the listing of DIR's server (another checkout: the code before a
 *       change, on port + 2, same database) and this one's, then the yardstick, in turn for --rounds
 *       rounds; prints each share of the yardstick and their medians.
 *   (b) --users users (after one untimed poll of each kind), each on its own keep-alive connection, polling GET /api/notifications every
 *       30 s and GET /api/workspaces/{id}/messages?after=<newest> every 5 s (as the web app does),
 *       first polls spread over the first interval, for --poll-seconds: errors and latency.
 *   (a) also prints the scratch database's statements per request (pg_stat_database transactions).
 *   Server RSS (every process of the server, summed) is sampled every 250 ms. The 1-, 5- and
 *   15-minute load averages are printed next to each figure: other work on the machine moves them.
 */
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1' },
    only: { type: 'string' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '100' },
    users: { type: 'string', default: '200' },
    'poll-seconds': { type: 'string', default: '60' },
    port: { type: 'string', default: '3211' },
    // Extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to profile it).
    'server-node-args': { type: 'string', default: '' },
    // Leave the scratch database in place (to look at its queries afterwards); its name is printed.
    keep: { type: 'boolean', default: false },
    // Another checkout's server (the code before a change) measured in turn with this one, --rounds times.
    'compare-root': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    // Skip the bare-Fastify yardstick that follows (a).
    'no-baseline': { type: 'boolean', default: false },
    // The server's LISTING_CACHE_MS; 0 measures the listing as it was before the shared page cache.
    'listing-cache-ms': { type: 'string', default: '5000' },
  },
});
const PROCESSES = Number(values.processes);
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = Number(values.users);
const root = path.resolve(import.meta.dirname, '..');
const JWT_SECRET = randomBytes(36).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

interface Seeded {
  tokens: string[];
  userIds: string[];
  workspaceId: string;
  newestMessageId: string;
}

async function createScratchDatabase() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (values.keep) return void console.log(`kept    database ${name}`, await admin.end());
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function seed(db: Db, dataDir: string): Promise<Seeded> {
  const demo = await seedDemoData(db, dataDir, { info: () => {} });
  // One scrypt hash for every account: signing in is not what this measures, and tokens are signed here.
  const passwordHash = await hashPassword('bench-password-123');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        name: `Bench User ${i}`,
        email: `bench-${i}@example.com`,
        passwordHash,
        role: 'user' as const,
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const tokens = await Promise.all(rows.map((u) => signSessionToken(JWT_SECRET, { sub: u.id, ver: u.tokenVersion }, 4)));
  // Every user saved a few notices of the first pages, so the listing's saved flags differ per user.
  // Newest first, like the default listing, so saved rows show on the pages the load reads.
  const { rows: firstPage } = (await db.execute(
    sql`select id from opportunities where latest_in_group order by posted_date desc nulls last, id desc limit 40`,
  )) as unknown as { rows: { id: string }[] };
  await db
    .insert(savedOpportunities)
    .values(rows.flatMap((u, i) => [firstPage[i % 40]!, firstPage[(i * 7 + 3) % 40]!].map((o) => ({ userId: u.id, opportunityId: o.id }))))
    .onConflictDoNothing();
  for (const u of rows)
    for (let n = 0; n < 5; n++)
      await createNotification(db, u.id, { title: `Deadline ${n}`, message: 'A saved notice is due soon', read: n > 1 });
  const workspace = await createWorkspace(db, rows[0]!.id, { opportunityId: firstPage[0]!.id, name: 'Bench workspace' });
  for (const u of rows.slice(1)) await addMember(db, workspace.id, u.id, 'CONTRIBUTOR');
  let newest = '';
  for (let n = 0; n < 100; n++)
    newest = (
      await createMessage(db, workspace.id, rows[n % rows.length]!.id, {
        message: `Message ${n}: draft section ${n % 9} is ready for review`,
      })
    ).id;
  // The tables as autovacuum leaves them a minute after the seed: statistics (without them the
  // planner expects ~30 open notices instead of ~1,000 and scans the table for every page) and the
  // seed's dead rows cleared, so no autovacuum run lands inside a measurement.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `seeded  ${demo?.seeded ?? 0} demo opportunities, ${rows.length} users, 1 workspace with ${rows.length} members and 100 messages`,
  );
  return { tokens, userIds: rows.map((r) => r.id), workspaceId: workspace.id, newestMessageId: newest };
}

/** Every process of the server (the one started and its descendants), from /proc. */
function processTree(rootPid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of parents.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return out;
}

/** utime + stime of a process, in clock ticks (0 if it is gone). */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving the scratch database (their process title names it). */
function databaseBackends(): number[] {
  const name = `bench_load_${process.pid}`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(name);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Where the machine's CPU went during a measurement: this benchmark (server processes, load
 * client, the scratch database's PostgreSQL backends) and everything else (other people's work),
 * both in cores (2 = both cores busy the whole time). A load average alone cannot tell them apart.
 */
function cpuShare(serverPid: number) {
  const machine = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  // Backends and worker processes come and go: each process alive at the end counts from its
  // ticks at the start (0 if it started since); one that ended meanwhile is not counted.
  const ours = () =>
    new Map([...new Set([...processTree(serverPid), process.pid, ...databaseBackends()])].map((pid) => [pid, cpuTicks(pid)]));
  const t0 = performance.now();
  const m0 = machine();
  const o0 = ours();
  return () => {
    const m1 = machine();
    const seconds = (performance.now() - t0) / 1000;
    // user, nice, system, irq, softirq, steal: busy; idle and iowait are not.
    const busy = [0, 1, 2, 5, 6, 7].reduce((sum, i) => sum + (m1[i]! - m0[i]!), 0);
    const mine = [...ours()].reduce((sum, [pid, ticks]) => sum + ticks - (o0.get(pid) ?? 0), 0);
    const ticksPerSecond = 100;
    const cores = (ticks: number) => (ticks / ticksPerSecond / seconds).toFixed(2);
    return `CPU: this benchmark ${cores(mine)} cores, everything else ${cores(Math.max(0, busy - mine))} cores`;
  };
}

/**
 * CPU time the server's processes and the scratch database's backends spend, per request: what a
 * request costs, which other people's work on the shared cores moves much less than requests/s.
 */
function cpuPerRequest(serverPid: number) {
  const ticksOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
  const server0 = ticksOf(processTree(serverPid));
  const db0 = ticksOf(databaseBackends());
  return (requests: number) => {
    const spent = (before: Map<number, number>, pids: number[]) =>
      pids.reduce((sum, pid) => sum + cpuTicks(pid) - (before.get(pid) ?? 0), 0);
    // 100 ticks a second: a tick is 10 ms, 10,000 µs.
    const us = (ticks: number) => Math.round((ticks * 10_000) / Math.max(1, requests));
    const server = us(spent(server0, processTree(serverPid)));
    const database = us(spent(db0, databaseBackends()));
    return { server, database, text: `CPU per request: server ${server} µs + PostgreSQL ${database} µs` };
  };
}

/**
 * Statements the scratch database ran (its committed and rolled-back transactions: every query of
 * the app is one), to give queries per request next to CPU per request. PostgreSQL's backends
 * publish their counts when idle, at most once a second: the end is read after 1.2 s of quiet.
 */
async function statementCounter() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const read = async () => {
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [
      `bench_load_${process.pid}`,
    ]);
    return Number(rows[0]?.n ?? 0);
  };
  let start = 0;
  return {
    async begin() {
      start = await read();
    },
    async perRequest(requests: number) {
      await sleep(1200);
      const n = (await read()) - start;
      await client.end();
      return (n / Math.max(1, requests)).toFixed(3);
    },
  };
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Samples the summed RSS of the server's processes; `peak()` since the last `reset()`. */
function serverRss(rootPid: number) {
  let peak = 0;
  let perProcess: number[] = [];
  const sample = () => {
    const each = processTree(rootPid)
      .map(rssMb)
      .filter((mb) => mb > 0);
    const total = each.reduce((a, b) => a + b, 0);
    if (total > peak) {
      peak = total;
      perProcess = each;
    }
  };
  const timer = setInterval(sample, 250);
  sample();
  return {
    reset: () => void ((peak = 0), sample()),
    report: () => `${Math.round(peak)} MB (${perProcess.map((mb) => Math.round(mb)).join(' + ')} MB per process)`,
    stop: () => clearInterval(timer),
  };
}

async function startServer(databaseUrl: string, dataDir: string, cwd = root, port = PORT): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [...values['server-node-args']!.split(' ').filter(Boolean), '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        API_PROCESSES: String(PROCESSES),
        LISTING_CACHE_MS: values['listing-cache-ms'],
        LOG_LEVEL: 'warn',
        // Scheduled jobs (SAM sync, alerts) would add their own work to the measured window.
        JOBS_ENABLED: 'false',
      },
    },
  );
  // With several processes, the supervisor says when every one of them listens (they start in turn).
  let allListening = PROCESSES <= 1;
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (chunk.toString().includes('API processes are serving')) allListening = true;
  });
  for (let i = 0; i < 240; i++) {
    try {
      if (allListening && (await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await sleep(500);
  }
  server.kill('SIGTERM');
  throw new Error('server did not start');
}

/** Each of two users sees its own saved flags on the listing (a shared cache must not mix them). */
async function checkSavedFlags(db: Db, seeded: Seeded) {
  for (const i of [0, 1]) {
    const res = await fetch(`${BASE}/api/opportunities?limit=40`, { headers: { authorization: `Bearer ${seeded.tokens[i]}` } });
    const body = (await res.json()) as { data: { id: string; saved: boolean }[] };
    const { rows } = (await db.execute(
      sql`select opportunity_id from saved_opportunities where user_id = ${seeded.userIds[i]}`,
    )) as unknown as { rows: { opportunity_id: string }[] };
    const expected = new Set(rows.map((r) => r.opportunity_id));
    const wrong = body.data.filter((o) => o.saved !== expected.has(o.id));
    if (wrong.length) throw new Error(`user ${i}: ${wrong.length} listing rows with a wrong saved flag`);
  }
  console.log("check   saved flags on the listing are each user's own (users 0 and 1)");
}

/** autocannon on the listing URL of `base`: 5 s of warm-up, then --duration seconds measured. */
async function measureListing(base: string, seeded: Seeded, onWarm: () => void) {
  const connections = Number(values.connections);
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${base}/api/opportunities`,
      connections,
      duration,
      headers: { 'accept-encoding': 'br, gzip' },
      // One user per connection, as many browsers would be.
      setupClient: (client) =>
        client.setHeaders({ authorization: `Bearer ${seeded.tokens[next++ % seeded.tokens.length]}`, 'accept-encoding': 'br, gzip' }),
    });
  await run(5);
  onWarm();
  return run(Number(values.duration));
}

async function listingLoad(seeded: Seeded, rss: ReturnType<typeof serverRss>, serverPid: number, base = BASE, label = '(a)    ') {
  const connections = Number(values.connections);
  let before = '';
  let cpu = () => '';
  let perRequest = (_requests: number) => ({ server: 0, database: 0, text: '' });
  const statements = await statementCounter();
  let counting: Promise<void> = Promise.resolve();
  const r = await measureListing(base, seeded, () => {
    rss.reset();
    before = load();
    cpu = cpuShare(serverPid);
    perRequest = cpuPerRequest(serverPid);
    counting = statements.begin();
  });
  const cost = perRequest(r.requests.total);
  const [cpuText, after] = [cpu(), load()];
  await counting;
  const queries = await statements.perRequest(r.requests.total);
  console.log(
    `${label} GET /api/opportunities, ${connections} connections, ${values.duration} s, ${PROCESSES} process(es), LISTING_CACHE_MS=${values['listing-cache-ms']}: ${Math.round(r.requests.average)} req/s, ` +
      `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; 2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; ` +
      `${(r.throughput.average / 1024).toFixed(0)} KB/s; ${cost.text}; database statements per request ${queries}; server RSS peak ${rss.report()}; load average ${before} before, ${after} after; ${cpuText}`,
  );
  return { rate: r.requests.average, cpuUs: cost.server + cost.database };
}

/**
 * The yardstick, in the same run: bare Fastify in its own process (bare-fastify-server.ts) sending
 * the bytes the API just sent user 0 for the same request (same size, same encoding), measured
 * with the same client settings. The API's figure as a share of it is its per-request cost.
 */
async function startBaseline(seeded: Seeded) {
  // node:http, not fetch: fetch would decompress the body, and the yardstick must send it as sent.
  const { encoding, bytes } = await new Promise<{ encoding: string; bytes: Buffer }>((resolve, reject) => {
    const req = request(
      `${BASE}/api/opportunities`,
      { headers: { authorization: `Bearer ${seeded.tokens[0]}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-bare-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, bytes);
  const port = PORT + 1;
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify-server.ts', String(port), bodyFile, encoding], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    bare.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    bare.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return {
    async measure(apiRequestsPerSecond?: number) {
      let before = '';
      let cpu = () => '';
      let perRequest = (_requests: number) => ({ server: 0, database: 0, text: '' });
      const r = await measureListing(`http://127.0.0.1:${port}`, seeded, () => {
        before = load();
        cpu = cpuShare(bare.pid!);
        perRequest = cpuPerRequest(bare.pid!);
      });
      const cost = perRequest(r.requests.total);
      const share = apiRequestsPerSecond
        ? `; the API's (a) is ${((100 * apiRequestsPerSecond) / r.requests.average).toFixed(1)}% of it`
        : '';
      console.log(
        `(base)  bare Fastify, the same ${bytes.length} bytes (${encoding}), ${values.connections} connections, ${values.duration} s: ${Math.round(r.requests.average)} req/s, ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; 2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}${share}; ` +
          `CPU per request: ${cost.server} µs; load average ${before} before, ${load()} after; ${cpu()}`,
      );
      return { rate: r.requests.average, cpuUs: cost.server };
    },
    stop() {
      bare.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * --compare-root: the server of another checkout (the "before" tree; same database) measured in
 * turn with this one and the yardstick, --rounds times (A B base, A B base, ...), so both see the
 * same machine: other people's work on the shared cores moves every absolute figure.
 */
async function compareRounds(seeded: Seeded, databaseUrl: string, dataDir: string, rss: ReturnType<typeof serverRss>, serverPid: number) {
  const otherPort = PORT + 2;
  const other = await startServer(databaseUrl, dataDir, path.resolve(values['compare-root']!), otherPort);
  const baseline = await startBaseline(seeded);
  const shares: Record<'before' | 'after', number[]> = { before: [], after: [] };
  const costs: Record<'before' | 'after' | 'base', number[]> = { before: [], after: [], base: [] };
  try {
    for (let round = 1; round <= Number(values.rounds); round++) {
      console.log(`round   ${round}`);
      const b = await listingLoad(seeded, rss, other.pid!, `http://127.0.0.1:${otherPort}`, '(a, before)');
      const a = await listingLoad(seeded, rss, serverPid, BASE, '(a, after)');
      const yardstick = await baseline.measure();
      shares.before.push((100 * b.rate) / yardstick.rate);
      shares.after.push((100 * a.rate) / yardstick.rate);
      costs.before.push(b.cpuUs);
      costs.after.push(a.cpuUs);
      costs.base.push(yardstick.cpuUs);
      console.log(
        `share   round ${round}: before ${shares.before.at(-1)!.toFixed(1)}%, after ${shares.after.at(-1)!.toFixed(1)}% of bare Fastify`,
      );
    }
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((x, y) => x - y),
        50,
      ).toFixed(1);
    console.log(
      `median  share of bare Fastify's requests/s over ${values.rounds} rounds: before ${median(shares.before)}%, after ${median(shares.after)}%`,
    );
    console.log(
      `median  CPU per request (server + PostgreSQL): before ${median(costs.before)} µs, after ${median(costs.after)} µs, bare Fastify ${median(costs.base)} µs ` +
        `(bare Fastify's cost as a share of the API's: before ${((100 * Number(median(costs.base))) / Number(median(costs.before))).toFixed(1)}%, after ${((100 * Number(median(costs.base))) / Number(median(costs.after))).toFixed(1)}%)`,
    );
  } finally {
    baseline.stop();
    other.kill('SIGTERM');
    await new Promise((r) => other.once('exit', r));
  }
}

function get(agent: Agent, pathAndQuery: string, token: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${BASE}${pathAndQuery}`,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

async function pollingLoad(seeded: Seeded, rss: ReturnType<typeof serverRss>, serverPid: number) {
  const seconds = Number(values['poll-seconds']);
  const latencies: Record<'notifications' | 'messages', number[]> = { notifications: [], messages: [] };
  let errors = 0;
  const statuses = new Map<number, number>();
  const stopAt = Date.now() + seconds * 1000;
  const pending: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  // Warm-up, not counted: each user's first poll of each kind (connections opened, code paths compiled).
  const warmAgent = new Agent({ keepAlive: true, maxSockets: 20 });
  await Promise.all(
    seeded.tokens.flatMap((token) => [
      get(warmAgent, '/api/notifications', token),
      get(warmAgent, `/api/workspaces/${seeded.workspaceId}/messages?after=${seeded.newestMessageId}`, token),
    ]),
  );
  warmAgent.destroy();
  rss.reset();
  const before = load();
  const cpu = cpuShare(serverPid);
  seeded.tokens.forEach((token) => {
    // One connection per user (a browser tab's keep-alive socket).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const poll = (kind: 'notifications' | 'messages', url: string, everyMs: number) => {
      const tick = () => {
        if (Date.now() >= stopAt) return;
        pending.push(
          get(agent, url, token).then(({ status, ms }) => {
            latencies[kind].push(ms);
            if (status !== 200) {
              errors++;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
          }),
        );
        timers.push(setTimeout(tick, everyMs));
      };
      timers.push(setTimeout(tick, Math.random() * everyMs));
    };
    poll('notifications', '/api/notifications', 30_000);
    poll('messages', `/api/workspaces/${seeded.workspaceId}/messages?after=${seeded.newestMessageId}`, 5_000);
  });
  await sleep(seconds * 1000);
  timers.forEach(clearTimeout);
  await Promise.all(pending);
  const all = [...latencies.notifications, ...latencies.messages].sort((a, b) => a - b);
  const fmt = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `n=${s.length} p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms`;
  };
  console.log(
    `(b)     ${seeded.tokens.length} users polling for ${seconds} s, ${PROCESSES} process(es): all ${fmt(all)}, ${(all.length / seconds).toFixed(1)} req/s; ` +
      `notifications ${fmt(latencies.notifications)}; messages ${fmt(latencies.messages)}; errors ${errors}${statuses.size ? ` (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''}; ` +
      `server RSS peak ${rss.report()}; load average ${before} before, ${load()} after; ${cpu()}`,
  );
}

async function main() {
  const scratch = await createScratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-bench-load-'));
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: scratch.url });
    const seeded = await seed(database.db, dataDir);
    server = await startServer(scratch.url, dataDir);
    const rss = serverRss(server.pid!);
    console.log(`server  ${PROCESSES} process(es) up, RSS ${rss.report()}; load average ${load()}`);
    await checkSavedFlags(database.db, seeded);
    if (values['compare-root']) await compareRounds(seeded, scratch.url, dataDir, rss, server.pid!);
    else {
      const apiRate =
        values.only !== 'polling' && values.only !== 'baseline' ? (await listingLoad(seeded, rss, server.pid!)).rate : undefined;
      if (values.only !== 'polling' && !values['no-baseline']) {
        const baseline = await startBaseline(seeded);
        await baseline.measure(apiRate).finally(() => baseline.stop());
      }
    }
    // Let the listing run's backlog (PostgreSQL, garbage collection) settle before the polling run.
    if (values.only === undefined) await sleep(10_000);
    if (values.only !== 'listing' && values.only !== 'baseline') await pollingLoad(seeded, rss, server.pid!);
    rss.stop();
    await database.close();
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

await main();
