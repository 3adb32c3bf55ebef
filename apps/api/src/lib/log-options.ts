import pino, { type LoggerOptions } from 'pino';
import { logSafeUrl } from './log-safe-url';

/**
 * Properties a database driver error may carry that are safe to log. Everything else is dropped:
 * `detail` repeats the offending values ("Key (email)=(a@b.c) already exists") and drizzle's
 * wrapper carries the whole statement's `params` (emails, password hashes).
 */
const SAFE_DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

/** Drizzle's failed-query message is "Failed query: <sql>\nparams: <values>": keep the SQL only. */
export function stripQueryParams(text: string): string {
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

/**
 * An error as a log line may show it: type, message, code, status and stack, plus the safe fields
 * of a database error and its cause, never the parameters, bodies or other properties an error
 * picked up on the way (pino's default serializer copies every enumerable property).
 */
export function logSafeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? stripQueryParams(err) : err;
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.name, message: stripQueryParams(e.message) };
  if (typeof e.stack === 'string') {
    // The stack's first line repeats the message; keep the frames only.
    const frames = e.stack.indexOf('\n    at ');
    out.stack = `${e.name}: ${out.message as string}${frames === -1 ? '' : e.stack.slice(frames)}`;
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  for (const field of SAFE_DB_FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  if (e.cause !== undefined && depth < 3) out.cause = logSafeError(e.cause, depth + 1);
  return out;
}

/** Top-level string values of a log object, with drizzle's parameter lists cut. */
function scrubStrings(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'string' && value.includes('\nparams:')) (copy ??= { ...object })[key] = stripQueryParams(value);
  }
  return copy ?? object;
}

/**
 * Pino options for every logger of the server (HTTP requests, jobs, mail): request lines without
 * query values, errors without parameters, and the usual secret-bearing keys censored wherever a
 * caller puts them. No request body is ever logged.
 */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: logSafeUrl(req.url), remoteAddress: req.ip }),
      err: logSafeError,
      error: logSafeError,
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'authorization',
        'password',
        'new_password',
        'passwordHash',
        'password_hash',
        'token',
        'link',
        'body',
        '*.password',
        '*.new_password',
        '*.passwordHash',
        '*.password_hash',
        '*.token',
        '*.body',
      ],
      censor: '[redacted]',
    },
    formatters: { log: scrubStrings },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a) => (typeof a === 'string' ? stripQueryParams(a) : a)) as Parameters<typeof method>;
        return method.apply(this, scrubbed);
      },
    },
  };
}

/** A standalone logger with the same rules (jobs, mail and start-up outside a request). */
export function createLogger(level: string): pino.Logger {
  return pino(logOptions(level));
}
