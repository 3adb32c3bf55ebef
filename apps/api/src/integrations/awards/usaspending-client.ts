import type { z } from 'zod';
import type { JsonCache } from '../../lib/json-cache';
import type { AwardRecord, RecipientRecord } from './award-record';
import { AwardSourceError, DEFAULT_RETRY, requestJson, type RetryPolicy } from './award-http';
import { awardFromDetail, awardFromSearchResult, recipientFromDetail } from './usaspending-mapper';
import {
  AwardDetailSchema,
  describeIssues,
  IdvAwardsAnswerSchema,
  RecipientDetailSchema,
  SearchAnswerSchema,
  TransactionsAnswerSchema,
  type UsaIdvChildAward,
  type UsaSearchResult,
  type UsaTransaction,
} from './usaspending-schemas';

/**
 * Client for USAspending API v2 (no key). Facts: /work/shared/data/awards/API-FACTS.md §1. Every
 * answer is checked against its schema before it is used or cached: a malformed answer is refused
 * with a message naming what is wrong, and nothing of it is kept.
 */

export const USASPENDING_SOURCE = 'USAspending';
export const USASPENDING_MAX_LIMIT = 100;
/** Contracts (A–D); IDVs are another group and need their own search (mixing answers 422). */
export const CONTRACT_TYPE_CODES = ['A', 'B', 'C', 'D'] as const;
export const IDV_TYPE_CODES = ['IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'] as const;

/** Field labels that map to our rows ("NAICS" and "PSC", not "NAICS Code", which comes back null). */
export const CONTRACT_SEARCH_FIELDS = [
  'Award ID',
  'Recipient Name',
  'Recipient UEI',
  'Award Amount',
  'Start Date',
  'End Date',
  'Awarding Agency',
  'Awarding Agency Code',
  'Awarding Sub Agency',
  'Awarding Sub Agency Code',
  'Contract Award Type',
  'Description',
  'NAICS',
  'PSC',
  'Primary Place of Performance',
];

/** USAspending's filter object (search_filters.md); passed through as given. */
export type UsaSearchFilters = { award_type_codes: readonly string[] } & Record<string, unknown>;

/** Where the next page starts: the previous page's last record (needed past 50,000 results). */
export interface UsaCursor {
  lastRecordUniqueId: number;
  lastRecordSortValue: string;
}

export interface UsaSearchParams {
  filters: UsaSearchFilters;
  fields?: string[];
  /** 1–100; default 100. */
  limit?: number;
  /** One of `fields`; default "Award Amount". */
  sort?: string;
  order?: 'asc' | 'desc';
  /** Absent: the first page. */
  cursor?: UsaCursor;
}

export interface UsaSearchPage {
  results: UsaSearchResult[];
  awards: AwardRecord[];
  /** The cursor of the next page, or null on the last one. */
  next: UsaCursor | null;
}

export interface UsaPage<T> {
  results: T[];
  hasNext: boolean;
}

export interface UsaspendingClient {
  searchAwards(params: UsaSearchParams): Promise<UsaSearchPage>;
  /** Every page of a search, at most `maxPages` of them, following the cursor. */
  searchAllAwards(params: UsaSearchParams, maxPages: number): AsyncGenerator<UsaSearchPage>;
  getAward(awardKey: string): Promise<AwardRecord>;
  listTransactions(awardKey: string, page?: number, limit?: number): Promise<UsaPage<UsaTransaction>>;
  listIdvAwards(idvKey: string, page?: number, limit?: number): Promise<UsaPage<UsaIdvChildAward>>;
  getRecipient(recipientId: string): Promise<RecipientRecord | null>;
}

export interface UsaspendingClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Validated answers by request; memory or Redis (lib/json-cache.ts). */
  cache?: JsonCache<unknown>;
  fetch?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export function createUsaspendingClient(options: UsaspendingClientOptions = {}): UsaspendingClient {
  const baseUrl = (options.baseUrl ?? 'https://api.usaspending.gov').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retry = options.retry ?? DEFAULT_RETRY;
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());

  async function call<S extends z.ZodType>(
    what: string,
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const cacheKey = `usaspending:${method} ${path} ${body === undefined ? '' : JSON.stringify(body)}`;
    const cached = await options.cache?.get(cacheKey);
    if (cached !== undefined) return schema.parse(cached);
    const answer = await requestJson({
      source: USASPENDING_SOURCE,
      what,
      url: new URL(baseUrl + path),
      method,
      body,
      timeoutMs,
      retry,
      fetch: doFetch,
      sleep: options.sleep,
    });
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new AwardSourceError(
        'malformed',
        `${USASPENDING_SOURCE} ${what} answered in an unexpected shape (${describeIssues(parsed.error)})`,
        answer.status,
      );
    }
    await options.cache?.set(cacheKey, answer.body);
    return parsed.data;
  }

  async function searchAwards(params: UsaSearchParams): Promise<UsaSearchPage> {
    const limit = params.limit ?? USASPENDING_MAX_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > USASPENDING_MAX_LIMIT)
      throw new RangeError(`USAspending limit must be 1-${USASPENDING_MAX_LIMIT}`);
    const fields = params.fields ?? CONTRACT_SEARCH_FIELDS;
    const sort = params.sort ?? 'Award Amount';
    if (!fields.includes(sort)) throw new RangeError(`USAspending sorts only by a requested field, not "${sort}"`);
    const body: Record<string, unknown> = { filters: params.filters, fields, limit, sort, order: params.order ?? 'desc', page: 1 };
    if (params.cursor) {
      // Sent together or not at all (the server refuses one without the other).
      body.last_record_unique_id = params.cursor.lastRecordUniqueId;
      body.last_record_sort_value = params.cursor.lastRecordSortValue;
    }
    const answer = await call('award search', SearchAnswerSchema, 'POST', '/api/v2/search/spending_by_award/', body);
    const meta = answer.page_metadata;
    const fetchedAt = now();
    const next =
      meta.hasNext &&
      typeof meta.last_record_unique_id === 'number' &&
      typeof meta.last_record_sort_value === 'string' &&
      meta.last_record_sort_value !== 'None'
        ? { lastRecordUniqueId: meta.last_record_unique_id, lastRecordSortValue: meta.last_record_sort_value }
        : null;
    if (meta.hasNext && !next) {
      throw new AwardSourceError('malformed', `${USASPENDING_SOURCE} award search says more pages follow but gave no cursor to reach them`);
    }
    return { results: answer.results, awards: answer.results.map((r) => awardFromSearchResult(r, fetchedAt)), next };
  }

  return {
    searchAwards,

    async *searchAllAwards(params, maxPages) {
      let cursor = params.cursor;
      for (let page = 0; page < maxPages; page++) {
        const result = await searchAwards({ ...params, cursor });
        yield result;
        if (!result.next) return;
        cursor = result.next;
      }
    },

    async getAward(awardKey) {
      const key = awardKey.trim();
      if (!key) throw new RangeError('award key is required');
      const detail = await call(`award ${key}`, AwardDetailSchema, 'GET', `/api/v2/awards/${encodeURIComponent(key)}/`);
      return awardFromDetail(detail, now());
    },

    async listTransactions(awardKey, page = 1, limit = 100) {
      const answer = await call(`transactions of ${awardKey}`, TransactionsAnswerSchema, 'POST', '/api/v2/transactions/', {
        award_id: awardKey,
        page,
        limit,
        sort: 'action_date',
        order: 'desc',
      });
      return { results: answer.results, hasNext: answer.page_metadata.hasNext };
    },

    async listIdvAwards(idvKey, page = 1, limit = 100) {
      const answer = await call(`orders under ${idvKey}`, IdvAwardsAnswerSchema, 'POST', '/api/v2/idvs/awards/', {
        award_id: idvKey,
        type: 'child_awards',
        page,
        limit,
        sort: 'period_of_performance_start_date',
        order: 'desc',
      });
      return { results: answer.results, hasNext: answer.page_metadata.hasNext };
    },

    async getRecipient(recipientId) {
      const id = recipientId.trim();
      if (!id) throw new RangeError('recipient id is required');
      const detail = await call(`recipient ${id}`, RecipientDetailSchema, 'GET', `/api/v2/recipient/${encodeURIComponent(id)}/?year=all`);
      return recipientFromDetail(detail);
    },
  };
}
