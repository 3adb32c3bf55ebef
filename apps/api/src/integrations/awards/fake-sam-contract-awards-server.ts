import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { QueuedAnswer } from './fake-usaspending-server';

/**
 * A local stand-in for SAM.gov's Contract Awards API v1 for tests and offline development. It
 * serves the records of the documentation's examples (fixtures/sam-contract-awards, copied from
 * /work/shared/data/awards/sam-contract-awards/doc-examples) in their shape: totals as strings,
 * `offset` a page index, empty values omitted. Its refusals are the documented ones (unknown
 * parameter, limit over 100, offset × limit over 400,000, bad date, missing or invalid key) and the
 * gateway's 429 once the daily quota set here is spent. No real production answer is on record
 * (README §1.5), so these examples are the closest to faithful there is.
 */

export const SAM_AWARDS_FIXTURES = path.join(import.meta.dirname, 'fixtures', 'sam-contract-awards');

type Rec = Record<string, unknown>;

/** The records of the documentation's examples (example 6-1 is an extract answer without records). */
export function docExampleRecords(): Rec[] {
  return readdirSync(SAM_AWARDS_FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(path.join(SAM_AWARDS_FIXTURES, f), 'utf8')) as { awardSummary?: Rec[] }).awardSummary ?? []);
}

export interface FakeSamAwards {
  url: string;
  /** Every request's URL (api_key included). */
  requests: URL[];
  queue(...answers: QueuedAnswer[]): void;
  close(): Promise<void>;
}

export interface FakeSamAwardsOptions {
  records?: Rec[];
  validApiKey?: string;
  /** Requests a key may make per UTC day before the gateway's 429; default unlimited. */
  dailyLimit?: number;
}

// The documented request parameters (request-parameters.tsv); anything else is refused.
const KNOWN = new Set(
  'api_key limit offset dollarsObligated totalDollarsObligated approvedDate awardeeCageCode closedDate closedStatus solicitationID solicitationDate documentVersion deletedStatus piid awardOrIDV awardOrIDVTypeCode awardOrIDVTypeName contractingSubtierCode contractingSubtierName contractingDepartmentCode contractingDepartmentName contractingOfficeCode coBusSizeDeterminationCode coBusSizeDeterminationName createdDate currentCompletionDate dateSigned awardeeZipCode awardeeCityName awardeeCongressionalDistrict awardeeCountryCode awardeeCountryName awardeeDoingBusinessAsName awardeeStateCode awardeeStateName fiscalYear fundingSubtierCode fundingSubtierName fundingDepartmentCode fundingDepartmentName lastModifiedDate awardeeLegalBusinessName modificationNumber extentCompetedCode extentCompetedName typeOfSetAsideCode typeOfSetAsideName numberOfOffersReceived naicsCode periodOfPerformanceStartDate placeOfPerformStateCode placeOfPerformZipCode productOrServiceCode referencedIdvPiid transactionNumber piidAggregation format emailId ultimateCompletionDate awardeeUniqueEntityId includeSections q fundingOfficeCode ultimateParentUniqueEntityId'.split(
    ' ',
  ),
);

const get = (r: Rec, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Rec)[k] : undefined), r);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
/** "MM/DD/YYYY" or "[from,to]" (either end open) → ISO bounds, or null when malformed. */
function parseDates(text: string): { from: string; to: string } | null {
  const iso = (d: string) => `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}`;
  if (DATE.test(text)) return { from: iso(text), to: iso(text) };
  const m = /^\[([^,]*),([^\]]*)\]$/.exec(text);
  if (!m || (m[1] && !DATE.test(m[1])) || (m[2] && !DATE.test(m[2]))) return null;
  return { from: m[1] ? iso(m[1]) : '0000', to: m[2] ? iso(m[2]) : '9999' };
}

export async function startFakeSamAwards(options: FakeSamAwardsOptions = {}): Promise<FakeSamAwards> {
  const records = options.records ?? docExampleRecords();
  const queued: QueuedAnswer[] = [];
  const requests: URL[] = [];
  const usedToday = new Map<string, number>();
  let baseUrl = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(new URL(url.pathname + url.search, baseUrl));
    const next = queued.shift();
    if (next) return send(res, next.status, next.body, next.headers);
    if (url.pathname !== '/contract-awards/v1/search') return send(res, 404, { message: 'Not Found' });
    const q = url.searchParams;
    const key = q.get('api_key');
    if (!key) return send(res, 403, { message: 'No API Key was supplied. Please submit with a valid API key.' });
    if (options.validApiKey !== undefined && key !== options.validApiKey) {
      return send(res, 403, { message: 'An invalid API key was supplied. Please submit with a valid API key.' });
    }
    const day = new Date().toISOString().slice(0, 10);
    const countKey = `${day} ${key}`;
    const used = (usedToday.get(countKey) ?? 0) + 1;
    usedToday.set(countKey, used);
    if (options.dailyLimit !== undefined && used > options.dailyLimit) {
      const next = gatewayTime(new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)) + 1)));
      return send(res, 429, {
        code: '900804',
        message: 'Message throttled out',
        description: `You have exceeded your quota .You can access API after ${next}`,
        nextAccessTime: next,
      });
    }
    for (const name of q.keys()) {
      if (!KNOWN.has(name)) {
        return send(res, 400, {
          message: `The search parameter, ${name} does not exist.`,
          detail: 'Please refer to https://open.gsa.gov/api/contract-awards/ for a list of allowable search parameters.',
        });
      }
    }
    const limit = Number(q.get('limit') ?? '10');
    const offset = Number(q.get('offset') ?? '0');
    if (limit > 100) {
      return send(res, 400, {
        message: "The max value allowed for parameter 'limit' is 100.",
        detail: "Please provide a value equal to or less than 100 for the query parameter 'limit'.",
      });
    }
    if (offset * limit > 400_000) {
      return send(res, 400, {
        message:
          "You may only page through the first 400,000 records. Any request where 'offset' x 'limit' is greater than 400,000 will be rejected.",
        detail: "Please provide values equal to or less than 400,000 for the query parameters 'offset' x 'limit'.",
      });
    }
    const dateFilters: [string, string][] = [
      ['dateSigned', 'awardDetails.dates.dateSigned'],
      ['currentCompletionDate', 'awardDetails.dates.currentCompletionDate'],
    ];
    const ranges: { path: string; from: string; to: string }[] = [];
    for (const [param, p] of dateFilters) {
      const text = q.get(param);
      if (!text) continue;
      const range = parseDates(text);
      if (!range) {
        return send(res, 400, {
          message: 'Dates must be specified in the MM/DD/YYYY or [MM/DD/YYYY,MM/DD/YYYY] format.',
          detail: 'Any Date parameter must be provided in the MM/DD/YYYY or [MM/DD/YYYY,MM/DD/YYYY] format.',
        });
      }
      ranges.push({ path: p, ...range });
    }
    const equals: [string, string[]][] = [
      ['piid', ['contractId.piid']],
      ['solicitationID', ['coreData.solicitationId']],
      ['referencedIdvPiid', ['contractId.referencedIDVPiid']],
      ['awardeeUniqueEntityId', ['awardDetails.awardeeData.awardeeUEIInformation.uniqueEntityId']],
      ['modificationNumber', ['contractId.modificationNumber']],
      ['awardOrIDV', ['coreData.awardOrIDV']],
      ['contractingSubtierCode', ['coreData.federalOrganization.contractingInformation.contractingSubtier.code']],
      ['contractingOfficeCode', ['coreData.federalOrganization.contractingInformation.contractingOffice.code']],
      ['productOrServiceCode', ['coreData.productOrServiceInformation.productOrService.code']],
      ['naicsCode', ['coreData.productOrServiceInformation.principalNaics.0.code']],
    ];
    const matching = records.filter((r) => {
      for (const [param, paths] of equals) {
        const wanted = q.get(param);
        if (!wanted) continue;
        const options = wanted.split('~').map((v) => v.toUpperCase());
        if (!paths.some((p) => options.includes(str(get(r, p)).toUpperCase()))) return false;
      }
      for (const range of ranges) {
        const day = str(get(r, range.path)).slice(0, 10);
        if (!day || day < range.from || day > range.to) return false;
      }
      return true;
    });
    // "No Content Found" is a 204, which carries no body.
    if (matching.length === 0) return send(res, 204, null);
    send(res, 200, {
      awardSummary: matching.slice(offset * limit, (offset + 1) * limit),
      totalRecords: String(matching.length),
      limit: String(limit),
      offset: String(offset),
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    requests,
    queue: (...answers) => void queued.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function gatewayTime(d: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d.getUTCFullYear()}-${months[d.getUTCMonth()]}-${String(d.getUTCDate()).padStart(2, '0')} 00:00:00+0000 UTC`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
