import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { pursuits } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/** GET /pursuits?view=table: one sorted page from the server, totals over every filtered pursuit. */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let owner: Caller;
let admin: Caller;
let guest: Caller;
let stages: { id: string; name: string }[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  owner = await createUser(t.db, t.config, { name: 'Olive Owner' });
  guest = await createUser(t.db, t.config, { name: 'Gus Guest', isGuest: true });
  stages = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data;
  // Five pursuits: values 100..500 (one without), p(win) 50 except one, two stages, two agencies.
  const rows: [string, number | null, number | null, string, string][] = [
    ['Alpha', 300, 50, 'Identified', 'DEPT OF TABLES'],
    ['Bravo', 100, 50, 'Qualified', 'DEPT OF TABLES'],
    ['Charlie', null, 50, 'Identified', 'DEPT OF TABLES'],
    ['Delta', 500, null, 'Qualified', 'DEPT OF TABLES'],
    ['Echo', 200, 50, 'Identified', 'DEPT OF CHAIRS'],
  ];
  for (const [title, value, pWin, stageName, department] of rows) {
    const opportunityId = await createOpportunity(t.db, { title, department });
    const res = await t.injectAs(owner.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
    ids[title] = res.json().id;
    await t.db
      .update(pursuits)
      .set({ estimatedValue: value, pWin, stageId: stages.find((s) => s.name === stageName)!.id })
      .where(eq(pursuits.id, ids[title]!));
  }
});
afterAll(async () => {
  await t.close();
});

const table = (query: string, caller: Caller | null = owner) =>
  t.injectAs(caller?.token ?? null, { method: 'GET', url: `/api/pursuits?view=table&${query}` });
const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

describe('GET /pursuits?view=table', () => {
  it('sorts on the server with unknown values last either way, and pages without overlap', async () => {
    const asc = (await table('sort=value&order=asc&per_page=2')).json();
    expect(titles(asc)).toEqual(['Bravo', 'Echo']);
    expect(asc.page).toEqual({ page: 1, per_page: 2, total: 5 });
    expect(titles((await table('sort=value&order=asc&per_page=2&page=2')).json())).toEqual(['Alpha', 'Delta']);
    expect(titles((await table('sort=value&order=asc&per_page=2&page=3')).json())).toEqual(['Charlie']);
    expect(titles((await table('sort=value&order=desc&per_page=5')).json())).toEqual(['Delta', 'Alpha', 'Echo', 'Bravo', 'Charlie']);
    // Weighted value is unknown without a value or a p(win): Charlie and Delta go last.
    const unknownLast = ['Charlie', 'Delta'].sort((a, b) => ids[a]!.localeCompare(ids[b]!));
    expect(titles((await table('sort=weighted&order=desc')).json())).toEqual(['Alpha', 'Echo', 'Bravo', ...unknownLast]);
    expect(titles((await table('sort=weighted&order=asc')).json())).toEqual(['Bravo', 'Echo', 'Alpha', ...unknownLast]);
    expect(titles((await table('sort=title&order=desc')).json())).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    const byStage = titles((await table('sort=stage&order=asc')).json());
    expect(byStage.slice(3).sort()).toEqual(['Bravo', 'Delta']);
  });

  it('keeps the totals over every pursuit the filters select, whatever the page', async () => {
    const res = (await table('agency=DEPT%20OF%20TABLES&sort=title&per_page=1&page=2')).json();
    expect(titles(res)).toEqual(['Bravo']);
    expect(res.page).toEqual({ page: 2, per_page: 1, total: 4 });
    const identified = res.totals.find((x: { stage_id: string }) => x.stage_id === stages.find((s) => s.name === 'Identified')!.id);
    const qualified = res.totals.find((x: { stage_id: string }) => x.stage_id === stages.find((s) => s.name === 'Qualified')!.id);
    expect(identified).toMatchObject({ count: 2, total_value: 300, weighted_value: 150, unvalued: 1 });
    expect(qualified).toMatchObject({ count: 2, total_value: 600, weighted_value: 50, unvalued: 1 });
  });

  it('answers the last page for a page past it, and the whole list without view=table', async () => {
    const past = (await table('sort=title&per_page=2&page=99')).json();
    expect({ titles: titles(past), page: past.page }).toEqual({ titles: ['Echo'], page: { page: 3, per_page: 2, total: 5 } });
    const board = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pursuits' })).json();
    expect(board.data).toHaveLength(5);
    expect(board.page).toBeUndefined();
  });

  it('refuses a sort it does not know, a bad page, guests and anonymous callers', async () => {
    const cases: [string, Caller | null, number, string | undefined][] = [
      ['sort=notes', owner, 400, 'sort must be one of title, agency, stage, owner, value, weighted, p_win, due, next'],
      ['sort=title&order=up', owner, 400, 'order must be asc or desc'],
      ['page=0', owner, 400, 'page must be at least 1'],
      ['per_page=500', owner, 400, 'per_page must be from 1 to 200'],
      ['sort=title', guest, 403, GUEST_REFUSAL],
      ['sort=title', null, 401, undefined],
      ['sort=title', admin, 200, undefined],
    ];
    for (const [query, caller, status, detail] of cases) {
      const res = await table(query, caller);
      expect({ query, status: res.statusCode, detail: detail && res.json().detail }).toEqual({ query, status, detail });
    }
  });
});
