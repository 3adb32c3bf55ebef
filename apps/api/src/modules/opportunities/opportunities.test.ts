import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';

const DAY = 86_400_000;
let t: TestApp;
let token: string;
let otherToken: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  otherToken = (await createUser(t.db, t.config)).token;
  const now = Date.now();
  ids.aircraft = await createOpportunity(t.db, {
    title: 'Aircraft landing gear overhaul',
    department: 'DEPT OF DEFENSE',
    naicsCode: '336411',
    pscCode: 'J016',
    setAsideCode: 'SBA',
    postedDate: new Date(now - 1 * DAY),
    responseDeadline: new Date(now + 3 * DAY),
    description: 'Overhaul of hydraulic landing gear assemblies for C-130 aircraft.',
  });
  ids.janitorial = await createOpportunity(t.db, {
    title: 'Janitorial services for VA clinic',
    department: 'VETERANS AFFAIRS, DEPARTMENT OF',
    naicsCode: '561720',
    pscCode: 'S201',
    setAsideCode: 'SDVOSBC',
    postedDate: new Date(now - 10 * DAY),
    responseDeadline: new Date(now + 20 * DAY),
    description: 'Custodial cleaning of the outpatient clinic.',
  });
  ids.expired = await createOpportunity(t.db, {
    title: 'Expired software licences',
    department: 'DEPT OF DEFENSE',
    naicsCode: '513210',
    pscCode: '7A21',
    postedDate: new Date(now - 40 * DAY),
    responseDeadline: new Date(now - 5 * DAY),
    active: false,
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: string | null = token) => t.injectAs(who, { method: 'GET', url });

describe('GET /api/opportunities', () => {
  it("pages the listing newest first with totals and the caller's saved flag; the past-due notice only with status=all", async () => {
    const res = await get('/api/opportunities?page=1&limit=2&_=123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, total_pages: 1, page: 1 });
    expect(body.data.map((o: { id: string }) => o.id)).toEqual([ids.aircraft, ids.janitorial]);
    expect(body.data[0]).toMatchObject({
      agency: 'DEPT OF DEFENSE',
      naics: '336411',
      set_aside: 'SBA',
      saved: false,
      pdf_processed: false,
      notice_count: 1,
    });
    // A listing carries a short summary, never the description.
    expect(body.data[0].summary).toBe('Overhaul of hydraulic landing gear assemblies for C-130 aircraft.');
    expect(body.data[0]).not.toHaveProperty('description');
    const all = (await get('/api/opportunities?page=2&limit=2&status=all')).json();
    expect(all).toMatchObject({ total: 3, total_pages: 2 });
    expect(all.data.map((o: { id: string }) => o.id)).toEqual([ids.expired]);
  });

  it('filters by keyword (full text, stemmed), agency, NAICS and PSC prefix and set-aside', async () => {
    const titles = async (q: string) => (await get(`/api/opportunities?${q}`)).json().data.map((o: { title: string }) => o.title);
    expect(await titles('keyword=overhauling%20hydraulic')).toEqual(['Aircraft landing gear overhaul']);
    expect(await titles('keyword=custodial')).toEqual(['Janitorial services for VA clinic']);
    expect(await titles('keyword=clinic%20-janitorial')).toEqual([]);
    expect(await titles(`agency=${encodeURIComponent('VETERANS AFFAIRS, DEPARTMENT OF')}`)).toEqual(['Janitorial services for VA clinic']);
    expect(await titles('agency=all&naics=3364')).toEqual(['Aircraft landing gear overhaul']);
    expect(await titles('psc=s2')).toEqual(['Janitorial services for VA clinic']);
    expect(await titles('set_aside=SDVOSBC')).toEqual(['Janitorial services for VA clinic']);
    expect(await titles('set_aside=none&agency=DEPT%20OF%20DEFENSE&status=all')).toHaveLength(2);
  });

  it('rejects bad paging and filter values with a readable detail', async () => {
    for (const [q, detail] of [
      ['limit=101', 'limit must be at most 100'],
      ['page=0', 'page must be at least 1'],
      ['naics=abc', 'NAICS code must be up to 6 digits'],
      ['psc=%25%25', 'PSC code must be up to 4 letters or digits'],
      ['status=closed', 'status must be one of open, past_due, awarded, all'],
      ['sort=price', 'sort must be one of'],
      ['order=up', 'order must be asc or desc'],
      ['due_within=0', 'due_within must be 1 to 365'],
    ] as const) {
      const res = await get(`/api/opportunities?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/opportunities', null)).statusCode).toBe(401);
    expect((await get('/api/opportunities/stats', null)).statusCode).toBe(401);
    expect((await get(`/api/opportunities/${ids.aircraft}`, null)).statusCode).toBe(401);
    expect((await t.injectAs(null, { method: 'POST', url: `/api/opportunities/${ids.aircraft}/save` })).statusCode).toBe(401);
    expect((await t.injectAs(null, { method: 'POST', url: '/api/opportunities/search?keywords=x' })).statusCode).toBe(401);
  });
});

describe('saving', () => {
  it("toggles the saved flag per user; saved_only lists only the caller's saved ones", async () => {
    const save = (who: string) => t.injectAs(who, { method: 'POST', url: `/api/opportunities/${ids.janitorial}/save` });
    expect((await save(token)).json()).toEqual({ saved: true });
    expect((await get(`/api/opportunities/${ids.janitorial}`)).json().saved).toBe(true);
    expect((await get(`/api/opportunities/${ids.janitorial}`, otherToken)).json().saved).toBe(false);
    expect((await get('/api/opportunities?saved_only=true')).json().data.map((o: { id: string }) => o.id)).toEqual([ids.janitorial]);
    expect((await get('/api/opportunities?saved_only=true', otherToken)).json().total).toBe(0);
    expect((await save(token)).json()).toEqual({ saved: false });
    expect((await get('/api/opportunities?saved_only=true')).json().total).toBe(0);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await t.injectAs(token, { method: 'POST', url: '/api/opportunities/00000000-0000-0000-0000-000000000000/save' })).statusCode,
    ).toBe(404);
    const res = await get('/api/opportunities/not-a-uuid');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Opportunity not found');
  });
});

describe('GET /api/opportunities/stats', () => {
  it('counts open, due this week, favourited and recently posted in one call', async () => {
    await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${ids.aircraft}/save` });
    const res = await get('/api/opportunities/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ open_solicitations: 2, due_this_week: 1, favorited: 1, recently_updated: 1 });
    expect((await get('/api/opportunities/stats', otherToken)).json().favorited).toBe(0);
  });
});

describe('POST /api/opportunities/search without a SAM.gov key', () => {
  it('runs on the local database with the search answer shape', async () => {
    const res = await t.injectAs(token, { method: 'POST', url: '/api/opportunities/search?keywords=landing%20gear&naics=336' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, source: 'local' });
    expect(res.json().results[0]).toMatchObject({ id: ids.aircraft, saved: true });
  });

  it('needs at least one criterion', async () => {
    const res = await t.injectAs(token, { method: 'POST', url: '/api/opportunities/search?agency=all&set_aside=none' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please enter at least one search criterion');
  });
});

describe('GET /api/sam-gov/description without a SAM.gov key', () => {
  it('returns stored text, and the SPEC fallback text as 404 when there is none', async () => {
    const withText = (await get(`/api/opportunities/${ids.aircraft}`)).json();
    const res = await get(`/api/sam-gov/description?notice_id=${withText.notice_id}`);
    expect(res.json()).toEqual({ description: 'Overhaul of hydraulic landing gear assemblies for C-130 aircraft.' });
    const missing = await get('/api/sam-gov/description?notice_id=abc123');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Description not available. Please visit the opportunities service for full details.');
    expect((await get('/api/sam-gov/description?notice_id=%3Cscript%3E')).statusCode).toBe(400);
  });
});
