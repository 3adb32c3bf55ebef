import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RadarResponse, RadarRow } from '@biddesk/shared';
import { createAward } from '../../../test/award-factory';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { awards, pursuits } from '../../db/schema/index';
import { addMonthsUtc } from './radar-window';
import { radarSignals } from './radar-signals';

/**
 * GET /radar on known rows, end dates computed from today so the test does not rot. Each describe
 * uses its own NAICS code, so its rows are the only ones its queries see.
 */
let t: TestApp;
let member: string;
let admin: string;
let guest: string;
const today = new Date();
const months = (n: number) => addMonthsUtc(today, n);
const dayAfter = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  member = (await createUser(t.db, t.config, { name: 'Maria Member' })).token;
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
  guest = (await createUser(t.db, t.config, { isGuest: true })).token;
});
afterAll(async () => {
  await t.close();
});

const radar = (token: string | null, query = '') => t.injectAs(token, { method: 'GET', url: `/api/radar${query ? `?${query}` : ''}` });
async function radarOk(query: string): Promise<RadarResponse> {
  const res = await radar(member, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RadarResponse;
}
const pick = (rows: RadarRow[]) => rows.map((r) => r.piid);

describe('GET /radar window', () => {
  beforeAll(async () => {
    const naics = '111111';
    const from = months(6);
    const to = months(18);
    await createAward(t.db, { piid: 'WIN-BEFORE', naicsCode: naics, currentEndDate: dayAfter(from, -1) });
    await createAward(t.db, { piid: 'WIN-FROM', naicsCode: naics, currentEndDate: from });
    await createAward(t.db, { piid: 'WIN-MID', naicsCode: naics, currentEndDate: months(12) });
    await createAward(t.db, { piid: 'WIN-TO', naicsCode: naics, currentEndDate: to });
    await createAward(t.db, { piid: 'WIN-AFTER', naicsCode: naics, currentEndDate: dayAfter(to, 1) });
    await createAward(t.db, { piid: 'WIN-NO-END', naicsCode: naics, currentEndDate: null });
    await createAward(t.db, { piid: 'WIN-SOON', naicsCode: naics, currentEndDate: months(2) });
  });

  it('defaults to awards whose current end date is 6 to 18 months from today, both ends included, soonest first', async () => {
    const body = await radarOk('naics=111111');
    expect(pick(body.data)).toEqual(['WIN-FROM', 'WIN-MID', 'WIN-TO']);
    expect(body.window).toEqual({ from: months(6), to: months(18) });
    expect(body.total).toBe(3);
    expect(body.total_capped).toBe(false);
  });

  it('takes the window in months from and to', async () => {
    expect(pick((await radarOk('naics=111111&from_months=0&to_months=6')).data)).toEqual(['WIN-SOON', 'WIN-BEFORE', 'WIN-FROM']);
    expect(pick((await radarOk('naics=111111&from_months=18&to_months=60')).data)).toEqual(['WIN-TO', 'WIN-AFTER']);
  });

  it('sorts by end date descending on request', async () => {
    expect(pick((await radarOk('naics=111111&order=desc')).data)).toEqual(['WIN-TO', 'WIN-MID', 'WIN-FROM']);
  });
});

describe('GET /radar signals', () => {
  beforeAll(async () => {
    const base = { naicsCode: '222222', currentEndDate: months(9) };
    await createAward(t.db, {
      ...base,
      piid: 'SIG-ALL',
      offersReceived: 1,
      extentCompetedCode: 'C',
      obligatedAmount: '900000.00',
      baseAndAllOptionsValue: '1000000.00',
    });
    await createAward(t.db, {
      ...base,
      piid: 'SIG-NONE',
      offersReceived: 3,
      extentCompetedCode: 'A',
      obligatedAmount: '500000.00',
      baseAndAllOptionsValue: '1000000.00',
    });
    await createAward(t.db, { ...base, piid: 'SIG-BLANK' });
    await createAward(t.db, { ...base, piid: 'SIG-EXACT-80', obligatedAmount: '800000.00', baseAndAllOptionsValue: '1000000.00' });
    await createAward(t.db, { ...base, piid: 'SIG-79', obligatedAmount: '799999.99', baseAndAllOptionsValue: '1000000.00' });
    await createAward(t.db, { ...base, piid: 'SIG-ZERO-CEILING', obligatedAmount: '800000.00', baseAndAllOptionsValue: '0.00' });
    await createAward(t.db, { ...base, piid: 'SIG-NO-CEILING', obligatedAmount: '800000.00' });
    await createAward(t.db, { ...base, piid: 'SIG-NDO', extentCompetedCode: 'NDO' });
    await createAward(t.db, { ...base, piid: 'SIG-G', extentCompetedCode: 'G' });
    await createAward(t.db, { ...base, piid: 'SIG-B', extentCompetedCode: 'B' });
    await createAward(t.db, { ...base, piid: 'SIG-COMPETED-ORDER', extentCompetedCode: 'CDO', offersReceived: 0 });
  });

  const signalsOf = (rows: RadarRow[], piid: string) => rows.find((r) => r.piid === piid)!.signals;

  it('explains each signal with the data it came from', async () => {
    const rows = (await radarOk('naics=222222&page_size=100')).data;
    expect(signalsOf(rows, 'SIG-ALL')).toEqual([
      {
        kind: 'single_offer',
        label: 'Single offer',
        explanation: 'Only one offer was received last time: other firms did not bid, and a recompete may draw them in.',
        evidence: 'number of offers received: 1',
      },
      {
        kind: 'not_competed',
        label: 'Not competed',
        explanation: 'Awarded without competition: the incumbent has never had to beat another offer for this work.',
        evidence: 'extent competed: C (Not competed)',
      },
      {
        kind: 'near_ceiling',
        label: '90% of ceiling used',
        explanation: '90% of the ceiling is already obligated: the agency may need a new vehicle, a bridge or an early recompete.',
        evidence: 'obligated $900,000 of $1,000,000 base and all options value',
      },
    ]);
    const row = rows.find((r) => r.piid === 'SIG-ALL')!;
    expect(row).toMatchObject({
      offers_received: 1,
      extent_competed_code: 'C',
      extent_competed: 'Not competed',
      obligated_amount: '900000.00',
      ceiling_amount: '1000000.00',
    });
  });

  it('shows no signal on competed work or on missing data', async () => {
    const rows = (await radarOk('naics=222222&page_size=100')).data;
    for (const piid of ['SIG-NONE', 'SIG-BLANK', 'SIG-79', 'SIG-ZERO-CEILING', 'SIG-NO-CEILING', 'SIG-COMPETED-ORDER'])
      expect(signalsOf(rows, piid), piid).toEqual([]);
    expect(signalsOf(rows, 'SIG-EXACT-80').map((s) => s.label)).toEqual(['80% of ceiling used']);
    for (const piid of ['SIG-NDO', 'SIG-G', 'SIG-B'])
      expect(
        signalsOf(rows, piid).map((s) => s.kind),
        piid,
      ).toEqual(['not_competed']);
    expect(signalsOf(rows, 'SIG-NDO')[0]!.evidence).toBe('extent competed: NDO (Non-competitive delivery order)');
  });

  it('keeps only rows with a signal on signals_only, the same rows the signals are shown on', async () => {
    const all = (await radarOk('naics=222222&page_size=100')).data;
    const only = await radarOk('naics=222222&page_size=100&signals_only=true');
    expect(pick(only.data).sort()).toEqual(['SIG-ALL', 'SIG-B', 'SIG-EXACT-80', 'SIG-G', 'SIG-NDO']);
    expect(pick(only.data).sort()).toEqual(pick(all.filter((r) => r.signals.length > 0)).sort());
    expect(only.total).toBe(5);
  });

  it('computes the same signals from the stored row as the presenter shows', async () => {
    const [row] = await t.db.select().from(awards).where(eq(awards.piid, 'SIG-ALL'));
    expect(radarSignals(row!).map((s) => s.kind)).toEqual(['single_offer', 'not_competed', 'near_ceiling']);
  });
});

describe('GET /radar filters and paging', () => {
  beforeAll(async () => {
    const end = (n: number) => dayAfter(months(7), n);
    await createAward(t.db, {
      piid: 'F-1',
      naicsCode: '333333',
      pscCode: 'R425',
      awardingAgencyCode: '097',
      awardingSubAgencyCode: '2100',
      currentEndDate: end(1),
      obligatedAmount: '10.00',
    });
    await createAward(t.db, {
      piid: 'F-2',
      naicsCode: '333333',
      pscCode: 'D307',
      awardingAgencyCode: '097',
      awardingSubAgencyCode: '1700',
      currentEndDate: end(2),
      obligatedAmount: '30.00',
    });
    await createAward(t.db, {
      piid: 'F-3',
      naicsCode: '333334',
      pscCode: 'R425',
      awardingAgencyCode: '080',
      awardingSubAgencyCode: '8000',
      currentEndDate: end(3),
    });
    await createAward(t.db, {
      piid: 'F-4',
      naicsCode: '333334',
      pscCode: 'D307',
      awardingAgencyCode: '080',
      awardingSubAgencyCode: '8000',
      currentEndDate: end(4),
      obligatedAmount: '20.00',
    });
    await createAward(t.db, {
      piid: 'F-5',
      naicsCode: '333333',
      pscCode: 'R425',
      awardingAgencyCode: '075',
      awardingSubAgencyCode: '7529',
      currentEndDate: end(5),
    });
  });

  it('filters on lists of NAICS codes, PSC codes and agencies (toptier or sub-tier code)', async () => {
    expect(pick((await radarOk('naics=333333')).data)).toEqual(['F-1', 'F-2', 'F-5']);
    expect(pick((await radarOk('naics=333333,333334&psc=r425')).data)).toEqual(['F-1', 'F-3', 'F-5']);
    expect(pick((await radarOk('naics=333333,333334&agency=080')).data)).toEqual(['F-3', 'F-4']);
    expect(pick((await radarOk('naics=333333,333334&agency=2100,7529')).data)).toEqual(['F-1', 'F-5']);
    expect(pick((await radarOk('naics=333333,333334&psc=D307&agency=097')).data)).toEqual(['F-2']);
  });

  it('pages with a total, and sorts by obligated with blanks last', async () => {
    const page2 = await radarOk('naics=333333,333334&page_size=2&page=2');
    expect(pick(page2.data)).toEqual(['F-3', 'F-4']);
    expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(pick((await radarOk('naics=333333,333334&page_size=2&page=3')).data)).toEqual(['F-5']);
    expect(pick((await radarOk('naics=333333,333334&sort=obligated&order=desc')).data)).toEqual(['F-2', 'F-4', 'F-1', 'F-5', 'F-3']);
  });

  it('still gives the caveats when nothing matches, since award data is loaded', async () => {
    const body = await radarOk('naics=999999');
    expect(body.data).toEqual([]);
    expect(body.caveats[0]).toMatch(/latest modification/);
  });
});

describe('GET /radar/agencies', () => {
  it('lists the agencies and sub-agencies with awards ending in the window, with their counts, by name', async () => {
    // The filters-and-paging rows: 097/2100, 097/1700, 080/8000 twice, 075/7529; all end 7 months out.
    const res = await t.injectAs(member, { method: 'GET', url: '/api/radar/agencies?from_months=6&to_months=8' });
    expect(res.statusCode, res.body).toBe(200);
    const byCode = new Map((res.json().data as { code: string; level: string; awards: number }[]).map((a) => [a.code, a]));
    expect(byCode.get('080')).toMatchObject({ level: 'agency', awards: 2 });
    expect(byCode.get('8000')).toMatchObject({ level: 'sub_agency', awards: 2 });
    expect(byCode.get('2100')).toMatchObject({ level: 'sub_agency', awards: 1 });
    expect(byCode.get('097')!.awards).toBeGreaterThanOrEqual(2);
    const none = await t.injectAs(member, { method: 'GET', url: '/api/radar/agencies?from_months=50&to_months=60' });
    expect(none.json().data).toEqual([]);
  });

  it('refuses guests (403), anonymous callers (401) and a reversed window (400)', async () => {
    const url = '/api/radar/agencies';
    expect((await t.injectAs(admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.injectAs(guest, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.injectAs(member, { method: 'GET', url: `${url}?from_months=9&to_months=3` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('from_months must be less than to_months');
  });
});

describe('GET /radar roles and bad input', () => {
  it('answers admins and users, refuses guests (403) and anonymous callers (401)', async () => {
    expect((await radar(admin)).statusCode).toBe(200);
    expect((await radar(member)).statusCode).toBe(200);
    const g = await radar(guest);
    expect(g.statusCode).toBe(403);
    expect(g.json().detail).toBe('Guest accounts can only open the workspaces they were invited to');
    expect((await radar(null)).statusCode).toBe(401);
  });

  it.each([
    ['from_months=12&to_months=6', 'from_months must be less than to_months'],
    ['from_months=-1', 'from_months must be from 0 to 60'],
    ['to_months=61', 'to_months must be from 0 to 60'],
    ['from_months=two', 'from_months must be a number of months'],
    ['naics=54151', 'NAICS "54151" is not valid: a NAICS code has 6 digits'],
    ['psc=R4251', 'PSC "R4251" is not valid: a PSC code has 4 letters or digits'],
    ['agency=Department', 'Agency "DEPARTMENT" is not valid'],
    ['page_size=101', 'page_size must be from 1 to 100'],
    ['page=0', 'page must be 1 or more'],
    ['sort=recipient', 'sort must be one of end_date, potential_end_date, obligated, ceiling'],
    ['signals_only=maybe', 'signals_only must be true or false'],
  ])('refuses %s with a readable detail', async (query, detail) => {
    const res = await radar(member, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });
});

describe('POST /radar/track', () => {
  const track = (token: string | null, awardKey: unknown) =>
    t.injectAs(token, { method: 'POST', url: '/api/radar/track', payload: { award_key: awardKey } });

  it('creates a pursuit for the recompete, titled from the award, shown on the pipeline and on the radar row', async () => {
    const awardKey = await createAward(t.db, {
      piid: 'TRACK-ME',
      naicsCode: '444444',
      currentEndDate: months(10),
      description: 'Range operations support',
      recipientName: 'ACME RANGE SERVICES LLC',
      awardingAgencyName: 'Department of Defense',
      awardingSubAgencyName: 'Department of the Army',
    });
    const res = await track(member, awardKey);
    expect(res.statusCode, res.body).toBe(201);
    const pursuit = res.json();
    expect(pursuit).toMatchObject({
      award_key: awardKey,
      notice_id: null,
      opportunity_id: null,
      title: 'Recompete of TRACK-ME: Range operations support',
      agency: 'Department of the Army',
      naics_code: '444444',
      incumbent: 'ACME RANGE SERVICES LLC',
      owner: { name: 'Maria Member' },
    });
    const list = (await t.injectAs(member, { method: 'GET', url: '/api/pursuits' })).json();
    expect(list.data.map((p: { id: string }) => p.id)).toContain(pursuit.id);
    const row = (await radarOk('naics=444444')).data[0]!;
    expect(row.pursuit_id).toBe(pursuit.id);

    const again = await track(admin, awardKey);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This recompete is already in the pipeline (capture owner: Maria Member)');
  });

  it('refuses guests, anonymous callers, unknown awards and a missing key, changing nothing', async () => {
    const awardKey = await createAward(t.db, { naicsCode: '444445', currentEndDate: months(10) });
    const before = (await t.db.select().from(pursuits)).length;
    const g = await track(guest, awardKey);
    expect(g.statusCode).toBe(403);
    expect(g.json().detail).toBe('Guest accounts can only open the workspaces they were invited to');
    expect((await track(null, awardKey)).statusCode).toBe(401);
    const unknown = await track(member, 'CONT_AWD_NOPE_9700_-NONE-_-NONE-');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Award not found');
    const blank = await track(member, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toContain('award_key is required');
    expect((await t.db.select().from(pursuits)).length).toBe(before);
  });

  it('makes one pursuit when 20 people press Track at once; the rest get 409', async () => {
    const awardKey = await createAward(t.db, { naicsCode: '444446', currentEndDate: months(10) });
    const tokens = [admin, member];
    for (let i = 0; i < 18; i += 1) tokens.push((await createUser(t.db, t.config, { name: `Lead ${i}` })).token);
    const responses = await Promise.all(tokens.map((token) => track(token, awardKey)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await t.db.select().from(pursuits).where(eq(pursuits.awardKey, awardKey))).toHaveLength(1);
  });
});
