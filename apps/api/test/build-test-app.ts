import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/lib/ctx';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import type { MailMessage, Mailer } from '../src/integrations/mail/mailer';
import { createAiProvider } from '../src/integrations/llm/create-provider';
import { samGovFromConfig } from '../src/integrations/samgov/samgov-from-config';
import type { FileStore } from '../src/lib/file-store';
import { openFileStore } from '../src/lib/open-file-store';
import { createParsePool } from '../src/lib/parse-pool/parse-pool';
import { JobRunner } from '../src/lib/jobs/job-runner';
import { scheduledJobs } from '../src/jobs/scheduled-jobs';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Mail the app sent, in order. */
  mails: MailMessage[];
  /** The app's job runner (not started): tick it, or await idle() after an import. */
  jobs: JobRunner;
  /** Where the app keeps uploaded files: local disk, or S3 when the env given sets S3_ENDPOINT. */
  files: FileStore;
  injectAs(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database, with mail captured in memory. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: DestinationStream; redis?: Redis } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // Each app gets its own data dir so stored files never leak between test files.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://biddesk.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    // Tests never reach USAspending; a test that looks awards up points it at the fake.
    AWARD_LOOKUPS: 'false',
    ...env,
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void mails.push(m) };
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    samGov: samGovFromConfig(config),
    ai: createAiProvider(config),
    files: await openFileStore(config),
    // No spare threads (PARSE_SPARE_WORKERS): most test apps never read a file, and each started
    // thread loads pdf.js; threads start on first use instead.
    parser: createParsePool({ workers: config.PARSE_WORKERS, maxMemoryMb: config.PARSE_MAX_MEMORY_MB }),
    // Never started in tests: a test ticks it or awaits jobs.idle() after a triggered run.
    jobs: new JobRunner({ db: database.db, log: pino({ level: 'silent' }) }),
    migrate: database.migrate,
  };
  deps.jobs.register(scheduledJobs(deps));
  // Silent, unless a test reads what the server's logger would write.
  // opts.redis: counters and caches in a Redis the test owns (test/test-redis.ts), shared between apps.
  const app = await buildApp(deps, {
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    ...(opts.redis ? { redis: opts.redis } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    mails,
    jobs: deps.jobs,
    files: deps.files,
    injectAs(token, opts) {
      const headers = { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return app.inject({ ...opts, headers });
    },
    async close() {
      await deps.jobs.stop();
      await app.close();
      await deps.parser.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
