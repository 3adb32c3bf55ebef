import path from 'node:path';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createAiProvider } from './integrations/llm/create-provider';
import { createMailer } from './integrations/mail/mailer';
import { samGovFromConfig } from './integrations/samgov/samgov-from-config';
import type { AppDeps } from './lib/ctx';
import { openFileStore } from './lib/open-file-store';
import { createLogger } from './lib/log-options';
import { createParsePool } from './lib/parse-pool/parse-pool';
import { JobRunner } from './lib/jobs/job-runner';
import { scheduledJobs } from './jobs/scheduled-jobs';

/**
 * Opens everything the app runs on (database with migrations applied, mailer) from config. Jobs and
 * mail log through the same rules as requests (lib/log-options): no secrets, no query parameters.
 */
export async function openRuntime(
  config: Config,
  log: pino.Logger = createLogger(config.LOG_LEVEL),
): Promise<{ deps: AppDeps; database: Database }> {
  // Storage first: an unreachable S3 bucket stops the start before any migration runs.
  const files = await openFileStore(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.DATA_DIR, 'outbox'),
    log,
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer,
    samGov: samGovFromConfig(config),
    ai: createAiProvider(config),
    files,
    parser: createParsePool({
      workers: config.PARSE_WORKERS,
      spareWorkers: config.PARSE_SPARE_WORKERS,
      maxMemoryMb: config.PARSE_MAX_MEMORY_MB,
    }),
    jobs: new JobRunner({ db: database.db, log, intervalMs: config.JOBS_INTERVAL_MS }),
    migrate: database.migrate,
  };
  deps.jobs.register(scheduledJobs(deps));
  return { deps, database };
}
