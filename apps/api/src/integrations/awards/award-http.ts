/**
 * The HTTP half shared by the award clients: one JSON request with a time limit, retried with
 * exponential backoff on 429 and 5xx answers and on network failures (USAspending documents no
 * rate limit but implementers back off on both: /work/shared/data/awards/API-FACTS.md §1). A
 * daily quota, when the source has one, is taken before every attempt, retries included, because
 * the source counts every request it receives.
 */

export type AwardSourceErrorKind =
  'rate_limited' | 'quota_exhausted' | 'not_found' | 'unauthorized' | 'bad_request' | 'upstream' | 'timeout' | 'malformed';

export class AwardSourceError extends Error {
  constructor(
    readonly kind: AwardSourceErrorKind,
    message: string,
    readonly status?: number,
    /** When the source says it may be asked again (quota reset, Retry-After). */
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = 'AwardSourceError';
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; doubled for each next one. */
  baseDelayMs: number;
  /** Longest single wait, Retry-After included. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 };

export interface JsonRequest {
  /** "USAspending" or "SAM.gov Contract Awards": the start of every message. */
  source: string;
  /** What was asked, for messages: "award search", "award CONT_AWD_…". */
  what: string;
  url: URL;
  method: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch: typeof fetch;
  /** Runs before every attempt (a quota take); throwing stops the request. */
  beforeAttempt?: () => Promise<void>;
  /**
   * A 429 that is a used-up daily quota rather than a momentary throttle: not retried. Gets the
   * parsed body; returns when the quota resets, or null when this 429 is a plain throttle.
   */
  quotaReset?: (body: unknown, headers: Headers) => Date | null;
  /** Removes secrets (an api_key) from any text that might echo the request. */
  redact?: (text: string) => string;
  sleep?: (ms: number) => Promise<void>;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON; undefined for an empty body (SAM's 204). */
  body: unknown;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function requestJson(req: JsonRequest): Promise<JsonAnswer> {
  const redact = req.redact ?? ((t: string) => t);
  const sleep = req.sleep ?? wait;
  let lastError: AwardSourceError | null = null;
  for (let attempt = 1; attempt <= req.retry.attempts; attempt++) {
    if (attempt > 1) await sleep(backoff(req.retry, attempt - 1, lastError?.retryAt));
    await req.beforeAttempt?.();
    const signal = AbortSignal.timeout(req.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await req.fetch(req.url, {
        method: req.method,
        headers:
          req.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal,
      });
      text = await response.text();
    } catch (err) {
      lastError =
        signal.aborted || isAbortError(err)
          ? new AwardSourceError('timeout', `${req.source} ${req.what} timed out after ${req.timeoutMs} ms`)
          : new AwardSourceError('upstream', redact(`${req.source} ${req.what} failed: ${networkReason(err)}`));
      continue;
    }
    const body = parseJson(text);
    const { status } = response;
    if (status >= 200 && status < 300) {
      if (body === INVALID)
        throw new AwardSourceError('malformed', `${req.source} ${req.what} answered with text that is not JSON`, status);
      return { status, body };
    }
    const message = redact(extractMessage(body === INVALID ? text : body) ?? '').slice(0, 300);
    const suffix = message ? `: ${message}` : '';
    if (status === 429) {
      const reset = req.quotaReset?.(body, response.headers) ?? null;
      if (reset) {
        throw new AwardSourceError(
          'quota_exhausted',
          `${req.source} daily quota is used up until ${reset.toISOString()} (HTTP 429)${suffix}`,
          status,
          reset,
        );
      }
      lastError = new AwardSourceError(
        'rate_limited',
        `${req.source} ${req.what} was throttled (HTTP 429)${suffix}`,
        status,
        retryAfter(response.headers.get('retry-after')),
      );
      continue;
    }
    if (status >= 500) {
      lastError = new AwardSourceError('upstream', `${req.source} ${req.what} failed (HTTP ${status})${suffix}`, status);
      continue;
    }
    if (status === 401 || status === 403)
      throw new AwardSourceError('unauthorized', `${req.source} refused the request (HTTP ${status})${suffix}`, status);
    if (status === 404) throw new AwardSourceError('not_found', `${req.source} ${req.what}: not found (HTTP 404)${suffix}`, status);
    throw new AwardSourceError('bad_request', `${req.source} refused ${req.what} (HTTP ${status})${suffix}`, status);
  }
  const last = lastError!;
  throw new AwardSourceError(last.kind, `${last.message} (gave up after ${req.retry.attempts} attempts)`, last.status, last.retryAt);
}

/** Exponential backoff with up to 25% jitter, or the source's Retry-After when it is sooner than the cap. */
export function backoff(policy: RetryPolicy, retry: number, retryAt?: Date): number {
  if (retryAt) return Math.min(policy.maxDelayMs, Math.max(0, retryAt.getTime() - Date.now()));
  const exp = policy.baseDelayMs * 2 ** (retry - 1);
  return Math.min(policy.maxDelayMs, Math.round(exp * (1 + Math.random() * 0.25)));
}

const INVALID = Symbol('invalid json');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

/** The human message of SAM's `{message, detail}` (the message says what; detail is advice), USAspending's `{detail}` and gateway bodies. */
export function extractMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!isRecord(body)) return undefined;
  for (const key of ['errorMessage', 'message', 'detail', 'error_message']) {
    const v = body[key];
    if (typeof v === 'string' && v.trim()) {
      return typeof body.description === 'string' && key === 'message' ? `${v}. ${body.description}` : v;
    }
  }
  if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (typeof body.error === 'string') return body.error;
  return undefined;
}

function retryAfter(header: string | null): Date | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return new Date(Date.now() + seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : new Date(at);
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** A URL-free reason for a network failure (undici puts the real one in `cause`). */
function networkReason(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return cause && typeof cause.code === 'string' ? `network error (${cause.code})` : 'network error';
}
