import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { asyncHandler } from '../fake-server-handler';

/**
 * A local stand-in for api.usaspending.gov for tests and offline development. It serves the real
 * saved answers in fixtures/usaspending (copied from /work/shared/data/awards/usaspending/responses)
 * in their real shapes: spending_by_award with page and cursor paging over the real search records,
 * awards/{id}, transactions, idvs/awards and recipient/{id}, with the server's validation messages
 * (422 `{"detail": …}`, API-FACTS.md §1). Failures can be queued for the next requests.
 */

export const USASPENDING_FIXTURES = path.join(import.meta.dirname, 'fixtures', 'usaspending');

export function loadUsaspendingFixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(path.join(USASPENDING_FIXTURES, name), 'utf8')) as T;
}

type Rec = Record<string, unknown>;

/**
 * Every distinct real search record (by generated_internal_id), from the saved searches; a record
 * saved by two searches keeps the fields of both (the limit-1 search asked for fewer).
 */
export function realSearchRecords(): Rec[] {
  const byKey = new Map<string, Rec>();
  for (const file of readdirSync(USASPENDING_FIXTURES)
    .filter((f) => f.startsWith('spending_by_award__'))
    .sort()) {
    for (const r of loadUsaspendingFixture<{ results: Rec[] }>(file).results) {
      const key = String(r.generated_internal_id);
      byKey.set(key, { ...r, ...byKey.get(key) });
    }
  }
  return [...byKey.values()];
}

export interface QueuedAnswer {
  status: number;
  /** JSON body, or raw text when a string. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeUsaspending {
  url: string;
  /** Every request: method, path and parsed JSON body. */
  requests: { method: string; path: string; body: unknown }[];
  /** The next requests get these answers, in order, before the fake answers normally again. */
  queue(...answers: QueuedAnswer[]): void;
  close(): Promise<void>;
}

export interface FakeUsaspendingOptions {
  /** Search records; default the real ones. */
  records?: Rec[];
  delayMs?: number;
}

const CONTRACT_GROUP = ['A', 'B', 'C', 'D'];
const GROUPS: Record<string, string[]> = {
  contracts: CONTRACT_GROUP,
  idvs: ['IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'],
  grants: ['02', '03', '04', '05'],
  direct_payments: ['06', '10'],
  loans: ['07', '08'],
  other_financial_assistance: ['09', '11', '-1'],
};
const MAX_RESULT_WINDOW = 50_000;
// Always returned, asked for or not (API-FACTS.md §1).
const ALWAYS = ['internal_id', 'generated_internal_id'];
const THROTTLED = 'Request was throttled.';

export async function startFakeUsaspending(options: FakeUsaspendingOptions = {}): Promise<FakeUsaspending> {
  const records = options.records ?? realSearchRecords();
  const details = new Map<string, Rec>();
  const transactions = new Map<string, Rec[]>();
  const idvChildren = new Map<string, Rec[]>();
  const recipients = new Map<string, Rec>();
  for (const file of readdirSync(USASPENDING_FIXTURES)) {
    const [kind, id] = file.replace(/\.json$/, '').split('__');
    if (!id) continue;
    if (kind === 'award-detail') details.set(id, loadUsaspendingFixture(file));
    if (kind === 'transactions') transactions.set(id, loadUsaspendingFixture<{ results: Rec[] }>(file).results);
    if (kind === 'idvs-awards') idvChildren.set(id, loadUsaspendingFixture<{ results: Rec[] }>(file).results);
    if (kind === 'recipient-detail') recipients.set(id, loadUsaspendingFixture(file));
  }
  const queued: QueuedAnswer[] = [];
  const requests: FakeUsaspending['requests'] = [];

  const server: Server = createServer(
    asyncHandler(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body });
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (res.destroyed) return;
      const next = queued.shift();
      if (next) return send(res, next.status, next.body, next.headers);
      if (req.method === 'POST' && typeof body === 'string') return send(res, 400, { detail: 'JSON parse error' });
      const p = url.pathname;
      if (req.method === 'POST' && p === '/api/v2/search/spending_by_award/') return search(res, body as Rec);
      if (req.method === 'POST' && p === '/api/v2/transactions/') return pageOf(res, body as Rec, transactions);
      if (req.method === 'POST' && p === '/api/v2/idvs/awards/') return pageOf(res, body as Rec, idvChildren);
      let m = /^\/api\/v2\/awards\/([^/]+)\/$/.exec(p);
      if (req.method === 'GET' && m) {
        const id = decodeURIComponent(m[1]!);
        const d = details.get(id) ?? [...details.values()].find((x) => String(x.id) === id);
        return d ? send(res, 200, d) : send(res, 404, { detail: `No Award found with: '${id}'` });
      }
      m = /^\/api\/v2\/recipient\/([^/]+)\/$/.exec(p);
      if (req.method === 'GET' && m) {
        const id = decodeURIComponent(m[1]!);
        const r = recipients.get(id);
        return r ? send(res, 200, r) : send(res, 404, { detail: `Recipient ID not found: '${id}'` });
      }
      send(res, 404, { detail: 'Not found.' });
    }),
  );

  function search(res: ServerResponse, body: Rec | undefined): void {
    if (!body) return send(res, 400, { detail: 'JSON parse error' });
    const filters = (body.filters ?? null) as Rec | null;
    const fields = body.fields;
    if (!filters || !Array.isArray(filters.award_type_codes))
      return send(res, 422, { detail: "Missing value: 'filters|award_type_codes' is a required field" });
    if (!Array.isArray(fields) || fields.length === 0) return send(res, 422, { detail: "Missing value: 'fields' is a required field" });
    const codes = filters.award_type_codes as string[];
    if (!Object.values(GROUPS).some((g) => codes.every((c) => g.includes(c)))) {
      return send(res, 422, { detail: "'award_type_codes' must only contain types from one group.", award_type_groups: GROUPS });
    }
    const limit = Number(body.limit ?? 10);
    const page = Number(body.page ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return send(res, 422, { detail: "Field 'limit' value '" + String(body.limit) + "' is above max '100'" });
    const sort = String(body.sort ?? fields[0]);
    if (!fields.includes(sort))
      return send(res, 422, { detail: `Sort value '${sort}' not found in requested fields: ${JSON.stringify(fields)}` });
    const hasId = body.last_record_unique_id !== undefined && body.last_record_unique_id !== null;
    const hasValue = body.last_record_sort_value !== undefined && body.last_record_sort_value !== null;
    if (hasId !== hasValue)
      return send(res, 422, { detail: "Both 'last_record_unique_id' and 'last_record_sort_value' must be provided together." });
    if (!hasId && page * limit > MAX_RESULT_WINDOW) {
      return send(res, 422, {
        detail: `Page #${page} with limit ${limit} is over the maximum result limit ${MAX_RESULT_WINDOW}. Please provide the 'last_record_sort_value' and 'last_record_unique_id' to paginate sequentially.`,
      });
    }
    const desc = (body.order ?? 'desc') === 'desc';
    const matching = records.filter((r) => matches(r, filters));
    const sorted = [...matching].sort((a, b) => compare(a, b, sort, desc));
    let start: number;
    if (hasId) {
      // search_after: the first record strictly after (sort value, id) in the order asked.
      const marker = { [sort]: parseSortValue(String(body.last_record_sort_value)), internal_id: Number(body.last_record_unique_id) };
      start = sorted.findIndex((r) => compare(r, marker, sort, desc) > 0);
      if (start < 0) start = sorted.length;
    } else {
      start = (page - 1) * limit;
    }
    const pageRows = sorted.slice(start, start + limit);
    const hasNext = start + limit < sorted.length;
    const last = pageRows.at(-1);
    send(res, 200, {
      spending_level: 'awards',
      limit,
      results: pageRows.map((r) => pick(r, fields as string[])),
      page_metadata: {
        page,
        hasNext,
        last_record_unique_id: hasNext && last ? last.internal_id : null,
        last_record_sort_value: hasNext && last ? String(last[sort]) : 'None',
      },
      messages: [
        'For searches, time period start and end dates are currently limited to an earliest date of 2007-10-01.  For data going back to 2000-10-01, use either the Custom Award Download feature on the website or one of our download or bulk_download API endpoints as listed on https://api.usaspending.gov/docs/endpoints. ',
      ],
    });
  }

  /** transactions and idvs/awards: page-number paging over the real saved rows of one award. */
  function pageOf(res: ServerResponse, body: Rec | undefined, rows: Map<string, Rec[]>): void {
    const id = typeof body?.award_id === 'string' ? body.award_id : null;
    if (!id) return send(res, 422, { detail: "Missing value: 'award_id' is a required field" });
    const limit = Number(body!.limit ?? 10);
    const page = Number(body!.page ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
      return send(res, 422, { detail: `Field 'limit' value '${String(body!.limit)}' is outside the allowed range` });
    const all = rows.get(id) ?? [];
    const results = all.slice((page - 1) * limit, page * limit);
    const hasNext = page * limit < all.length;
    send(res, 200, {
      results,
      page_metadata: { page, next: hasNext ? page + 1 : null, previous: page > 1 ? page - 1 : null, hasNext, hasPrevious: page > 1 },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    queue: (...answers) => void queued.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fake's 429, in the body Django REST framework's throttling sends (no USAspending 429 is on record). */
export const USASPENDING_THROTTLED: QueuedAnswer = { status: 429, body: { detail: THROTTLED }, headers: { 'retry-after': '0' } };

function matches(r: Rec, filters: Rec): boolean {
  const texts = filters.recipient_search_text;
  if (Array.isArray(texts) && texts.length > 0) {
    const hay = `${String(r['Recipient Name'] ?? '')} ${String(r['Recipient UEI'] ?? '')}`.toLowerCase();
    if (!texts.some((t) => hay.includes(String(t).toLowerCase()))) return false;
  }
  const ids = filters.award_ids;
  if (Array.isArray(ids) && ids.length > 0) {
    // A quoted id is an exact match; a bare one is full-text (here: contains).
    const piid = String(r['Award ID'] ?? '').toUpperCase();
    const ok = ids.some((raw) => {
      const s = String(raw);
      const exact = /^".*"$/.test(s);
      const id = s.replace(/^"|"$/g, '').toUpperCase();
      return exact ? piid === id : piid.includes(id);
    });
    if (!ok) return false;
  }
  const naics = Array.isArray(filters.naics_codes) ? filters.naics_codes : (filters.naics_codes as Rec | undefined)?.require;
  if (Array.isArray(naics) && naics.length > 0) {
    const code = String((r.NAICS as Rec | null)?.code ?? '');
    if (!naics.some((n) => code.startsWith(String(n)))) return false;
  }
  return true;
}

function parseSortValue(v: string): unknown {
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}

function compare(a: Rec, b: Rec, sort: string, desc: boolean): number {
  const va = a[sort];
  const vb = b[sort];
  let c: number;
  if (va === vb) c = 0;
  else if (va === null || va === undefined) return 1;
  else if (vb === null || vb === undefined) return -1;
  else c = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
  if (c === 0) c = Number(a.internal_id) - Number(b.internal_id);
  return desc ? -c : c;
}

function pick(r: Rec, fields: string[]): Rec {
  const out: Rec = {};
  for (const f of ALWAYS) out[f] = r[f];
  // Unknown field names come back null rather than failing (a real answer shows it).
  for (const f of fields) out[f] = r[f] ?? null;
  if (fields.includes('Awarding Agency')) {
    out.awarding_agency_id = r.awarding_agency_id ?? null;
    out.agency_slug = r.agency_slug ?? null;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
