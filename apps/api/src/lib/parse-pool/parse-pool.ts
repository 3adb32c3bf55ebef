import { Piscina } from 'piscina';
import type { DraftAnalysis } from '@biddesk/analysis';
import { AppError, tooManyRequests } from '../errors';
import type { DraftTask, Outcome, PdfTask, SolicitationRead } from './tasks';

/**
 * Heavy parsing off the request thread (issue 16): PDF text, .docx text, requirement extraction and
 * draft scoring run in worker threads (piscina), so the event loop keeps answering while a
 * 5,000-page PDF is read. Each task gets a time limit counted from when it starts, not from when it
 * was queued; a task over it is stopped by terminating its worker (piscina starts a fresh one).
 */
export interface ParsePool {
  /**
   * `maxMs` is the most a task may take (PARSE_TIMEOUT_MS); a small file gets less (parseBudgetMs).
   * `owner` (the uploading user) decides the queue: each user's files wait behind their own.
   */
  readSolicitation(task: PdfTask, maxMs: number, owner?: string): Promise<Outcome<SolicitationRead>>;
  analyzeDraft(task: DraftTask, maxMs: number, owner?: string): Promise<Outcome<{ analysis: DraftAnalysis }>>;
  close(): Promise<void>;
}

export interface ParsePoolOptions {
  workers: number;
  /** Heap limit of each worker, in MB. */
  maxMemoryMb: number;
  /** Tasks that may wait for a free worker; more are refused with 429 rather than piling up. */
  maxWaiting?: number;
  /** Tasks one user may have waiting; more are refused with 429 for that user only. */
  maxWaitingPerUser?: number;
  /** How long an idle worker is kept before it exits (they start on first use). */
  idleTimeoutMs?: number;
}

export const PARSE_BUSY = 'The server is busy reading other files. Try again in a minute.';
export const parseOwnQueueFull = (waiting: number) =>
  `You already have ${waiting} files waiting to be read. Wait for them to finish, then upload this one.`;
export const PARSE_OUT_OF_MEMORY = 'This file needs more memory to read than the server allows. Upload a smaller file.';
export function parseTimedOut(timeoutMs: number): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return `Reading this file took longer than ${seconds} second${seconds === 1 ? '' : 's'} and was stopped. Upload a smaller file.`;
}

/** From this size on a file gets the whole PARSE_TIMEOUT_MS. */
const FULL_BUDGET_BYTES = 5 * 1024 * 1024;

/**
 * The time a file of `bytes` may take: a share of `maxMs` growing with its size, at least a third.
 * A compressed bomb is small on the wire and huge once inflated; its small-file budget stops it
 * sooner (20 s of the default 60 s) so it holds a worker, and the users queued behind it, for less
 * (issue 21 item 16). Real solicitations read in well under a second per 100 pages.
 */
export function parseBudgetMs(bytes: number, maxMs: number): number {
  return Math.round(Math.max(maxMs / 3, Math.min(maxMs, (maxMs * bytes) / FULL_BUDGET_BYTES)));
}

export function createParsePool(opts: ParsePoolOptions): ParsePool {
  const piscina = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: opts.workers,
    idleTimeout: opts.idleTimeoutMs ?? 5 * 60_000,
    resourceLimits: { maxOldGenerationSizeMb: opts.maxMemoryMb },
  });
  const maxWaiting = opts.maxWaiting ?? opts.workers * 16;
  const maxWaitingPerUser = opts.maxWaitingPerUser ?? 4;
  // A user runs on at most all workers but one (when there are several), so another user's file
  // always finds one.
  const maxRunningPerUser = Math.max(1, opts.workers - 1);

  // Our own admission in front of piscina's, so the time limit starts when a worker is free, and
  // fair: the next task goes to the user with the fewest running, then the one served longest ago.
  // One user's uploads wait behind their own, never everyone's (issue 21 item 16).
  let running = 0;
  let served = 0;
  const runningBy = new Map<string, number>();
  const lastServed = new Map<string, number>();
  const queues = new Map<string, (() => void)[]>();
  let waitingTotal = 0;

  const start = (owner: string) => {
    running++;
    runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
    lastServed.set(owner, ++served);
  };
  const dispatch = () => {
    while (running < opts.workers) {
      let next: string | null = null;
      for (const owner of queues.keys()) {
        if ((runningBy.get(owner) ?? 0) >= maxRunningPerUser) continue;
        const better =
          next === null ||
          (runningBy.get(owner) ?? 0) < (runningBy.get(next) ?? 0) ||
          ((runningBy.get(owner) ?? 0) === (runningBy.get(next) ?? 0) && (lastServed.get(owner) ?? 0) < (lastServed.get(next) ?? 0));
        if (better) next = owner;
      }
      if (next === null) return;
      const queue = queues.get(next)!;
      const wake = queue.shift()!;
      if (!queue.length) queues.delete(next);
      waitingTotal--;
      start(next);
      wake();
    }
  };
  const acquire = async (owner: string) => {
    if (running < opts.workers && (runningBy.get(owner) ?? 0) < maxRunningPerUser && !queues.size) {
      start(owner);
      return;
    }
    const own = queues.get(owner) ?? [];
    if (own.length >= maxWaitingPerUser) throw tooManyRequests(parseOwnQueueFull(own.length));
    if (waitingTotal >= maxWaiting) throw tooManyRequests(PARSE_BUSY);
    const turn = new Promise<void>((resolve) => own.push(resolve));
    queues.set(owner, own);
    waitingTotal++;
    dispatch();
    await turn;
  };
  const release = (owner: string) => {
    running--;
    const left = (runningBy.get(owner) ?? 1) - 1;
    if (left > 0) runningBy.set(owner, left);
    else runningBy.delete(owner);
    dispatch();
  };

  async function run<T>(name: string, task: { bytes: Uint8Array }, maxMs: number, owner = 'anonymous'): Promise<T> {
    await acquire(owner);
    const timeoutMs = parseBudgetMs(task.bytes.byteLength, maxMs);
    try {
      return (await piscina.run(task, { name, signal: AbortSignal.timeout(timeoutMs) })) as T;
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e.name === 'AbortError') throw new AppError(422, 'VALIDATION', parseTimedOut(timeoutMs));
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new AppError(422, 'VALIDATION', PARSE_OUT_OF_MEMORY);
      throw err;
    } finally {
      release(owner);
    }
  }

  return {
    readSolicitation: (task, maxMs, owner) => run('readSolicitation', task, maxMs, owner),
    analyzeDraft: (task, maxMs, owner) => run('analyzeDraft', task, maxMs, owner),
    close: () => piscina.close({ force: true }),
  };
}
