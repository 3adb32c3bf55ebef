import { Piscina } from 'piscina';
import type { DraftAnalysis, Requirement } from '@biddesk/analysis';
import { AppError, tooManyRequests } from '../errors';
import type { DraftTask, Outcome, PdfTask } from './tasks';

/**
 * Heavy parsing off the request thread (issue 16): PDF text, .docx text, requirement extraction and
 * draft scoring run in worker threads (piscina), so the event loop keeps answering while a
 * 5,000-page PDF is read. Each task gets a time limit counted from when it starts, not from when it
 * was queued; a task over it is stopped by terminating its worker (piscina starts a fresh one).
 */
export interface ParsePool {
  readSolicitation(task: PdfTask, timeoutMs: number): Promise<Outcome<{ pageCount: number; requirements: Requirement[] }>>;
  analyzeDraft(task: DraftTask, timeoutMs: number): Promise<Outcome<{ analysis: DraftAnalysis }>>;
  close(): Promise<void>;
}

export interface ParsePoolOptions {
  workers: number;
  /** Heap limit of each worker, in MB. */
  maxMemoryMb: number;
  /** Tasks that may wait for a free worker; more are refused with 429 rather than piling up. */
  maxWaiting?: number;
  /** How long an idle worker is kept before it exits (they start on first use). */
  idleTimeoutMs?: number;
}

export const PARSE_BUSY = 'The server is busy reading other files. Try again in a minute.';
export const PARSE_OUT_OF_MEMORY = 'This file needs more memory to read than the server allows. Upload a smaller file.';
export function parseTimedOut(timeoutMs: number): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return `Reading this file took longer than ${seconds} second${seconds === 1 ? '' : 's'} and was stopped. Upload a smaller file.`;
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

  // Our own admission queue in front of piscina's, so the time limit starts when a worker is free.
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < opts.workers) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) throw tooManyRequests(PARSE_BUSY);
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  async function run<T>(name: string, task: unknown, timeoutMs: number): Promise<T> {
    await acquire();
    try {
      return (await piscina.run(task, { name, signal: AbortSignal.timeout(timeoutMs) })) as T;
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e.name === 'AbortError') throw new AppError(422, 'VALIDATION', parseTimedOut(timeoutMs));
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new AppError(422, 'VALIDATION', PARSE_OUT_OF_MEMORY);
      throw err;
    } finally {
      release();
    }
  }

  return {
    readSolicitation: (task, timeoutMs) => run('readSolicitation', task, timeoutMs),
    analyzeDraft: (task, timeoutMs) => run('analyzeDraft', task, timeoutMs),
    close: () => piscina.close({ force: true }),
  };
}
