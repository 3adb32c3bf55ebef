import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import * as jobRuns from './job-runs.repository';

/** What a job's run gets: the database, a logger, the period it runs for and the clock it runs at. */
export interface JobRunContext {
  db: Db;
  log: FastifyBaseLogger;
  period: string;
  now: Date;
  /** Aborted when the process shuts down: a long run stops at its next step and leaves the rest to a restart. */
  signal: AbortSignal;
}

/**
 * A scheduled job. `periodAt` names the period due at `now` ('2026-11-23', '2026-11-23T14') or
 * null when nothing is due (before the configured hour, feature off); each period runs once.
 */
export interface JobDefinition {
  name: string;
  periodAt(db: Db, now: Date): Promise<string | null> | string | null;
  run(ctx: JobRunContext): Promise<Record<string, unknown> | void>;
}

export type RunOutcome = {
  job: string;
  period: string;
  status: 'done' | 'failed' | 'skipped';
  result?: Record<string, unknown>;
  error?: string;
};

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** More can be added with register() (the jobs need the app's deps, which hold the runner). */
  jobs?: JobDefinition[];
  /** Time between ticks; each tick runs whatever is due. */
  intervalMs?: number;
  /** A running claim whose heartbeat is older than this is taken over (its process died). */
  staleAfterMs?: number;
  /** A failed period is retried this many times in all, no sooner than `retryAfterMs` apart. */
  maxAttempts?: number;
  retryAfterMs?: number;
}

/**
 * Runs scheduled jobs exactly once per (job, period) however many API processes tick at once.
 *
 * The claim is one conditional statement: INSERT into job_runs, and on conflict take the row over
 * only when its run failed (after a pause, a bounded number of times) or went stale (no heartbeat:
 * the process died). Whoever gets the row back runs the period; everyone else skips it. On the
 * embedded PGlite there is one process and the same statement simply always wins once.
 *
 * Event-driven runs (`trigger`, e.g. alerts right after an import) skip the claim: the alert jobs
 * are idempotent on their own (a transaction-scoped advisory lock serialises them and unique
 * notification keys make repeats no-ops), so an extra run is cheap and never duplicates.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** A job already triggered and not yet started is not queued again. */
  private readonly pendingTriggers = new Map<string, Promise<RunOutcome>>();
  private ticking: Promise<RunOutcome[]> | null = null;
  private stopped = false;
  private stopping = new AbortController();

  private readonly jobs: JobDefinition[];

  constructor(private readonly opts: JobRunnerOptions) {
    this.jobs = [...(opts.jobs ?? [])];
  }

  register(jobs: JobDefinition[]): void {
    for (const job of jobs) {
      if (this.jobs.some((j) => j.name === job.name)) throw new Error(`Job ${job.name} is registered twice`);
      this.jobs.push(job);
    }
  }

  get jobNames(): string[] {
    return this.jobs.map((j) => j.name);
  }

  /** Starts ticking (first tick at once). Timers are unref'd so they never keep a process alive. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    const tick = () => void this.tick().catch((err: unknown) => this.opts.log.error({ err }, 'job tick failed'));
    this.timer = setInterval(tick, this.opts.intervalMs ?? 60_000);
    this.timer.unref();
    tick();
  }

  /** Aborted by stop(): runs (and imports a request runs) end at their next step. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /**
   * Stops ticking, tells runs under way to stop (stopSignal) and waits for them to end, so shutdown
   * never cuts a run in half nor waits for a long import; triggers after this are skipped.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort(new Error('The server is shutting down'));
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Resolves when nothing runs (tests wait on this after an import triggers alerts). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Runs every job whose period is due and not yet run. Ticks never overlap within a process. */
  tick(now = new Date()): Promise<RunOutcome[]> {
    if (this.ticking) return this.ticking;
    const run = (async () => {
      const outcomes: RunOutcome[] = [];
      for (const job of this.jobs) {
        if (this.stopped) break;
        const period = await job.periodAt(this.opts.db, now);
        if (period === null) continue;
        outcomes.push(await this.runPeriod(job.name, period, now));
      }
      return outcomes;
    })();
    this.ticking = this.track(run).finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** Claims (job, period) and runs it; 'skipped' when another run has it or has done it. */
  async runPeriod(name: string, period: string, now = new Date()): Promise<RunOutcome> {
    const job = this.find(name);
    if (!(await this.claim(name, period))) return { job: name, period, status: 'skipped' };
    const heartbeat = setInterval(
      () => {
        void jobRuns.heartbeat(this.opts.db, name, period).catch(() => {});
      },
      Math.max(1000, Math.floor((this.opts.staleAfterMs ?? 300_000) / 4)),
    );
    heartbeat.unref();
    try {
      const result = (await job.run({ db: this.opts.db, log: this.opts.log, period, now, signal: this.stopSignal })) ?? {};
      await jobRuns.markDone(this.opts.db, name, period, result);
      this.opts.log.info({ job: name, period, result }, 'job done');
      return { job: name, period, status: 'done', result };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await jobRuns.markFailed(this.opts.db, name, period, message).catch(() => {});
      this.opts.log.error({ job: name, period, error: message }, 'job failed');
      return { job: name, period, status: 'failed', error: message };
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Runs a job now, outside its schedule (after an import stored new rows). Not awaited by the
   * caller's request; repeated triggers while one waits to start collapse into it.
   */
  trigger(name: string): Promise<RunOutcome> {
    const pending = this.pendingTriggers.get(name);
    if (pending) return pending;
    const job = this.find(name);
    const now = new Date();
    const period = `trigger:${now.toISOString()}`;
    // Shutting down: what the trigger asked for waits for the next start (a queued import is
    // claimed by its first tick).
    if (this.stopped && this.stopping.signal.aborted) return Promise.resolve({ job: name, period, status: 'skipped' });
    const run = (async (): Promise<RunOutcome> => {
      await Promise.resolve();
      this.pendingTriggers.delete(name);
      try {
        const result = (await job.run({ db: this.opts.db, log: this.opts.log, period, now, signal: this.stopSignal })) ?? {};
        return { job: name, period, status: 'done', result };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.opts.log.error({ job: name, error: message }, 'triggered job failed');
        return { job: name, period, status: 'failed', error: message };
      }
    })();
    this.pendingTriggers.set(name, run);
    void this.track(run);
    return run;
  }

  private async claim(name: string, period: string): Promise<boolean> {
    return jobRuns.claim(this.opts.db, name, period, {
      staleSeconds: Math.ceil((this.opts.staleAfterMs ?? 300_000) / 1000),
      retrySeconds: Math.ceil((this.opts.retryAfterMs ?? 300_000) / 1000),
      maxAttempts: this.opts.maxAttempts ?? 3,
    });
  }

  private find(name: string): JobDefinition {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return job;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => {});
    return promise;
  }
}

/** '2026-11-23' for a UTC day. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** '2026-11-23T14' for a UTC hour. */
export const utcHour = (d: Date) => d.toISOString().slice(0, 13);
