import cluster, { type Worker } from 'node:cluster';

/**
 * API_PROCESSES > 1: the API runs as that many processes sharing one port (node:cluster), so a
 * machine's cores all answer requests. Each process is a whole server (its own database pool,
 * parse pool, job ticker; DESIGN §2); state they share lives in PostgreSQL (and Redis/S3 when set).
 */

/** Refuses a process count the database cannot serve: PGlite lives inside one process. */
export function checkApiProcesses(config: { API_PROCESSES: number; DATABASE_URL?: string }): void {
  if (config.API_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new Error(
      `API_PROCESSES=${config.API_PROCESSES} needs DATABASE_URL: the embedded database (PGlite) can be opened by one process only. ` +
        'Set DATABASE_URL to a PostgreSQL server, or leave API_PROCESSES at 1.',
    );
  }
}

export interface SuperviseOptions {
  processes: number;
  log?: (line: string) => void;
  /** Wait before replacing a process that died after it had started, in ms. */
  restartDelayMs?: number;
  /** Time processes get to finish their requests on SIGTERM/SIGINT before they are killed, in ms. */
  shutdownTimeoutMs?: number;
}

/**
 * In the primary: starts `processes` workers running this same entry (process.argv[1] with the same
 * node flags, so `--import tsx` carries over), one after another, each once the previous one
 * listens, so migrations and the first-admin check never run twice at once. A worker that dies
 * after it started is replaced; one that dies before it ever listened stops everything (a bad
 * configuration would otherwise restart forever). SIGTERM/SIGINT are passed on, and the primary
 * exits when every worker has.
 */
export async function superviseWorkers(opts: SuperviseOptions): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  let shuttingDown = false;
  let exitCode = 0;
  const live = new Set<Worker>();

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      live.add(worker);
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        if (shuttingDown) {
          // A process that had to cut requests (or crashed) makes the whole shutdown unclean.
          if (code) exitCode ||= code;
          else if (signal) exitCode ||= 1;
          if (live.size === 0) process.exit(exitCode);
          return;
        }
        if (!listening) {
          reject(new Error(`API process ${worker.process.pid} exited before it started (code ${code ?? signal})`));
          return;
        }
        log(`API process ${worker.process.pid} exited (${code ?? signal}); starting a replacement`);
        setTimeout(() => void start().catch((err: Error) => stop(err.message, 1)), opts.restartDelayMs ?? 1000).unref();
      });
    });

  const stop = (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    exitCode = code;
    log(reason);
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(exitCode || 1);
    }, opts.shutdownTimeoutMs ?? 15_000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(`${signal}: stopping ${live.size} API processes`, 0));

  try {
    for (let i = 0; i < opts.processes; i++) await start();
    log(`${opts.processes} API processes are serving`);
  } catch (err) {
    stop((err as Error).message, 1);
  }
}

/** True in the process that should start a server (a worker, or the only process). */
export function servesRequests(processes: number): boolean {
  return processes <= 1 || cluster.isWorker;
}
