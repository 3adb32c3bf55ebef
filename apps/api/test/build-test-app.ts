import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import type { MailMessage, Mailer } from '../src/integrations/mail/mailer';
import { createAiProvider } from '../src/integrations/llm/create-provider';
import { samGovFromConfig } from '../src/integrations/samgov/samgov-from-config';
import { createLocalFileStore } from '../src/lib/file-store';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Mail the app sent, in order. */
  mails: MailMessage[];
  injectAs(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database, with mail captured in memory. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
    ...env,
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void mails.push(m) };
  const app = await buildApp(
    {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer,
      samGov: samGovFromConfig(config),
      ai: createAiProvider(config),
      files: createLocalFileStore(path.join(config.DATA_DIR, 'files')),
    },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    mails,
    injectAs(token, opts) {
      const headers = { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return app.inject({ ...opts, headers });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
