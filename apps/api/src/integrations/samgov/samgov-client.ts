import { notFound, tooManyRequests, upstreamFailed } from '../../lib/errors';
import type { SamOpportunity } from './samgov-types';

/**
 * Client for the SAM.gov Get Opportunities Public API v2 (search) and its noticedesc endpoint.
 * Facts: /work/shared/data/samgov/API-FACTS.md. The api_key travels only in the query string of
 * the outgoing request; it never appears in an error message.
 */

export type SamGovErrorKind = 'rate_limited' | 'not_found' | 'unauthorized' | 'upstream' | 'timeout';

export class SamGovError extends Error {
  constructor(
    readonly kind: SamGovErrorKind,
    message: string,
    /** HTTP status SAM answered, when it answered. */
    readonly status?: number,
    /** On rate_limited: when SAM says the quota resets (from the gateway's `nextAccessTime`). */
    readonly nextAccessTime?: Date,
  ) {
    super(message);
    this.name = 'SamGovError';
  }
}

export interface SamSearchParams {
  title?: string;
  organizationName?: string;
  /** NAICS code, at most 6 digits. */
  ncode?: string;
  /** Classification code (PSC). */
  ccode?: string;
  /** Set-aside code, e.g. `SBA`. */
  typeOfSetAside?: string;
  /** Sent as the calendar day (UTC) in MM/dd/yyyy. */
  postedFrom: Date;
  /** Sent as the calendar day (UTC) in MM/dd/yyyy; at most one year after postedFrom. */
  postedTo: Date;
  /** 0–1000; default 100. */
  limit?: number;
  /** Record offset (most implementers advance it by `limit`); default 0. */
  offset?: number;
}

export interface SamSearchResult {
  totalRecords: number;
  opportunities: SamOpportunity[];
}

export interface SamGovClient {
  searchOpportunities(params: SamSearchParams): Promise<SamSearchResult>;
  /** The description HTML of one notice, raw (not sanitised). */
  fetchDescription(noticeId: string): Promise<string>;
}

export interface SamGovClientOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const SAM_SEARCH_PATH = '/opportunities/v2/search';
export const SAM_NOTICEDESC_PATH = '/prod/opportunities/v1/noticedesc';
export const SAM_MAX_LIMIT = 1000;
export const SAM_DEFAULT_LIMIT = 100;

/** MM/dd/yyyy of the Date's UTC calendar day (SAM rejects ISO dates with a 400). */
export function formatSamDate(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${String(d.getUTCFullYear()).padStart(4, '0')}`;
}

/** UTC midnight of the Date's UTC calendar day. */
function utcDay(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** SAM's rule: the posted window may span at most one year (same day next year is the last allowed). */
export function isWithinOneYear(from: Date, to: Date): boolean {
  const limit = new Date(utcDay(from));
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return utcDay(to) <= limit.getTime();
}

/** Parses the WSO2 gateway's `"2026-Sep-02 00:00:00+0000 UTC"`. */
export function parseNextAccessTime(text: string | undefined | null): Date | undefined {
  if (!text) return undefined;
  const m = /^(\d{4})-([A-Za-z]{3})-(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s*([+-])(\d{2}):?(\d{2})?/.exec(text.trim());
  if (!m) return undefined;
  const month = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(m[2].toLowerCase());
  if (month < 0) return undefined;
  const offsetMin = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9] ?? 0));
  const ms = Date.UTC(Number(m[1]), month, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - offsetMin * 60_000;
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

export function createSamGovClient(options: SamGovClientOptions): SamGovClient {
  const { apiKey, timeoutMs = 15_000 } = options;
  const baseUrl = (options.baseUrl ?? 'https://api.sam.gov').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  if (!apiKey) throw new Error('SAM.gov API key is required');

  /** Removes the key from any text that might echo the request URL. */
  const redact = (text: string): string => (apiKey ? text.split(apiKey).join('***') : text);

  async function get(what: string, url: URL): Promise<{ status: number; text: string; headers: Headers }> {
    url.searchParams.set('api_key', apiKey);
    let response: Response;
    let text: string;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await doFetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
      text = await response.text();
    } catch (err) {
      if (signal.aborted || isAbortError(err)) {
        throw new SamGovError('timeout', `SAM.gov ${what} timed out after ${timeoutMs} ms`);
      }
      throw new SamGovError('upstream', redact(`SAM.gov ${what} failed: ${describeNetworkError(err)}`));
    }
    return { status: response.status, text, headers: response.headers };
  }

  function fail(what: string, status: number, text: string, headers: Headers): never {
    const body = tryParseJson(text);
    const samMessage = redact(extractMessage(body) ?? '').slice(0, 300);
    const suffix = samMessage ? `: ${samMessage}` : '';
    if (status === 429) {
      const next =
        parseNextAccessTime(isRecord(body) && typeof body.nextAccessTime === 'string' ? body.nextAccessTime : undefined) ??
        retryAfter(headers.get('retry-after'));
      const when = next ? ` until ${next.toISOString()}` : '';
      throw new SamGovError('rate_limited', `SAM.gov rate limit reached${when} (HTTP 429)${suffix}`, status, next);
    }
    if (status === 401 || status === 403) {
      throw new SamGovError('unauthorized', `SAM.gov rejected the API key (HTTP ${status})${suffix}`, status);
    }
    if (status === 404) throw new SamGovError('not_found', `SAM.gov ${what}: not found (HTTP 404)${suffix}`, status);
    throw new SamGovError('upstream', `SAM.gov ${what} failed (HTTP ${status})${suffix}`, status);
  }

  return {
    async searchOpportunities(params) {
      const limit = params.limit ?? SAM_DEFAULT_LIMIT;
      const offset = params.offset ?? 0;
      if (!Number.isInteger(limit) || limit < 0 || limit > SAM_MAX_LIMIT) {
        throw new RangeError(`SAM.gov limit must be an integer 0-${SAM_MAX_LIMIT}`);
      }
      if (!Number.isInteger(offset) || offset < 0) throw new RangeError('SAM.gov offset must be a non-negative integer');
      const postedFrom = formatSamDate(params.postedFrom);
      const postedTo = formatSamDate(params.postedTo);
      if (utcDay(params.postedTo) < utcDay(params.postedFrom)) throw new RangeError('postedTo is before postedFrom');
      if (!isWithinOneYear(params.postedFrom, params.postedTo)) {
        throw new RangeError('SAM.gov allows a posted-date window of at most 1 year');
      }

      const url = new URL(baseUrl + SAM_SEARCH_PATH);
      const query: Record<string, string | undefined> = {
        postedFrom,
        postedTo,
        limit: String(limit),
        offset: String(offset),
        title: params.title,
        organizationName: params.organizationName,
        ncode: params.ncode,
        ccode: params.ccode,
        typeOfSetAside: params.typeOfSetAside,
      };
      for (const [key, value] of Object.entries(query)) {
        const v = value?.trim();
        if (v) url.searchParams.set(key, v);
      }

      const what = 'search';
      const { status, text, headers } = await get(what, url);
      if (status < 200 || status > 299) fail(what, status, text, headers);
      const body = tryParseJson(text);
      if (!isRecord(body)) throw new SamGovError('upstream', 'SAM.gov search answered with invalid JSON', status);
      const data = body.opportunitiesData ?? [];
      if (!Array.isArray(data)) throw new SamGovError('upstream', 'SAM.gov search answer has no opportunitiesData list', status);
      const opportunities = data.filter((o): o is SamOpportunity => isRecord(o) && typeof o.noticeId === 'string' && o.noticeId !== '');
      const total = Number(body.totalRecords);
      return { totalRecords: Number.isFinite(total) ? total : opportunities.length, opportunities };
    },

    async fetchDescription(noticeId) {
      const id = noticeId.trim();
      if (!id) throw new RangeError('noticeId is required');
      const url = new URL(baseUrl + SAM_NOTICEDESC_PATH);
      url.searchParams.set('noticeid', id);
      const what = `description of notice ${id}`;
      const { status, text, headers } = await get(what, url);
      if (status < 200 || status > 299) fail(what, status, text, headers);
      const description = extractDescription(text);
      if (description === undefined) {
        throw new SamGovError('upstream', `SAM.gov ${what} answered in an unexpected format`, status);
      }
      if (/^description not found\.?$/i.test(description.trim())) {
        throw new SamGovError('not_found', `SAM.gov ${what}: Description Not Found`, status);
      }
      return description;
    },
  };
}

/**
 * noticedesc's body: implementers parse `{"description":"<html…>"}`; a bare JSON string and raw
 * HTML are accepted too (no verbatim answer is on record). undefined = not understood.
 */
function extractDescription(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const parsed = tryParseJson(trimmed);
  if (parsed === undefined) {
    // Not JSON: raw HTML or text, but not a stray JSON-looking fragment.
    return trimmed.startsWith('{') || trimmed.startsWith('[') ? undefined : text;
  }
  if (typeof parsed === 'string') return parsed;
  if (parsed === null) return '';
  if (isRecord(parsed)) {
    if (typeof parsed.description === 'string') return parsed.description;
    if (parsed.description === null) return '';
  }
  return undefined;
}

/** The human message from SAM's, the WSO2 gateway's or API Umbrella's error bodies. */
function extractMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return undefined;
  if (typeof body.errorMessage === 'string') return body.errorMessage;
  if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (typeof body.message === 'string') {
    return typeof body.description === 'string' ? `${body.message}. ${body.description}` : body.message;
  }
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

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** A short, URL-free reason for a network failure (undici puts the real one in `cause`). */
function describeNetworkError(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return `network error (${cause.code})`;
  return 'network error';
}

/** SPEC §8: what the user reads when SAM.gov's quota is used up. */
export const SAM_RATE_LIMIT_DETAIL = 'SAM.gov rate limit exceeded. Please try again later.';

/**
 * Maps a SamGovError to the API's AppError for route handlers; anything else passes through.
 * Unauthorized / timeout / upstream are the server's problem, not the user's: 502, never 401.
 */
export function samGovErrorToAppError(err: unknown): unknown {
  if (!(err instanceof SamGovError)) return err;
  switch (err.kind) {
    case 'rate_limited':
      return tooManyRequests(SAM_RATE_LIMIT_DETAIL);
    case 'not_found':
      return notFound('SAM.gov has no such record');
    case 'unauthorized':
      return upstreamFailed('SAM.gov rejected the configured API key. Ask an administrator to check SAM_API_KEY.');
    case 'timeout':
      return upstreamFailed('SAM.gov did not answer in time. Please try again.');
    default:
      return upstreamFailed('SAM.gov failed to answer. Please try again later.');
  }
}
