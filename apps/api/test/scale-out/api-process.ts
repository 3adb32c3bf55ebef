import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The repository root: `npm start` runs the server from there. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** One API server running as its own OS process, the way `npm start` runs it. */
export interface ApiProcess {
  name: string;
  base: string;
  child: ChildProcess;
  /** Everything it printed so far (pino JSON lines and anything else). */
  output(): string;
  /** The JSON log lines it printed so far. */
  logLines(): Record<string, unknown>[];
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` from the repository root (what scripts/start.mjs
 * runs once the web app is built) with exactly `env` plus PATH and PORT, and waits until
 * GET /api/health answers 200. Throws with the process's output when it exits or stays silent.
 */
export async function startApiProcess(name: string, env: Record<string, string>, timeoutMs = 120_000): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const proc: ApiProcess = {
    name,
    base,
    child,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };

  // Compiling with tsx and migrating take a few seconds, much longer on a busy CI machine.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return proc;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`API process ${name} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
