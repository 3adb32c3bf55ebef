import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkApiProcesses } from './cluster';

const apiRoot = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  return { child, output: () => output, exited: once(child, 'exit') as Promise<[number | null, string | null]> };
}

async function pidsAnswering(port: number, requests: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < requests; i++) {
    // A new connection each time, so the kernel can hand it to either process.
    pids.add(await (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })).text());
  }
  return pids;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('API_PROCESSES', () => {
  it('refuses more than one process on the embedded database, with what to do instead', () => {
    expect(() => checkApiProcesses({ API_PROCESSES: 2 })).toThrow(
      'API_PROCESSES=2 needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only. Set DATABASE_URL to a PostgreSQL server, or leave API_PROCESSES at 1.',
    );
    expect(() => checkApiProcesses({ API_PROCESSES: 1 })).not.toThrow();
    expect(() => checkApiProcesses({ API_PROCESSES: 4, DATABASE_URL: 'postgres://db/biddesk' })).not.toThrow();
  });

  it('the server entry exits with that message before opening anything', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-cluster-'));
    try {
      const server = run('src/server.ts', { API_PROCESSES: '2', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) });
      const [code] = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toContain('API_PROCESSES=2 needs DATABASE_URL');
      // Nothing was opened: no embedded database was created.
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('starts N processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const cluster = run('test/cluster-fixture.ts', { API_PROCESSES: '2', PORT: String(port) });
    try {
      await waitFor(async () => (cluster.output().includes('2 API processes are serving') ? true : undefined));
      const first = await waitFor(async () => {
        const pids = await pidsAnswering(port, 40);
        return pids.size === 2 ? pids : undefined;
      });
      const victim = [...first][0]!;
      process.kill(Number(victim), 'SIGKILL');
      await waitFor(async () => (cluster.output().includes(`API process ${victim} exited`) ? true : undefined));
      const after = await waitFor(async () => {
        const pids = await pidsAnswering(port, 40);
        return pids.size === 2 && !pids.has(victim) ? pids : undefined;
      });
      expect(after.has([...first][1]!)).toBe(true);
    } finally {
      cluster.child.kill('SIGTERM');
    }
    const [code] = await cluster.exited;
    expect(code).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 60_000);

  it('stops with an error when a process dies before it ever listens (no restart loop)', async () => {
    const cluster = run('test/cluster-fixture.ts', { API_PROCESSES: '2', PORT: String(await freePort()), FAIL_BEFORE_LISTEN: '1' });
    const [code] = await cluster.exited;
    expect(code).toBe(1);
    expect(cluster.output()).toMatch(/API process \d+ exited before it started \(code 3\)/);
  }, 30_000);
});
