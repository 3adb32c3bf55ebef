import path from 'node:path';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createAiProvider } from './integrations/llm/create-provider';
import { createMailer } from './integrations/mail/mailer';
import { samGovFromConfig } from './integrations/samgov/samgov-from-config';
import type { AppDeps } from './lib/ctx';
import { createLocalFileStore } from './lib/file-store';

/** Opens everything the app runs on (database with migrations applied, mailer) from config. */
export async function openRuntime(config: Config, log = pino({ level: config.LOG_LEVEL })): Promise<{ deps: AppDeps; database: Database }> {
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
    files: createLocalFileStore(path.join(config.DATA_DIR, 'files')),
  };
  return { deps, database };
}
