import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpportunityAwards } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { importAwardsCsv } from './import/import-awards-csv';
import { DOD_DELAY_CAVEAT, LATEST_MOD_CAVEAT, NO_DATA_CAVEAT } from './incumbents.service';

const SUMMARIES = path.join(import.meta.dirname, 'import', 'fixtures', 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv');

let t: TestApp;
let member: string;
let guest: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  member = (await createUser(t.db, t.config)).token;
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
  guest = (await createUser(t.db, t.config, { isGuest: true })).token;
});
afterAll(async () => {
  await t.close();
});

const awardsOf = (token: string | null, id: string) => t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}/awards` });

describe('GET /opportunities/{id}/awards before any award data', () => {
  it('says no award data is loaded rather than that there is no incumbent', async () => {
    const id = await createOpportunity(t.db, { cgac: '097' });
    const res = await awardsOf(member, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ opportunity_id: id, candidates: [], caveats: [NO_DATA_CAVEAT, DOD_DELAY_CAVEAT], awards_loaded: 0 });
  });
});

describe('GET /opportunities/{id}/awards on the real Rice awards', () => {
  beforeAll(async () => {
    await importAwardsCsv(t.db, Readable.from(readFileSync(SUMMARIES)));
  });

  it('ranks by rule: quoted contract number, then solicitation number, then scored office and classification', async () => {
    const id = await createOpportunity(t.db, {
      title: 'Research support follow-on',
      // A real sources-sought number that the award W912HQ26CA008 carries as its solicitation id.
      solicitationNumber: 'W912HQ24S0004',
      description: 'This requirement was previously performed under contract W912HQ-22-P-0064.',
      cgac: '097',
      aacCode: 'W912HQ',
      fpdsCode: '2100',
      naicsCode: '541715',
      pscCode: 'AJ11',
      placeOfPerformance: { street_address: null, city: null, state: 'TX', zip: null, country: 'USA' },
      responseDeadline: new Date('2027-06-01T17:00:00Z'),
    });
    const res = await awardsOf(member, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OpportunityAwards;
    expect(body.candidates.map((c) => [c.rule, c.piid])).toEqual([
      ['quoted_contract_number', 'W912HQ22P0064'],
      ['solicitation_number', 'W912HQ26CA008'],
      ['office_classification', 'W912HQ25P0065'],
      ['office_classification', 'W912HQ20P0009'],
      ['office_classification', 'W912HQ15C0016'],
    ]);
    // Three at most from the scored rule, best first.
    expect(body.candidates.slice(2).map((c) => c.score)).toEqual([...body.candidates.slice(2).map((c) => c.score)].sort((a, b) => b - a));
    const [quoted, solicitation, best] = body.candidates;
    expect(quoted).toMatchObject({
      score: 0.9,
      rule_label: 'matched: contract number quoted in the notice (W912HQ22P0064)',
      recipient_uei: 'K51LECU1G8N3',
    });
    expect(solicitation).toMatchObject({
      score: 0.8,
      rule_label: 'matched: solicitation number on the award (W912HQ24S0004)',
      solicitation_id: 'W912HQ24S0004',
    });
    expect(best).toMatchObject({
      score: 0.9,
      matched_on: ['office', 'NAICS', 'PSC', 'place', 'ends near this due date'],
      current_end_date: '2027-09-11',
      source: 'usaspending_csv',
      source_url: 'https://www.usaspending.gov/award/CONT_AWD_W912HQ25P0065_9700_-NONE-_-NONE-/',
    });
    expect(Date.parse(best!.fetched_at)).not.toBeNaN();
    // Every figure can be read against its source.
    for (const c of body.candidates) expect(c.source_url).toMatch(/^https:\/\/www\.usaspending\.gov\/award\//);
    expect(body.caveats).toEqual([DOD_DELAY_CAVEAT, LATEST_MOD_CAVEAT]);
    expect(body.awards_loaded).toBe(104);
  });

  it('finds the orders under a quoted IDV, each reported as found through its vehicle', async () => {
    const id = await createOpportunity(t.db, {
      solicitationNumber: 'N00244-26-R-0001',
      description: 'Orders are placed under BOA N00244-10-G-0005.',
      aacCode: null,
      naicsCode: null,
      pscCode: null,
    });
    const body = (await awardsOf(member, id)).json() as OpportunityAwards;
    expect(body.candidates.map((c) => c.award_key).sort()).toEqual([
      'CONT_AWD_0001_9700_N0024410G0005_9700',
      'CONT_AWD_0002_9700_N0024410G0005_9700',
      'CONT_AWD_0003_9700_N0024410G0005_9700',
      'CONT_IDV_N0024410G0005_9700',
    ]);
    for (const c of body.candidates) expect(c.rule_label).toBe('matched: contract number quoted in the notice (N0024410G0005)');
  });

  it('matches the real award whose solicitation id reads NOI 140G0322Q0180 to the notice numbered 140G0322Q0180', async () => {
    const id = await createOpportunity(t.db, {
      solicitationNumber: '140G0322Q0180',
      description: 'No numbers here.',
      aacCode: null,
      fpdsCode: null,
      naicsCode: null,
      pscCode: null,
    });
    const body = (await awardsOf(member, id)).json() as OpportunityAwards;
    expect(body.candidates.map((c) => [c.rule, c.solicitation_id])).toEqual([['solicitation_number', 'NOI 140G0322Q0180']]);
  });

  it('matches nothing on a blank solicitation number, though most awards have a blank one', async () => {
    const id = await createOpportunity(t.db, { solicitationNumber: '', description: 'No numbers here.', aacCode: null, fpdsCode: null });
    const body = (await awardsOf(member, id)).json() as OpportunityAwards;
    expect(body.candidates).toEqual([]);
    expect(body.caveats).toEqual([]);
  });

  it('is open to admins too', async () => {
    const id = await createOpportunity(t.db);
    expect((await awardsOf(admin, id)).statusCode).toBe(200);
  });
});

describe('GET /admin/award-sources without SAM_API_KEY and with lookups off', () => {
  it('says so rather than showing a quota', async () => {
    const res = await t.injectAs(admin, { method: 'GET', url: '/api/admin/award-sources' });
    expect(res.json()).toEqual({ usaspending_lookups: false, sam_contract_awards: null });
  });
});

describe('GET /opportunities/{id}/awards refusals', () => {
  it('401 without a token, 403 for a guest, 404 for an unknown or malformed id', async () => {
    const id = await createOpportunity(t.db);
    expect((await awardsOf(null, id)).statusCode).toBe(401);
    const g = await awardsOf(guest, id);
    expect(g.statusCode).toBe(403);
    expect(g.json().detail).toBe('Guest accounts can only open the workspaces they were invited to');
    const unknown = await awardsOf(member, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Opportunity not found');
    expect((await awardsOf(member, 'not-an-id')).statusCode).toBe(404);
  });
});
