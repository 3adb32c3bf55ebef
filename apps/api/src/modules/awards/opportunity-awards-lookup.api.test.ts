import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpportunityAwards } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { awards, recipients } from '../../db/schema/index';
import { startFakeUsaspending, type FakeUsaspending } from '../../integrations/awards/fake-usaspending-server';

let fake: FakeUsaspending;
let t: TestApp;
let member: string;

beforeAll(async () => {
  fake = await startFakeUsaspending();
  t = await buildTestApp({ AWARD_LOOKUPS: 'true', USASPENDING_API_BASE_URL: fake.url });
  member = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await t.db.execute(sql`truncate awards, recipients`);
  fake.requests.length = 0;
});

const awardsOf = async (id: string) => {
  const res = await t.injectAs(member, { method: 'GET', url: `/api/opportunities/${id}/awards` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpportunityAwards;
};
const stored = async () => (await t.db.select({ k: awards.awardKey }).from(awards)).map((r) => r.k);

describe('GET /opportunities/{id}/awards looks quoted numbers up on USAspending', () => {
  it('fetches, stores and shows an award the imported data lacks, then answers from the database', async () => {
    const id = await createOpportunity(t.db, {
      description: 'Follow-on to NASA contract 80GSFC18C0008 (University of Iowa).',
      aacCode: null,
      fpdsCode: null,
    });
    const body = await awardsOf(id);
    expect(body.candidates).toHaveLength(1);
    expect(body.candidates[0]).toMatchObject({
      award_key: 'CONT_AWD_80GSFC18C0008_8000_-NONE-_-NONE-',
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (80GSFC18C0008)',
      source: 'usaspending_api',
      solicitation_id: 'NNH16ZDA005O',
      offers_received: 2,
      source_url: 'https://www.usaspending.gov/award/CONT_AWD_80GSFC18C0008_8000_-NONE-_-NONE-/',
    });
    expect(await stored()).toEqual(['CONT_AWD_80GSFC18C0008_8000_-NONE-_-NONE-']);
    expect(await t.db.select({ uei: recipients.uei, names: recipients.namesSeen }).from(recipients)).toEqual([
      { uei: 'Z1H9VJS8NG16', names: ['THE UNIVERSITY OF IOWA'] },
    ]);
    // Exact searches for the number (awards, then IDVs), then the detail.
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/api/v2/search/spending_by_award/',
      '/api/v2/search/spending_by_award/',
      '/api/v2/awards/CONT_AWD_80GSFC18C0008_8000_-NONE-_-NONE-/',
    ]);
    expect((fake.requests[0]!.body as { filters: { award_ids: string[] } }).filters.award_ids).toEqual(['"80GSFC18C0008"']);

    fake.requests.length = 0;
    expect((await awardsOf(id)).candidates).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
  });

  it('stores nothing from a malformed answer and says why the lookup failed', async () => {
    // Numbers not asked before in this file: the client caches answers it accepted.
    const id = await createOpportunity(t.db, { description: 'Currently performed under N00019-17-C-0001.', aacCode: null, fpdsCode: null });
    fake.queue({ status: 200, body: { results: [{ internal_id: 5 }], page_metadata: { page: 1, hasNext: false } } });
    const body = await awardsOf(id);
    expect(body.candidates).toEqual([]);
    expect(body.caveats[0]).toMatch(
      /^The contract numbers this notice quotes could not be looked up: USAspending award search answered in an unexpected shape \(results\[0\]\.generated_internal_id: /,
    );
    expect(await stored()).toEqual([]);
  });

  it('still answers when USAspending is down, with the reason', async () => {
    const id = await createOpportunity(t.db, { description: 'Incumbent contract W31P4Q-20-C-0023.', aacCode: null, fpdsCode: null });
    fake.queue({ status: 503, body: 'down' }, { status: 503, body: 'down' });
    const body = await awardsOf(id);
    expect(body.candidates).toEqual([]);
    expect(body.caveats[0]).toBe(
      'The contract numbers this notice quotes could not be looked up: USAspending award search failed (HTTP 503): down (gave up after 2 attempts)',
    );
    expect(await stored()).toEqual([]);
  });

  it('asks nothing when the notice quotes no contract number', async () => {
    const id = await createOpportunity(t.db, {
      description: 'Janitorial services at the federal building.',
      aacCode: null,
      fpdsCode: null,
    });
    await awardsOf(id);
    expect(fake.requests).toHaveLength(0);
  });
});
