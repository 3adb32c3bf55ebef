import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind. */
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database, files, outbox and generated secret live. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset -> embedded PGlite in DATA_DIR/pg. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Public base URL used in links sent by mail. */
  PUBLIC_URL: z.url().optional(),
  /** Secret for signing session tokens; unset -> generated once and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Session token lifetime, in hours. */
  JWT_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** SMTP server, e.g. smtp://user:pass@mail.example.com:587; unset -> .eml files in DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Sender address of outgoing mail. */
  MAIL_FROM: z.string().default('BidDesk <no-reply@biddesk.local>'),
  /** First admin, created at start when no admin exists. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  ADMIN_NAME: z.string().default('Administrator'),
  /** Login and forgot-password attempts allowed per client address per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Directory of the built web app; unset -> apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Log level of the server. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the bundled SAM.gov sample rows on first start with an empty database. */
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  /** Let the admin CSV import fetch from loopback/private addresses (off: SSRF guard). */
  IMPORT_ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
  /** Largest CSV the URL import downloads, in bytes (SAM's active extract is ~230 MB). */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  /** Time limit of a URL import, in ms (the web client gives up after 180 s). */
  IMPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(175_000),
  /** Largest uploaded file (solicitation PDF), in bytes. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  /** Days a workspace invitation link stays valid (WORKSPACES.md §1). */
  INVITE_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Hours after which a document check-out shows as stale and the owner may force-release it. */
  LOCK_STALE_HOURS: z.coerce.number().positive().max(24 * 365).default(24),
  /** SAM.gov public API key; unset -> searches run on the local database. */
  SAM_API_KEY: z.string().optional(),
  SAM_API_BASE_URL: z.url().default('https://api.sam.gov'),
  /** AI provider: the built-in engine, or any OpenAI-compatible server. */
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
});

export type RawConfig = z.infer<typeof ConfigSchema>;
export type Config = RawConfig & {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  WEB_DIST_DIR: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws one error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    JWT_SECRET: raw.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    WEB_DIST_DIR: path.resolve(raw.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
  };
}

/** Keeps a generated signing secret in DATA_DIR so sessions survive restarts (DESIGN §2). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
