import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SamOpportunity, SamSearchResponse } from './samgov-types';
import { asyncHandler } from '../fake-server-handler';

/**
 * A local stand-in for api.sam.gov for tests and offline development. It serves
 * `GET /opportunities/v2/search` (also under `/prod`) and `GET /prod/opportunities/v1/noticedesc`
 * in the real formats, from the real saved response in fixtures/search-response-v2.json, with the
 * real validation messages and error bodies (see /work/shared/data/samgov/API-FACTS.md).
 */

export type FakeSamGovMode = 'ok' | 'rate_limited' | 'unauthorized' | 'error';

export interface FakeSamGovOptions {
  /** Records to serve; default: the 10 real records of fixtures/search-response-v2.json. */
  opportunities?: SamOpportunity[];
  /** Description HTML per noticeId; default: a short HTML body built from each record. */
  descriptions?: Record<string, string>;
  /** If set, any other api_key is refused like SAM does (403, API_KEY_INVALID). */
  validApiKey?: string;
  /** Delay before answering, in ms (for timeout tests). */
  delayMs?: number;
  mode?: FakeSamGovMode;
}

export interface FakeSamGov {
  /** Base URL to give the client as `baseUrl`, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** Every request received, in order (full URLs, api_key included). */
  requests: URL[];
  setMode(mode: FakeSamGovMode): void;
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export const FIXTURE_PATH = path.join(import.meta.dirname, 'fixtures', 'search-response-v2.json');

/** The real saved v2 answer (10 records posted 2026-02-02, totalRecords 9334 in the original). */
export function loadRealSearchResponse(): SamSearchResponse {
  return JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as SamSearchResponse;
}

const PTYPE_TO_TYPE: Record<string, string> = {
  u: 'Justification',
  p: 'Presolicitation',
  a: 'Award Notice',
  r: 'Sources Sought',
  s: 'Special Notice',
  o: 'Solicitation',
  g: 'Sale of Surplus Property',
  k: 'Combined Synopsis/Solicitation',
  i: 'Intent to Bundle Requirements (DoD-Funded)',
};

const SEARCH_PATHS = new Set(['/opportunities/v2/search', '/prod/opportunities/v2/search']);
const NOTICEDESC_PATHS = new Set(['/prod/opportunities/v1/noticedesc', '/opportunities/v1/noticedesc']);

export async function startFakeSamGov(options: FakeSamGovOptions = {}): Promise<FakeSamGov> {
  const records = options.opportunities ?? loadRealSearchResponse().opportunitiesData;
  const descriptions = options.descriptions ?? {};
  let mode: FakeSamGovMode = options.mode ?? 'ok';
  let delayMs = options.delayMs ?? 0;
  const requests: URL[] = [];

  const server: Server = createServer(
    asyncHandler(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(new URL(url.pathname + url.search, baseUrl));
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) return;

      if (req.method !== 'GET') return send(res, 405, { errorCode: '405', errorMessage: 'Method Not Allowed' });
      const isSearch = SEARCH_PATHS.has(url.pathname);
      const isDesc = NOTICEDESC_PATHS.has(url.pathname);
      if (!isSearch && !isDesc) return send(res, 404, { errorCode: '404', errorMessage: 'No Data found' });

      // Gateway checks come before the application's.
      const key = url.searchParams.get('api_key');
      if (!key) {
        return send(res, 403, {
          error: { code: 'API_KEY_MISSING', message: 'No api_key was supplied. Get one at https://api.sam.gov' },
        });
      }
      if (options.validApiKey !== undefined && key !== options.validApiKey) {
        return send(res, 403, {
          error: { code: 'API_KEY_INVALID', message: 'An invalid api_key was supplied. Get one at https://api.sam.gov' },
        });
      }
      if (mode === 'unauthorized') return send(res, 401, { code: '900901', message: 'Invalid Credentials' });
      if (mode === 'rate_limited') {
        const next = nextUtcMidnight();
        return send(res, 429, {
          code: '900804',
          message: 'Message throttled out',
          description: `You have exceeded your quota .You can access API after ${next}`,
          nextAccessTime: next,
        });
      }
      if (mode === 'error') {
        return send(res, 500, {
          errorCode: 'INTERNAL SERVER ERROR',
          errorMessage: 'Application has encountered some issues. Please try after some time',
        });
      }

      if (isDesc) {
        const id = (url.searchParams.get('noticeid') ?? '').trim();
        const record = records.find((o) => o.noticeId === id);
        const html = descriptions[id] ?? (record ? defaultDescription(record) : undefined);
        if (html === undefined) return send(res, 404, { errorCode: '404', errorMessage: 'Description Not Found' });
        return send(res, 200, { description: html });
      }
      return search(url, res);
    }),
  );

  function search(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const from = q.get('postedFrom');
    const to = q.get('postedTo');
    if (!from || !to) return send(res, 400, { errorCode: '400', errorMessage: 'PostedFrom and PostedTo are mandatory' });
    const fromDay = parseMdy(from);
    const toDay = parseMdy(to);
    if (!fromDay || !toDay) {
      return send(res, 400, { errorCode: '400', errorMessage: 'Invalid Date Entered. Expected date format is MM/dd/yyyy' });
    }
    const yearAfter = new Date(fromDay.getTime());
    yearAfter.setUTCFullYear(yearAfter.getUTCFullYear() + 1);
    if (toDay.getTime() > yearAfter.getTime() || toDay.getTime() < fromDay.getTime()) {
      return send(res, 400, { errorCode: '400', errorMessage: 'Date range must be 1 year(s) apart' });
    }
    const limitText = q.get('limit') ?? '10';
    const offsetText = q.get('offset') ?? '0';
    if (!/^\d+$/.test(limitText) || !/^\d+$/.test(offsetText)) {
      return send(res, 400, { errorCode: '400', errorMessage: 'limit/offset must be a positive number.' });
    }
    const limit = Number(limitText);
    const offset = Number(offsetText);
    if (limit > 1000) {
      return send(res, 400, { errorCode: '400', errorMessage: 'Limit valid range is 0-1000. Please provide valid input.' });
    }

    const lower = (name: string) => q.get(name)?.trim().toLowerCase() || undefined;
    const title = lower('title');
    const org = lower('organizationName');
    const ncode = q.get('ncode')?.trim() || undefined;
    const ccode = lower('ccode');
    const setAside = lower('typeOfSetAside');
    const solnum = lower('solnum');
    const noticeid = lower('noticeid');
    const ptypes = q
      .getAll('ptype')
      .flatMap((p) => p.split(','))
      .map((p) => PTYPE_TO_TYPE[p.trim().toLowerCase()])
      .filter((t): t is string => t !== undefined);
    const fromIso = isoDay(fromDay);
    const toIso = isoDay(toDay);

    const matches = records.filter((o) => {
      const posted = (o.postedDate ?? '').slice(0, 10);
      if (posted < fromIso || posted > toIso) return false;
      if (title && !(o.title ?? '').toLowerCase().includes(title)) return false;
      if (org && !(o.fullParentPathName ?? '').toLowerCase().includes(org)) return false;
      if (ncode && ![o.naicsCode, ...(o.naicsCodes ?? [])].some((c) => (c ?? '').startsWith(ncode))) return false;
      if (ccode && !(o.classificationCode ?? '').toLowerCase().startsWith(ccode)) return false;
      if (setAside && (o.typeOfSetAside ?? '').toLowerCase() !== setAside) return false;
      if (solnum && (o.solicitationNumber ?? '').toLowerCase() !== solnum) return false;
      if (noticeid && o.noticeId !== noticeid) return false;
      if (ptypes.length > 0 && !ptypes.includes(o.type ?? '')) return false;
      return true;
    });
    // Newest postedDate first, as the real samples come back.
    const sorted = [...matches].sort((a, b) => (b.postedDate ?? '').localeCompare(a.postedDate ?? ''));

    const self = new URLSearchParams(q);
    self.delete('api_key');
    const body: SamSearchResponse = {
      totalRecords: sorted.length,
      limit,
      offset,
      opportunitiesData: sorted.slice(offset, offset + limit),
      links: [{ rel: 'self', href: `https://api.sam.gov/prod/opportunities/v2/search?${self.toString().replace(/%2F/gi, '/')}` }],
    };
    send(res, 200, body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    requests,
    setMode: (m) => {
      mode = m;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Strict MM/dd/yyyy → UTC midnight, or null. */
function parseMdy(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])));
  return d.getUTCMonth() === Number(m[1]) - 1 && d.getUTCDate() === Number(m[2]) ? d : null;
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The gateway's `"2026-Sep-02 00:00:00+0000 UTC"` for the next quota reset (00:00 UTC). */
function nextUtcMidnight(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const dd = String(next.getUTCDate()).padStart(2, '0');
  return `${next.getUTCFullYear()}-${months[next.getUTCMonth()]}-${dd} 00:00:00+0000 UTC`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A stand-in HTML description (no verbatim noticedesc body is on record). */
function defaultDescription(o: SamOpportunity): string {
  const parts = [`<p>${escapeHtml(o.title.trim())}</p>`];
  if (o.solicitationNumber) parts.push(`<p>Solicitation number: ${escapeHtml(o.solicitationNumber)}</p>`);
  if (o.naicsCode) parts.push(`<p>NAICS: ${escapeHtml(o.naicsCode)}</p>`);
  return parts.join('\n');
}
