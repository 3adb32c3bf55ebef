import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpportunityAwards } from '@biddesk/shared';
import { awards } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { startFakeSamAwards, type FakeSamAwards } from '../../integrations/awards/fake-sam-contract-awards-server';
import { startFakeUsaspending, type FakeUsaspending } from '../../integrations/awards/fake-usaspending-server';
import { quotaUsed } from './award-quota.repository';
import { SAM_AWARDS_QUOTA_API } from './award-quota';

const KEY = 'SAM-awards-key-for-tests-0123456789';
let sam: FakeSamAwards;
let usa: FakeUsaspending;
let t: TestApp;
let member: string;

beforeAll(async () => {
  sam = await startFakeSamAwards({ validApiKey: KEY });
  usa = await startFakeUsaspending();
  t = await buildTestApp({
    AWARD_LOOKUPS: 'true',
    USASPENDING_API_BASE_URL: usa.url,
    SAM_API_KEY: KEY,
    SAM_API_BASE_URL: sam.url,
    SAM_AWARDS_DAILY_LIMIT: '2',
  });
  member = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
  await sam.close();
  await usa.close();
});

const awardsOf = async (id: string) => {
  const res = await t.injectAs(member, { method: 'GET', url: `/api/opportunities/${id}/awards` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpportunityAwards;
};
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /opportunities/{id}/awards asks SAM.gov Contract Awards by solicitation number', () => {
  it('finds the award made from the notice’s solicitation number, within the daily quota, until it is used up', async () => {
    const id = await createOpportunity(t.db, { solicitationNumber: 'NNG13451284R', aacCode: null, fpdsCode: null });
    const body = await awardsOf(id);
    expect(body.candidates).toHaveLength(1);
    expect(body.candidates[0]).toMatchObject({
      award_key: 'CONT_IDV_NNG15SD19B_8000',
      rule: 'solicitation_number',
      rule_label: 'matched: solicitation number on the award (NNG13451284R)',
      source: 'sam_contract_awards',
      offers_received: 232,
    });
    expect(sam.requests).toHaveLength(1);
    expect(sam.requests[0]!.searchParams.get('solicitationID')).toBe('NNG13451284R');
    expect(await quotaUsed(t.db, SAM_AWARDS_QUOTA_API, today())).toBe(1);
    // USAspending was not asked: the notice quotes no contract number.
    expect(usa.requests).toHaveLength(0);

    // Found in the database now: no second request.
    await awardsOf(id);
    expect(sam.requests).toHaveLength(1);

    // A number SAM has no award for (204) spends the second and last request of the day.
    const none = await awardsOf(await createOpportunity(t.db, { solicitationNumber: 'W9128F-26-R-0001', aacCode: null, fpdsCode: null }));
    expect(none.candidates).toEqual([]);
    expect(sam.requests).toHaveLength(2);

    // The quota is used up: SAM is not asked, and the page says why nothing was looked up.
    const after = await awardsOf(await createOpportunity(t.db, { solicitationNumber: 'W9128F-26-R-0002', aacCode: null, fpdsCode: null }));
    expect(after.caveats[0]).toMatch(
      /^The solicitation number could not be looked up: SAM\.gov Contract Awards daily quota of 2 requests is used up until \d{4}-\d\d-\d\dT00:00:00\.000Z$/,
    );
    expect(sam.requests).toHaveLength(2);
    const [stored] = await t.db.select({ n: sql<number>`count(*)::int` }).from(awards);
    expect(stored!.n).toBe(1);
  });
});

describe('GET /admin/award-sources', () => {
  it('shows admins the lookups and SAM Contract Awards quota as counted; 401 without a token, 403 for a user and a guest', async () => {
    const admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
    const res = await t.injectAs(admin, { method: 'GET', url: '/api/admin/award-sources' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      usaspending_lookups: true,
      sam_contract_awards: { day: today(), used: await quotaUsed(t.db, SAM_AWARDS_QUOTA_API, today()), limit: 2 },
    });
    const guest = (await createUser(t.db, t.config, { isGuest: true })).token;
    for (const [token, status] of [
      [null, 401],
      [member, 403],
      [guest, 403],
    ] as const) {
      expect((await t.injectAs(token, { method: 'GET', url: '/api/admin/award-sources' })).statusCode).toBe(status);
    }
  });
});
