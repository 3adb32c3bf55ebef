import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { startFakeSamGov, type FakeSamGov } from '../../integrations/samgov/fake-samgov-server';

let sam: FakeSamGov;
let t: TestApp;
let token: string;

beforeAll(async () => {
  sam = await startFakeSamGov({
    descriptions: {
      fd05ce5247fb4bc1b86e1ce4691bb74b:
        '<p>Renovate the <b>Aspinall</b> chambers.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    },
  });
  t = await buildTestApp({ SAM_API_KEY: 'test-key-123', SAM_API_BASE_URL: sam.url });
  token = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
  await sam.close();
});

const search = (q: string) => t.injectAs(token, { method: 'POST', url: `/api/opportunities/search?${q}` });

describe('POST /api/opportunities/search with a SAM.gov key', () => {
  it('maps the filters to SAM parameters, stores the results and answers {results, total}', async () => {
    // Its response date (Feb 2026) has passed: the default answer leaves it out, status=all has it.
    expect((await search('keywords=Aspinall&agency=all')).json()).toMatchObject({ total: 0, source: 'sam_gov' });
    const res = await search('keywords=Aspinall&agency=all&status=all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('sam_gov');
    expect(body.total).toBe(1);
    expect(body.results[0]).toMatchObject({
      notice_id: 'fd05ce5247fb4bc1b86e1ce4691bb74b',
      title: 'Aspinall Chambers Renovation',
      saved: false,
      notice_type: 'Presolicitation',
      response_time_zone: '-07:00',
    });
    expect(body.results[0]).not.toHaveProperty('description');

    const sent = sam.requests.at(-1)!;
    expect(sent.pathname).toBe('/opportunities/v2/search');
    expect(sent.searchParams.get('title')).toBe('Aspinall');
    expect(sent.searchParams.get('api_key')).toBe('test-key-123');
    expect(sent.searchParams.get('postedFrom')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(sent.searchParams.has('organizationName')).toBe(false);

    // Stored: it can be opened and saved like any other.
    const id = body.results[0].id;
    expect((await t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}` })).statusCode).toBe(200);
    expect((await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${id}/save` })).json()).toEqual({ saved: true });
  });

  it('answers a repeated search from the cache, without spending quota', async () => {
    await search('naics=236220');
    const calls = sam.requests.length;
    const again = await search('naics=236220');
    expect(again.statusCode).toBe(200);
    expect(sam.requests.length).toBe(calls);
  });

  it("turns SAM's 429 into a 429 with the rate-limit message, and other failures into 502", async () => {
    sam.setMode('rate_limited');
    const limited = await search('keywords=radar');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('SAM.gov rate limit exceeded. Please try again later.');
    sam.setMode('error');
    const failed = await search('keywords=sonar');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).not.toContain('test-key-123');
    sam.setMode('unauthorized');
    expect((await search('keywords=lidar')).statusCode).toBe(502);
    sam.setMode('ok');
  });
});

describe('GET /api/sam-gov/description with a SAM.gov key', () => {
  it('fetches the noticedesc once, makes it safe and stores it', async () => {
    const url = '/api/sam-gov/description?notice_id=fd05ce5247fb4bc1b86e1ce4691bb74b';
    const first = await t.injectAs(token, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.json().description).toBe('<p>Renovate the <b>Aspinall</b> chambers.</p>');
    const calls = sam.requests.length;
    const second = await t.injectAs(token, { method: 'GET', url });
    expect(second.json()).toEqual(first.json());
    expect(sam.requests.length).toBe(calls);
  });

  it('answers 404 with the SPEC text when SAM has no description', async () => {
    const res = await t.injectAs(token, { method: 'GET', url: '/api/sam-gov/description?notice_id=00000000000000000000000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Description not available. Please visit the opportunities service for full details.');
  });
});
