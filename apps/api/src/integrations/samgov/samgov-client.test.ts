import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { startFakeSamGov, type FakeSamGov } from './fake-samgov-server';
import {
  createSamGovClient,
  formatSamDate,
  isWithinOneYear,
  parseNextAccessTime,
  SamGovError,
  samGovErrorToAppError,
} from './samgov-client';

const API_KEY = 'SAM-test-key-0123456789abcdef';
const window = { postedFrom: new Date('2026-01-01T00:00:00Z'), postedTo: new Date('2026-02-02T00:00:00Z') };

let fake: FakeSamGov | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Parameters<typeof startFakeSamGov>[0] = {}, timeoutMs = 5000) {
  fake = await startFakeSamGov(options);
  const client = createSamGovClient({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs });
  return { fake, client };
}

async function failure(p: Promise<unknown>): Promise<SamGovError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SamGovError);
  const e = err as SamGovError;
  expect(e.message).not.toContain(API_KEY);
  expect(String(e.stack)).not.toContain(API_KEY);
  return e;
}

describe('date helpers', () => {
  it('formats MM/dd/yyyy from the UTC day', () => {
    expect(formatSamDate(new Date('2026-02-02T00:00:00Z'))).toBe('02/02/2026');
    expect(formatSamDate(new Date('2025-12-31T23:59:59Z'))).toBe('12/31/2025');
    expect(() => formatSamDate(new Date('nope'))).toThrow(RangeError);
  });

  it('applies the one-year window rule', () => {
    expect(isWithinOneYear(new Date('2025-02-02Z'), new Date('2026-02-02Z'))).toBe(true);
    expect(isWithinOneYear(new Date('2025-02-02Z'), new Date('2026-02-03Z'))).toBe(false);
  });

  it('parses the gateway nextAccessTime', () => {
    expect(parseNextAccessTime('2026-Sep-02 00:00:00+0000 UTC')?.toISOString()).toBe('2026-09-02T00:00:00.000Z');
    expect(parseNextAccessTime('garbage')).toBeUndefined();
  });
});

describe('searchOpportunities against the fake SAM.gov', () => {
  it('sends the key, MM/dd/yyyy dates, limit, offset and only the non-empty filters', async () => {
    const { fake, client } = await setup();
    await client.searchOpportunities({
      ...window,
      title: '  ',
      organizationName: undefined,
      ncode: '336',
      ccode: '',
      typeOfSetAside: 'NONE',
      limit: 25,
      offset: 0,
    });
    expect(fake.requests).toHaveLength(1);
    const url = fake.requests[0];
    expect(url.pathname).toBe('/opportunities/v2/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api_key: API_KEY,
      postedFrom: '01/01/2026',
      postedTo: '02/02/2026',
      limit: '25',
      offset: '0',
      ncode: '336',
      typeOfSetAside: 'NONE',
    });
    expect(url.search).not.toContain('title');
    expect(url.search).not.toContain('organizationName');
    expect(url.search).not.toContain('ccode');
    expect(url.search).not.toContain('undefined');
  });

  it('returns every real record with SAM totals, and filters like SAM', async () => {
    const { client } = await setup();
    const all = await client.searchOpportunities({ ...window, limit: 1000 });
    expect(all.totalRecords).toBe(10);
    expect(all.opportunities).toHaveLength(10);
    expect(all.opportunities[0].description).toMatch(/^https:\/\/api\.sam\.gov\/prod\/opportunities\/v1\/noticedesc\?noticeid=/);

    const navy = await client.searchOpportunities({ ...window, organizationName: 'navsup' });
    expect(navy.totalRecords).toBe(3);
    expect(navy.opportunities.every((o) => o.fullParentPathName?.includes('NAVSUP'))).toBe(true);

    const byTitle = await client.searchOpportunities({ ...window, title: 'aspinall' });
    expect(byTitle.opportunities.map((o) => o.noticeId)).toEqual(['fd05ce5247fb4bc1b86e1ce4691bb74b']);

    const byNaics = await client.searchOpportunities({ ...window, ncode: '3364' });
    expect(byNaics.opportunities.map((o) => o.naicsCode)).toEqual(['336413']);

    const sba = await client.searchOpportunities({ ...window, typeOfSetAside: 'SBA' });
    expect(sba.opportunities.map((o) => o.typeOfSetAside)).toEqual(['SBA']);

    const before = await client.searchOpportunities({
      postedFrom: new Date('2025-06-01Z'),
      postedTo: new Date('2026-02-01Z'),
    });
    expect(before).toEqual({ totalRecords: 0, opportunities: [] });
  });

  it('pages with limit and offset while totalRecords stays the full count', async () => {
    const { client } = await setup();
    const page1 = await client.searchOpportunities({ ...window, limit: 4, offset: 0 });
    const page3 = await client.searchOpportunities({ ...window, limit: 4, offset: 8 });
    expect(page1.totalRecords).toBe(10);
    expect(page1.opportunities).toHaveLength(4);
    expect(page3.totalRecords).toBe(10);
    expect(page3.opportunities).toHaveLength(2);
    expect(page3.opportunities[1].noticeId).toBe('f82d4bb69ea147e19a2b30eaa987afb1');
  });

  it('refuses a window over one year, limit over 1000 and a reversed window before calling SAM', async () => {
    const { fake, client } = await setup();
    await expect(client.searchOpportunities({ postedFrom: new Date('2025-01-01Z'), postedTo: new Date('2026-01-02Z') })).rejects.toThrow(
      RangeError,
    );
    await expect(client.searchOpportunities({ ...window, limit: 1001 })).rejects.toThrow(RangeError);
    await expect(client.searchOpportunities({ postedFrom: window.postedTo, postedTo: window.postedFrom })).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });

  it('maps HTTP 429 to rate_limited with the reset time', async () => {
    const { client } = await setup({ mode: 'rate_limited' });
    const err = await failure(client.searchOpportunities(window));
    expect(err.kind).toBe('rate_limited');
    expect(err.status).toBe(429);
    expect(err.nextAccessTime).toBeInstanceOf(Date);
    expect(err.nextAccessTime!.getUTCHours()).toBe(0);
    expect(err.nextAccessTime!.getTime()).toBeGreaterThan(Date.now());
    expect(err.message).toContain('Message throttled out');
    const app = samGovErrorToAppError(err) as AppError;
    expect(app).toBeInstanceOf(AppError);
    expect(app.statusCode).toBe(429);
  });

  it('maps 401 and a refused key (403) to unauthorized, without the key', async () => {
    const { client } = await setup({ mode: 'unauthorized' });
    const err = await failure(client.searchOpportunities(window));
    expect(err.kind).toBe('unauthorized');
    expect(err.status).toBe(401);
    expect((samGovErrorToAppError(err) as AppError).statusCode).toBe(502);

    await fake?.close();
    fake = await startFakeSamGov({ validApiKey: API_KEY });
    const other = createSamGovClient({ apiKey: 'some-other-key', baseUrl: fake.url });
    const refused = await failure(other.searchOpportunities(window));
    expect(refused.kind).toBe('unauthorized');
    expect(refused.status).toBe(403);
    expect(refused.message).toContain('An invalid api_key was supplied');
    expect(refused.message).not.toContain('some-other-key');
  });

  it('maps 500 to upstream with SAM\u2019s message', async () => {
    const { client } = await setup({ mode: 'error' });
    const err = await failure(client.searchOpportunities(window));
    expect(err.kind).toBe('upstream');
    expect(err.status).toBe(500);
    expect(err.message).toContain('Application has encountered some issues');
  });

  it('turns invalid JSON and network failures into upstream errors', async () => {
    const badJson = createSamGovClient({
      apiKey: API_KEY,
      fetch: async () => new Response('<html>gateway</html>', { status: 200 }),
    });
    const e1 = await failure(badJson.searchOpportunities(window));
    expect(e1.kind).toBe('upstream');
    expect(e1.message).toMatch(/invalid JSON/);

    const { fake } = await setup();
    const url = fake.url;
    await fake.close();
    const down = createSamGovClient({ apiKey: API_KEY, baseUrl: url, timeoutMs: 2000 });
    const e2 = await failure(down.searchOpportunities(window));
    expect(e2.kind).toBe('upstream');
  });

  it('reads an answer without opportunitiesData as empty, and drops records without a noticeId', async () => {
    const answer = (body: unknown) =>
      createSamGovClient({ apiKey: API_KEY, fetch: async () => new Response(JSON.stringify(body), { status: 200 }) });
    expect(await answer({ totalRecords: 0, limit: 10, offset: 0 }).searchOpportunities(window)).toEqual({
      totalRecords: 0,
      opportunities: [],
    });
    const mixed = await answer({
      totalRecords: 2,
      opportunitiesData: [{ noticeId: 'a1', title: 'x' }, { title: 'no id' }],
    }).searchOpportunities(window);
    expect(mixed.opportunities.map((o) => o.noticeId)).toEqual(['a1']);
    expect(mixed.totalRecords).toBe(2);
    expect((await failure(answer({ totalRecords: 1, opportunitiesData: 'x' }).searchOpportunities(window))).kind).toBe('upstream');
  });

  it('times out instead of hanging', async () => {
    const { client } = await setup({ delayMs: 3000 }, 200);
    const started = Date.now();
    const err = await failure(client.searchOpportunities(window));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('never echoes the key even when SAM echoes it back', async () => {
    const echo = createSamGovClient({
      apiKey: API_KEY,
      fetch: async (input) =>
        new Response(JSON.stringify({ errorCode: '400', errorMessage: `bad request ${String(input)}` }), { status: 400 }),
    });
    const err = await failure(echo.searchOpportunities(window));
    expect(err.kind).toBe('upstream');
    expect(err.message).toContain('api_key=***');
  });
});

describe('the fake enforces SAM\u2019s own validation', () => {
  it('answers the real error bodies for missing key, missing dates, bad dates, long windows and bad limits', async () => {
    fake = await startFakeSamGov();
    const get = async (query: string) => {
      const res = await fetch(`${fake!.url}/opportunities/v2/search?${query}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await get('postedFrom=01/01/2026&postedTo=02/02/2026&limit=1')).toEqual({
      status: 403,
      body: { error: { code: 'API_KEY_MISSING', message: expect.stringContaining('No api_key was supplied') } },
    });
    expect(await get('api_key=k&limit=1')).toEqual({
      status: 400,
      body: { errorCode: '400', errorMessage: 'PostedFrom and PostedTo are mandatory' },
    });
    expect((await get('api_key=k&postedFrom=2026-01-01&postedTo=2026-02-02')).body).toEqual({
      errorCode: '400',
      errorMessage: 'Invalid Date Entered. Expected date format is MM/dd/yyyy',
    });
    expect((await get('api_key=k&postedFrom=01/01/2024&postedTo=02/02/2026')).body).toEqual({
      errorCode: '400',
      errorMessage: 'Date range must be 1 year(s) apart',
    });
    expect((await get('api_key=k&postedFrom=01/01/2026&postedTo=02/02/2026&limit=5000')).body).toEqual({
      errorCode: '400',
      errorMessage: 'Limit valid range is 0-1000. Please provide valid input.',
    });
    const ok = await get('api_key=k&postedFrom=01/01/2026&postedTo=02/02/2026&limit=2&ptype=k');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      totalRecords: 2,
      limit: 2,
      offset: 0,
      links: [
        { rel: 'self', href: 'https://api.sam.gov/prod/opportunities/v2/search?postedFrom=01/01/2026&postedTo=02/02/2026&limit=2&ptype=k' },
      ],
    });
  });
});

describe('fetchDescription against the fake SAM.gov', () => {
  it('returns the raw description HTML for a known notice', async () => {
    const { fake, client } = await setup({
      descriptions: { fd05ce5247fb4bc1b86e1ce4691bb74b: '<p>Renovate the <b>Aspinall</b> chambers.</p>' },
    });
    expect(await client.fetchDescription('fd05ce5247fb4bc1b86e1ce4691bb74b')).toBe('<p>Renovate the <b>Aspinall</b> chambers.</p>');
    const url = fake.requests[0];
    expect(url.pathname).toBe('/prod/opportunities/v1/noticedesc');
    expect(url.searchParams.get('noticeid')).toBe('fd05ce5247fb4bc1b86e1ce4691bb74b');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);

    const generated = await client.fetchDescription('ff9642d70c15414a85940230450bda32');
    expect(generated).toContain('MIL-PRF-24282A');
  });

  it('maps SAM\u2019s 404 "Description Not Found" to not_found', async () => {
    const { client } = await setup();
    const err = await failure(client.fetchDescription('00000000000000000000000000000000'));
    expect(err.kind).toBe('not_found');
    expect(err.status).toBe(404);
    expect((samGovErrorToAppError(err) as AppError).statusCode).toBe(404);
  });

  it('accepts the other answer shapes implementers report', async () => {
    const answer = (body: string, status = 200) =>
      createSamGovClient({ apiKey: API_KEY, fetch: async () => new Response(body, { status }) });
    expect(await answer(JSON.stringify('<p>bare</p>')).fetchDescription('x')).toBe('<p>bare</p>');
    expect(await answer('<p>raw html</p>').fetchDescription('x')).toBe('<p>raw html</p>');
    expect(await answer(JSON.stringify({ description: null })).fetchDescription('x')).toBe('');
    expect((await failure(answer(JSON.stringify({ description: 'Description Not Found' })).fetchDescription('x'))).kind).toBe('not_found');
    expect((await failure(answer(JSON.stringify({ other: 1 })).fetchDescription('x'))).kind).toBe('upstream');
  });

  it('maps rate limiting and timeouts on noticedesc too', async () => {
    const { fake, client } = await setup({ mode: 'rate_limited' });
    expect((await failure(client.fetchDescription('fd05ce5247fb4bc1b86e1ce4691bb74b'))).kind).toBe('rate_limited');
    fake.setMode('ok');
    fake.setDelay(3000);
    const slow = createSamGovClient({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 200 });
    expect((await failure(slow.fetchDescription('fd05ce5247fb4bc1b86e1ce4691bb74b'))).kind).toBe('timeout');
  });
});
