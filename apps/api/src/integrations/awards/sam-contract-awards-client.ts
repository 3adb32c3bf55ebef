import type { JsonCache } from '../../lib/json-cache';
import type { AwardRecord } from './award-record';
import { AwardSourceError, DEFAULT_RETRY, isRecord, requestJson, type RetryPolicy } from './award-http';
import { nextUtcMidnight, type DailyQuota } from './daily-quota';
import { awardFromSam } from './sam-contract-awards-mapper';
import { SamAwardsAnswerSchema, type SamAward } from './sam-contract-awards-schemas';
import { describeIssues } from './usaspending-schemas';

/**
 * Client for SAM.gov's Contract Awards API v1 (the FPDS replacement), with the SAM_API_KEY. Facts:
 * /work/shared/data/awards/API-FACTS.md §2. Every request, retries included, is taken from the
 * daily quota first; a used-up quota refuses without asking SAM. Answers are schema-checked before
 * they are used or cached. The key travels only in the outgoing query string and is removed from
 * every message.
 */

export const SAM_AWARDS_SOURCE = 'SAM.gov Contract Awards';
export const SAM_AWARDS_PATH = '/contract-awards/v1/search';
export const SAM_AWARDS_MAX_LIMIT = 100;
/** offset (a page index) × limit may not pass this (the server refuses with 400). */
export const SAM_AWARDS_MAX_WINDOW = 400_000;

export interface DateRange {
  from?: Date;
  to?: Date;
}

export interface SamAwardsSearchParams {
  piid?: string;
  /** The solicitation number: the direct link from an opportunity's Sol#. */
  solicitationId?: string;
  referencedIdvPiid?: string;
  awardeeUei?: string;
  /** Up to 100 each (sent joined with "~", SAM's OR). */
  naicsCodes?: string[];
  pscCodes?: string[];
  contractingSubtierCode?: string;
  contractingOfficeCode?: string;
  dateSigned?: DateRange;
  /** The recompete radar's filter. */
  currentCompletionDate?: DateRange;
  /** "0" for base records only. */
  modificationNumber?: string;
  /** The award family: awards or IDVs (vehicles). */
  awardOrIdv?: 'Award' | 'IDV';
  /** 1–100; default 100. */
  limit?: number;
  /** Page index from 0. */
  page?: number;
}

export interface SamAwardsPage {
  records: SamAward[];
  awards: AwardRecord[];
  totalRecords: number;
  hasNext: boolean;
}

export interface SamContractAwardsClient {
  search(params: SamAwardsSearchParams): Promise<SamAwardsPage>;
  searchAll(params: SamAwardsSearchParams, maxPages: number): AsyncGenerator<SamAwardsPage>;
  quota: DailyQuota;
}

export interface SamContractAwardsClientOptions {
  apiKey: string;
  quota: DailyQuota;
  baseUrl?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  cache?: JsonCache<unknown>;
  fetch?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** MM/DD/YYYY of the UTC day. */
export function samDay(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date');
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** SAM's range syntax: "[01/01/2025,]" with either end open. */
export function samRange(r: DateRange): string {
  if (!r.from && !r.to) throw new RangeError('A date range needs a start or an end');
  return `[${r.from ? samDay(r.from) : ''},${r.to ? samDay(r.to) : ''}]`;
}

// Characters SAM does not allow in values (they are its query syntax).
const FORBIDDEN = /[&|{}^\\]/;

function value(name: string, v: string): string {
  const t = v.trim();
  if (!t) throw new RangeError(`${name} is empty`);
  if (FORBIDDEN.test(t)) throw new RangeError(`${name} may not contain & | { } ^ or \\`);
  return t;
}

function list(name: string, values: string[]): string {
  if (values.length > 100) throw new RangeError(`SAM.gov takes at most 100 ${name} values`);
  return values.map((v) => value(name, v)).join('~');
}

/** The gateway's "2026-Sep-02 00:00:00+0000 UTC" (what SAM's 429 carries as nextAccessTime). */
function parseNextAccess(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-([A-Za-z]{3})-(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!m) return null;
  const month = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(m[2]!.toLowerCase());
  if (month < 0) return null;
  return new Date(Date.UTC(Number(m[1]), month, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

const asCount = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export function createSamContractAwardsClient(options: SamContractAwardsClientOptions): SamContractAwardsClient {
  const { apiKey, quota } = options;
  if (!apiKey) throw new Error('SAM.gov API key is required');
  const baseUrl = (options.baseUrl ?? 'https://api.sam.gov').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? (() => new Date());
  const redact = (text: string) => text.split(apiKey).join('***');

  function query(params: SamAwardsSearchParams): URLSearchParams {
    const limit = params.limit ?? SAM_AWARDS_MAX_LIMIT;
    const page = params.page ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > SAM_AWARDS_MAX_LIMIT)
      throw new RangeError(`SAM.gov Contract Awards limit must be 1-${SAM_AWARDS_MAX_LIMIT}`);
    if (!Number.isInteger(page) || page < 0) throw new RangeError('page must be a non-negative integer');
    if (page * limit > SAM_AWARDS_MAX_WINDOW)
      throw new RangeError(
        `SAM.gov pages only through the first ${SAM_AWARDS_MAX_WINDOW.toLocaleString('en-US')} records; narrow the search`,
      );
    const q = new URLSearchParams({ limit: String(limit), offset: String(page) });
    if (params.piid) q.set('piid', value('piid', params.piid));
    if (params.solicitationId) q.set('solicitationID', value('solicitationID', params.solicitationId));
    if (params.referencedIdvPiid) q.set('referencedIdvPiid', value('referencedIdvPiid', params.referencedIdvPiid));
    if (params.awardeeUei) q.set('awardeeUniqueEntityId', value('awardeeUniqueEntityId', params.awardeeUei));
    if (params.naicsCodes?.length) q.set('naicsCode', list('NAICS', params.naicsCodes));
    if (params.pscCodes?.length) q.set('productOrServiceCode', list('PSC', params.pscCodes));
    if (params.contractingSubtierCode) q.set('contractingSubtierCode', value('contractingSubtierCode', params.contractingSubtierCode));
    if (params.contractingOfficeCode) q.set('contractingOfficeCode', value('contractingOfficeCode', params.contractingOfficeCode));
    if (params.dateSigned) q.set('dateSigned', samRange(params.dateSigned));
    if (params.currentCompletionDate) q.set('currentCompletionDate', samRange(params.currentCompletionDate));
    if (params.modificationNumber !== undefined) q.set('modificationNumber', value('modificationNumber', params.modificationNumber));
    if (params.awardOrIdv) q.set('awardOrIDV', params.awardOrIdv);
    return q;
  }

  async function search(params: SamAwardsSearchParams): Promise<SamAwardsPage> {
    const q = query(params);
    const cacheKey = `sam-awards:${q.toString()}`;
    const cached = await options.cache?.get(cacheKey);
    const body = cached !== undefined ? cached : await ask(q);
    const parsed = SamAwardsAnswerSchema.safeParse(body ?? { awardSummary: [], totalRecords: '0' });
    if (!parsed.success) {
      throw new AwardSourceError(
        'malformed',
        `${SAM_AWARDS_SOURCE} search answered in an unexpected shape (${describeIssues(parsed.error)})`,
      );
    }
    if (cached === undefined) await options.cache?.set(cacheKey, body ?? null);
    const records = parsed.data.awardSummary ?? [];
    const fetchedAt = now();
    const total = asCount(parsed.data.totalRecords) ?? records.length;
    const limit = Number(q.get('limit'));
    const page = Number(q.get('offset'));
    return {
      records,
      awards: records.map((r) => awardFromSam(r, fetchedAt)),
      totalRecords: total,
      hasNext: (page + 1) * limit < total && records.length > 0,
    };
  }

  async function ask(q: URLSearchParams): Promise<unknown> {
    const url = new URL(baseUrl + SAM_AWARDS_PATH);
    url.search = q.toString();
    url.searchParams.set('api_key', apiKey);
    const answer = await requestJson({
      source: SAM_AWARDS_SOURCE,
      what: 'search',
      url,
      method: 'GET',
      timeoutMs,
      retry: options.retry ?? DEFAULT_RETRY,
      fetch: options.fetch ?? globalThis.fetch,
      sleep: options.sleep,
      redact,
      beforeAttempt: async () => {
        if (!(await quota.take())) {
          const usage = await quota.usage();
          const reset = nextUtcMidnight(now());
          throw new AwardSourceError(
            'quota_exhausted',
            `${SAM_AWARDS_SOURCE} daily quota of ${usage.limit} requests is used up until ${reset.toISOString()}`,
            undefined,
            reset,
          );
        }
      },
      // SAM's gateway answers a used-up daily quota with 429 and nextAccessTime: no retry helps.
      quotaReset: (body) => (isRecord(body) ? parseNextAccess(body.nextAccessTime) : null),
    }).catch(async (err: unknown) => {
      if (err instanceof AwardSourceError && err.kind === 'quota_exhausted' && err.status === 429) await quota.exhaust();
      throw err;
    });
    return answer.body;
  }

  return {
    quota,
    search,
    async *searchAll(params, maxPages) {
      for (let page = params.page ?? 0, n = 0; n < maxPages; page++, n++) {
        const result = await search({ ...params, page });
        yield result;
        if (!result.hasNext) return;
      }
    },
  };
}
