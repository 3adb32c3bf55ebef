import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';

// Issue 15: one card per solicitation, every sort, and the saved toggle under concurrency.
const DAY = 86_400_000;
let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  const now = Date.now();
  const notice = (key: string, o: Parameters<typeof createOpportunity>[1]) => createOpportunity(t.db, o).then((id) => (ids[key] = id));
  // One solicitation, three notices: presolicitation, solicitation, amendment (newest).
  await notice('presol', {
    title: 'Radar upkeep (presolicitation)',
    solicitationNumber: 'W912-RADAR',
    noticeType: 'Presolicitation',
    postedDate: new Date(now - 20 * DAY),
    responseDeadline: null,
  });
  await notice('sol', {
    title: 'Radar upkeep',
    solicitationNumber: 'W912-RADAR',
    noticeType: 'Solicitation',
    postedDate: new Date(now - 10 * DAY),
    responseDeadline: new Date(now + 9 * DAY),
  });
  await notice('amendment', {
    title: 'Radar upkeep amendment 1',
    solicitationNumber: ' w912-radar ',
    noticeType: 'Solicitation',
    postedDate: new Date(now - 2 * DAY),
    responseDeadline: new Date(now + 12 * DAY),
    responseTimeZone: '-05:00',
    naicsCode: '811210',
    setAsideCode: 'SBA',
  });
  // The same number at another agency is another solicitation.
  await notice('otherAgency', {
    title: 'Boiler repair',
    solicitationNumber: 'W912-RADAR',
    department: 'GENERAL SERVICES ADMINISTRATION',
    noticeType: 'Combined Synopsis/Solicitation',
    postedDate: new Date(now - 5 * DAY),
    responseDeadline: new Date(now + 3 * DAY),
    naicsCode: '238220',
    setAsideCode: '8A',
  });
  await notice('sources', {
    title: 'Asphalt paving market research',
    noticeType: 'Sources Sought',
    postedDate: new Date(now - 1 * DAY),
    responseDeadline: new Date(now + 30 * DAY),
    naicsCode: '324121',
    setAsideCode: null,
    department: 'VETERANS AFFAIRS, DEPARTMENT OF',
  });
  await notice('special', {
    title: 'Industry day announcement',
    noticeType: 'Special Notice',
    postedDate: new Date(now - 3 * DAY),
    responseDeadline: null,
  });
  await notice('award', {
    title: 'Zebra mussel removal award',
    noticeType: 'Award Notice',
    postedDate: new Date(now - 4 * DAY),
    responseDeadline: null,
  });
  await notice('closed', {
    title: 'Closed janitorial solicitation',
    noticeType: 'Solicitation',
    postedDate: new Date(now - 30 * DAY),
    responseDeadline: new Date(now - 1 * DAY),
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Row = { id: string; title: string; notice_count: number; response_date: string | null; posted_date: string | null };
const list = async (query: string): Promise<{ data: Row[]; total: number }> => {
  const res = await t.injectAs(token, { method: 'GET', url: `/api/opportunities?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json();
};
const idsOf = (rows: Row[]) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

describe('one card per solicitation', () => {
  it('shows the newest notice of a solicitation number with its notice count; the number is per agency', async () => {
    const { data } = await list('');
    expect(idsOf(data)).toEqual(['sources', 'amendment', 'otherAgency']);
    expect(data.find((r) => r.id === ids.amendment)).toMatchObject({ notice_count: 3, response_time_zone: '-05:00' });
    expect(data.find((r) => r.id === ids.otherAgency)!.notice_count).toBe(1);
  });

  it('follows a new notice: an award for the solicitation closes the card, and it shows under awards', async () => {
    await createOpportunity(t.db, {
      noticeId: 'radar-award',
      title: 'Radar upkeep award',
      solicitationNumber: 'W912-RADAR',
      noticeType: 'Award Notice',
      postedDate: new Date(),
      responseDeadline: null,
    });
    expect(idsOf((await list('')).data)).toEqual(['sources', 'otherAgency']);
    const awards = await list('status=awarded');
    expect(awards.data.map((r) => r.title)).toEqual(['Radar upkeep award', 'Zebra mussel removal award']);
    expect(awards.data[0]!.notice_count).toBe(4);
    const stats = (await t.injectAs(token, { method: 'GET', url: '/api/opportunities/stats' })).json();
    expect(stats.open_solicitations).toBe(2);
  });

  it('lists under My Saved exactly the notices saved, an older notice of a solicitation included', async () => {
    await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${ids.presol}/save?saved=true` });
    const saved = await list('saved_only=true');
    expect(idsOf(saved.data)).toEqual(['presol']);
    await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${ids.presol}/save?saved=false` });
    expect((await list('saved_only=true')).total).toBe(0);
  });
});

describe('sorting', () => {
  const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

  it('sorts by due date soonest first (no date last) and by newest posting', async () => {
    const due = (await list('status=all&sort=due')).data;
    const dueDates = due.map((r) => r.response_date);
    expect(dueDates).toEqual([...dueDates].sort(cmp));
    expect(dueDates.at(-1)).toBeNull();
    const open = idsOf((await list('sort=due')).data);
    expect(open).toEqual(['otherAgency', 'sources']);
    const posted = (await list('status=all&sort=posted')).data.map((r) => r.posted_date);
    expect(posted).toEqual([...posted].sort(cmp).reverse());
    const oldest = (await list('status=all&sort=posted&order=asc')).data.map((r) => r.posted_date);
    expect(oldest).toEqual([...posted].reverse());
  });

  it('sorts by every table column both ways, missing values last', async () => {
    const fields = {
      title: 'title',
      agency: 'agency',
      solicitation_number: 'solicitation_number',
      notice_type: 'notice_type',
      set_aside: 'set_aside',
      naics: 'naics',
    } as const;
    for (const [sort, field] of Object.entries(fields)) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = (await list(`status=all&sort=${sort}&order=${order}`)).data as unknown as Record<string, string | null>[];
        const values = rows.map((r) => (r[field] === null ? null : sort === 'title' ? r[field]!.toLowerCase() : r[field]));
        const present = values.filter((v) => v !== null) as string[];
        const expected = [...present].sort((a, b) => (order === 'asc' ? cmp(a, b) : cmp(b, a)));
        expect(values.slice(0, present.length), `${sort} ${order}`).toEqual(expected);
        expect(
          values.slice(present.length).every((v) => v === null),
          `${sort} ${order} nulls last`,
        ).toBe(true);
      }
    }
  });

  it('sorts by relevance with a keyword (title matches first) and falls back to newest without one', async () => {
    await createOpportunity(t.db, {
      title: 'Office furniture',
      noticeType: 'Solicitation',
      postedDate: new Date(),
      description: 'Includes a paving stone courtyard.',
    });
    const relevant = (await list('keyword=paving&sort=relevance')).data.map((r) => r.title);
    expect(relevant).toEqual(['Asphalt paving market research', 'Office furniture']);
    const newest = (await list('keyword=paving&sort=posted')).data.map((r) => r.title);
    expect(newest).toEqual(['Office furniture', 'Asphalt paving market research']);
    expect((await list('sort=relevance')).data.map((r) => r.title)).toEqual((await list('sort=posted')).data.map((r) => r.title));
  });
});

describe('POST /api/opportunities/{id}/save under concurrency', () => {
  it('applies 50 concurrent toggles one after another: 25 save, 25 unsave, ending unsaved', async () => {
    const url = `/api/opportunities/${ids.sources}/save`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.injectAs(token, { method: 'POST', url })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const saved = answers.filter((a) => a.json().saved === true).length;
    expect(saved).toBe(25);
    const detail = (await t.injectAs(token, { method: 'GET', url: `/api/opportunities/${ids.sources}` })).json();
    expect(detail.saved).toBe(false);
    expect((await list('saved_only=true')).total).toBe(0);
  });

  it('sets a given state idempotently: 50 concurrent saves store one row and all answer saved', async () => {
    const url = `/api/opportunities/${ids.sources}/save?saved=true`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.injectAs(token, { method: 'POST', url })));
    expect(answers.map((a) => a.json().saved)).toEqual(Array(50).fill(true));
    expect((await list('saved_only=true')).total).toBe(1);
    const bad = await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${ids.sources}/save?saved=maybe` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('saved must be true or false');
  });
});

describe('answer size', () => {
  it('sends a page compressed when the client accepts it', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createOpportunity(t.db, { title: `Filler notice ${i}`, noticeType: 'Solicitation', description: 'Word '.repeat(400) }),
      ),
    );
    const res = await t.injectAs(token, { method: 'GET', url: '/api/opportunities?limit=20', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.injectAs(token, { method: 'GET', url: '/api/opportunities?limit=20' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // Summaries, not descriptions: 20 notices with 2,000-character descriptions stay small.
    expect(plain.rawPayload.length).toBeLessThan(20 * 1200);
  });
});
