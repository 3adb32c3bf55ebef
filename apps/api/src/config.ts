import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  JWT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
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
  /** Login attempts per account (email) from one client address per minute: a stranger's guesses lock only their own address out. */
  LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /**
   * Login attempts per account per minute from all addresses together, against guessing spread over
   * many addresses. Above what one address may send (the limit above), so no single address locks the owner out.
   */
  LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Redis (redis:// or rediss://, password allowed) holding the rate-limit counters and the SAM.gov
   * caches, so limits hold across API processes; unset -> both in process memory. Unreachable at start -> the start fails.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  /**
   * Proxies whose X-Forwarded-For/-Proto/-Host are believed (Fastify's trustProxy). Unset: none,
   * the socket address is the client (otherwise anyone could pick their address and dodge the rate
   * limits). A hop count (`1` behind one load balancer), or proxy addresses and CIDRs separated by
   * commas (`10.0.0.0/8,127.0.0.1`; also `loopback`, `linklocal`, `uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): false | number | string[] => {
      if (/^(false|no|off|0)$/i.test(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (/^(true|yes|on)$/i.test(value) || bad.length > 0 || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be a hop count or proxy addresses/CIDRs${bad.length ? ` (not ${bad.join(', ')})` : ''}`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .default(false),
  /** Time a client has to send a request's headers, in ms (slow-header connections are closed). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Time a client has to send a whole request, body included, in ms (50 MB at ~170 KB/s). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /** An idle keep-alive connection is closed after this many ms (above load balancers' usual 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
  /** Directory of the built web app; unset -> apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Log level of the server. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the bundled SAM.gov sample rows on first start with an empty database. */
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  /** Let the admin CSV import fetch from loopback/private addresses (off: SSRF guard). */
  IMPORT_ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
  /** Largest CSV the URL import downloads, in bytes (SAM's active extract is ~230 MB). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** Award ZIP imports (issue 27): most entries an archive may list. */
  IMPORT_ZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(1000),
  /** Award ZIP imports: most bytes its CSV entries may add up to uncompressed (a fiscal year's archive is tens of GB). */
  IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /** Award ZIP imports: an entry expanding more than this many times is refused as a zip bomb (real CSVs: ~10). */
  IMPORT_ZIP_MAX_RATIO: z.coerce.number().int().positive().default(200),
  /** Time limit of a URL import, in ms (the web client gives up after 180 s). */
  IMPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(175_000),
  /** Largest uploaded file (solicitation PDF), in bytes. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Most pages a PDF may have (solicitations, drafts); a longer one is refused before its text is read. */
  PDF_MAX_PAGES: z.coerce.number().int().positive().default(2000),
  /** Time one file's parse (PDF text, .docx, draft scoring) may take in a worker before it is stopped. */
  PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Worker threads that parse uploads off the request thread; default: one per core but one. */
  PARSE_WORKERS: z.coerce
    .number()
    .int()
    .positive()
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  /** Parse threads kept started and idle, so a file queued behind a stopped one starts at once. */
  PARSE_SPARE_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
  /** Heap limit of one parse worker, in MB: a file that needs more is refused, the server lives on. */
  PARSE_MAX_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  /** Bytes of uploaded files one user may keep (every upload path), in MB. */
  USER_STORAGE_QUOTA_MB: z.coerce.number().positive().default(5120),
  /**
   * S3-compatible object storage for uploaded files (AWS S3, MinIO, Ceph, R2...); unset -> files on
   * local disk in DATA_DIR/files. Several API processes must share one store, so set it when scaling out.
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    // Keys in the URL would end up wherever the endpoint is printed; they have their own variables.
    .refine(
      (u) => !new URL(u).username && !new URL(u).password,
      'S3_ENDPOINT must not hold credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    )
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Unset both -> the AWS SDK's own credential chain (AWS_* variables, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name; unset -> true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Days a workspace invitation link stays valid (WORKSPACES.md §1). */
  INVITE_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Hours after which a document check-out shows as stale and the owner may force-release it. */
  LOCK_STALE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** SAM.gov public API key; unset -> searches run on the local database. */
  SAM_API_KEY: z.string().optional(),
  SAM_API_BASE_URL: z.url().default('https://api.sam.gov'),
  /**
   * Requests a day SAM_API_KEY may make to SAM.gov's Contract Awards API, counted across processes
   * (SAM allows 10 a day to a key without a role, 1,000 with one); a 429 from SAM ends the day early.
   */
  SAM_AWARDS_DAILY_LIMIT: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** USAspending API v2 (award detail, search, recipients); public, no key. */
  USASPENDING_API_BASE_URL: z.url().default('https://api.usaspending.gov'),
  /**
   * When a notice's awards are opened, look up what the imported award data lacks: the contract
   * numbers it quotes on USAspending, and (with SAM_API_KEY) its solicitation number on SAM.gov
   * Contract Awards within SAM_AWARDS_DAILY_LIMIT; answers cached 6 hours. Off: only imported data
   * is used (an installation without internet access).
   */
  AWARD_LOOKUPS: booleanFromEnv.default(true),
  /** AI provider: the built-in engine, or any OpenAI-compatible server. */
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Run scheduled jobs (daily SAM.gov sync, saved-search and deadline alerts) in this process. */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** Time between job ticks, in ms; each tick runs what is due and not yet run by any process. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * API processes sharing the port (node:cluster, see cluster.ts). More than 1 needs DATABASE_URL:
   * the embedded database (PGlite) lives inside one process.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * On SIGTERM/SIGINT, time requests under way get to finish before their connections are cut, in
   * ms (new connections are refused at once; the process then closes its database and exits).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long a listing page is shared by all users of a process before it is read again, in ms; 0 = off. */
  LISTING_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * How long a signed-in user's row is reused by the auth hook before it is read again, in ms; 0 = off.
   * A deleted user or an ended session is refused on every process within this bound (at once where
   * the change was made and, with REDIS_URL, everywhere). At most 10 s: "within seconds" is the rule.
   */
  AUTH_USER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
});

/** A proxy address for TRUST_PROXY: an IP, a CIDR, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  try {
    if (entry.includes('/')) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return ipaddr.isValid(entry.split('/')[0]!);
  } catch {
    return false;
  }
}

/** S3 settings that only make sense together (zod runs this once every field parsed). */
function checkS3Settings(c: z.infer<typeof ConfigSchema>, ctx: z.RefinementCtx): void {
  if (c.S3_ENDPOINT && !c.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when S3_ENDPOINT is set' });
  if (!c.S3_ENDPOINT && c.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ENDPOINT'],
      message: 'S3_ENDPOINT is required when S3_BUCKET is set (e.g. https://s3.us-east-1.amazonaws.com)',
    });
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    });
  }
}

export type RawConfig = z.infer<typeof ConfigSchema>;
export type Config = Omit<RawConfig, 'S3_FORCE_PATH_STYLE'> & {
  S3_FORCE_PATH_STYLE: boolean;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  WEB_DIST_DIR: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws one error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.superRefine(checkS3Settings).safeParse(cleaned);
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
    // Most S3-compatible servers (MinIO, Ceph, s3rver) only serve path-style requests.
    S3_FORCE_PATH_STYLE: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
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
