import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AiProvider } from '../integrations/llm/ai-provider';
import type { Mailer } from '../integrations/mail/mailer';
import type { SamGovClient } from '../integrations/samgov/samgov-client';
import type { UserRow } from '../db/schema/index';
import type { FileStore } from './file-store';
import type { JobRunner } from './jobs/job-runner';
import type { ParsePool } from './parse-pool/parse-pool';

/** What the app is built from: passed to buildApp, shared by every request. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Which engine `db` runs on, for health and logs. */
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  /** SAM.gov API client; null without SAM_API_KEY (searches then run on the local database). */
  samGov: SamGovClient | null;
  /** Writes bid documents: the built-in engine, or an OpenAI-compatible model polishing its output. */
  ai: AiProvider;
  /** Uploaded files (solicitation PDFs), content-addressed under DATA_DIR/files. */
  files: FileStore;
  /** Scheduled jobs (daily SAM sync, alerts); services trigger alert runs after storing new rows. */
  jobs: JobRunner;
  /** Worker threads that parse uploads (PDF, .docx, draft scoring) off the request thread. */
  parser: ParsePool;
  /** Applies missing migrations: a database re-created empty gets its tables back without a restart. */
  migrate?: () => Promise<void>;
}

/** Per-request context handed to services (STYLE §2): the deps plus who is calling. */
export interface Ctx extends AppDeps {
  actor: UserRow | null;
  log: FastifyBaseLogger;
}

/** A context whose caller is signed in. */
export interface AuthedCtx extends Ctx {
  actor: UserRow;
}
