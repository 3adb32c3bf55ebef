import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_FILTER_REQUIRED, RECIPIENT_BUSINESS_TYPES, type PartnerDetail, type PartnerSearchResponse } from '@biddesk/shared';
import { BUSINESS_FLAGS } from '../awards/import/award-csv-row';
import { recipients } from '../../db/schema/index';
import { NARROW_RECIPIENTS_MAX } from './partners.repository';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { createAward, createRecipient } from '../../../test/award-factories';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/** Issue 27 item 5: partner search over the awards table, by role, filter, sort and page. */
let t: TestApp;
let member: string;
let admin: string;
let guest: string;

const ALPHA = 'ALPHA0000001';
const BRAVO = 'BRAVO0000002';
const CHARLIE = 'CHARL0000003';

beforeAll(async () => {
  t = await buildTestApp();
  member = (await createUser(t.db, t.config)).token;
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
  guest = (await createUser(t.db, t.config, { isGuest: true })).token;
});
afterAll(async () => {
  await t.close();
});

const search = (token: string | null, query = '') => t.injectAs(token, { method: 'GET', url: `/api/partners${query}` });

describe('GET /partners before any award data', () => {
  it('answers an empty page that says no award data is loaded', async () => {
    const res = await search(member, '?naics=54');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, page: 1, page_size: 25, awards_loaded: false });
  });
});

describe('GET /partners', () => {
  beforeAll(async () => {
    await createRecipient(t.db, ALPHA, ['Alpha Systems Inc', 'ALPHA SYSTEMS INC.'], {
      businessTypes: ['Women-owned small business'],
      parentUei: 'ALPHAPARENT1',
    });
    await createRecipient(t.db, BRAVO, ['Bravo Engineering LLC'], { businessTypes: ['8(a) program participant'] });
    await createRecipient(t.db, CHARLIE, ['Charlie Labs'], {});
    // Alpha: three awards in 541512 (two at the Army, one at NASA), one in 541330.
    await createAward(t.db, {
      recipientUei: ALPHA,
      recipientName: 'ALPHA SYSTEMS INC.',
      naicsCode: '541512',
      pscCode: 'DA01',
      awardingAgencyCode: '097',
      awardingAgencyName: 'Department of Defense',
      awardingSubAgencyCode: '2100',
      popState: 'VA',
      obligatedAmount: '100000.00',
      startDate: '2024-01-10',
    });
    await createAward(t.db, {
      recipientUei: ALPHA,
      recipientName: 'Alpha Systems Inc',
      naicsCode: '541512',
      pscCode: 'DA01',
      awardingAgencyCode: '097',
      awardingAgencyName: 'Department of Defense',
      awardingSubAgencyCode: '2100',
      popState: 'VA',
      obligatedAmount: '50000.25',
      startDate: '2025-03-01',
    });
    await createAward(t.db, {
      recipientUei: ALPHA,
      recipientName: 'Alpha Systems Inc',
      naicsCode: '541512',
      pscCode: 'R408',
      awardingAgencyCode: '080',
      awardingAgencyName: 'National Aeronautics and Space Administration',
      awardingSubAgencyCode: '8000',
      popState: 'TX',
      obligatedAmount: '10.00',
      startDate: '2023-05-05',
    });
    await createAward(t.db, {
      recipientUei: ALPHA,
      recipientName: 'Alpha Systems Inc',
      naicsCode: '541330',
      pscCode: 'Y1AA',
      awardingAgencyCode: '097',
      awardingAgencyName: 'Department of Defense',
      popState: 'VA',
      obligatedAmount: '9000000.00',
      startDate: '2020-01-01',
    });
    // Bravo: one large 541511 award in VA; Charlie: two small 541519 awards, the latest start.
    await createAward(t.db, {
      recipientUei: BRAVO,
      recipientName: 'Bravo Engineering LLC',
      naicsCode: '541511',
      pscCode: 'DA10',
      awardingAgencyCode: '097',
      awardingAgencyName: 'Department of Defense',
      popState: 'VA',
      obligatedAmount: '2000000.00',
      startDate: '2022-02-02',
    });
    await createAward(t.db, {
      recipientUei: CHARLIE,
      recipientName: 'Charlie Labs',
      naicsCode: '541519',
      pscCode: 'DA10',
      awardingAgencyCode: '075',
      awardingAgencyName: 'Department of Health and Human Services',
      popState: 'MD',
      obligatedAmount: '300.00',
      startDate: '2026-06-01',
    });
    await createAward(t.db, {
      recipientUei: CHARLIE,
      recipientName: 'Charlie Labs',
      naicsCode: '541519',
      pscCode: 'DA10',
      awardingAgencyCode: '075',
      awardingAgencyName: 'Department of Health and Human Services',
      popState: 'MD',
      obligatedAmount: null,
      startDate: '2026-01-01',
    });
    // An award without a UEI counts for nobody: a name alone never links a vendor.
    await createAward(t.db, {
      recipientUei: null,
      recipientName: 'Alpha Systems Inc',
      naicsCode: '541512',
      obligatedAmount: '999999999.00',
      startDate: '2026-09-09',
    });
  });

  it('lists recipients by total obligated, each with its award history', async () => {
    const res = await search(member, '?naics=54');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PartnerSearchResponse;
    expect(body).toMatchObject({ total: 3, page: 1, page_size: 25, awards_loaded: true });
    expect(body.data.map((p) => p.uei)).toEqual([ALPHA, BRAVO, CHARLIE]);
    expect(body.data[0]).toEqual({
      uei: ALPHA,
      name: 'ALPHA SYSTEMS INC.',
      parent_uei: 'ALPHAPARENT1',
      business_types: ['Women-owned small business'],
      history: {
        award_count: 4,
        total_obligated: '9150010.25',
        last_award_date: '2025-03-01',
        top_agencies: [
          { code: '097', name: 'Department of Defense', count: 3 },
          { code: '080', name: 'National Aeronautics and Space Administration', count: 1 },
        ],
        top_naics: [
          { code: '541512', name: null, count: 3 },
          { code: '541330', name: null, count: 1 },
        ],
      },
    });
    // An award with no obligation stated counts as an award, not as $0.
    expect(body.data[2]!.history).toMatchObject({ award_count: 2, total_obligated: '300.00' });
  });

  it('counts only the awards in the chosen market: NAICS prefix, PSC prefix, agency code and state', async () => {
    const body = (await search(member, '?naics=54151&psc=DA&agency=2100&state=va')).json() as PartnerSearchResponse;
    expect(body.data.map((p) => [p.uei, p.history.award_count, p.history.total_obligated])).toEqual([[ALPHA, 2, '150000.25']]);
    const byAgency = (await search(member, '?agency=097&sort=count')).json() as PartnerSearchResponse;
    expect(byAgency.data.map((p) => [p.uei, p.history.award_count])).toEqual([
      [ALPHA, 3],
      [BRAVO, 1],
    ]);
  });

  it('filters by business type and by name seen or UEI', async () => {
    expect(
      ((await search(member, `?business_type=${encodeURIComponent('8(a) program participant')}`)).json() as PartnerSearchResponse).data.map(
        (p) => p.uei,
      ),
    ).toEqual([BRAVO]);
    expect(((await search(member, '?q=alpha%20systems%20inc.')).json() as PartnerSearchResponse).data.map((p) => p.uei)).toEqual([ALPHA]);
    expect(((await search(member, `?q=${CHARLIE.toLowerCase()}`)).json() as PartnerSearchResponse).data.map((p) => p.uei)).toEqual([
      CHARLIE,
    ]);
    // % and _ are taken literally, not as wildcards.
    expect(((await search(member, '?q=%25')).json() as PartnerSearchResponse).total).toBe(0);
  });

  it('sorts by award count or by the latest award', async () => {
    expect(((await search(member, '?naics=54&sort=count')).json() as PartnerSearchResponse).data.map((p) => p.uei)).toEqual([
      ALPHA,
      CHARLIE,
      BRAVO,
    ]);
    expect(((await search(member, '?naics=54&sort=last_award')).json() as PartnerSearchResponse).data.map((p) => p.uei)).toEqual([
      CHARLIE,
      ALPHA,
      BRAVO,
    ]);
  });

  it('pages, with the total on every page and past the last one', async () => {
    const first = (await search(member, '?naics=54&page_size=2')).json() as PartnerSearchResponse;
    const second = (await search(admin, '?naics=54&page_size=2&page=2')).json() as PartnerSearchResponse;
    const beyond = (await search(member, '?naics=54&page_size=2&page=5')).json() as PartnerSearchResponse;
    expect([first.data.map((p) => p.uei), first.total]).toEqual([[ALPHA, BRAVO], 3]);
    expect([second.data.map((p) => p.uei), second.total, second.page]).toEqual([[CHARLIE], 3, 2]);
    expect([beyond.data, beyond.total]).toEqual([[], 3]);
  });

  it('refuses bad filters with a readable detail', async () => {
    for (const [query, detail] of [
      ['?naics=54a', 'NAICS code must be 2 to 6 digits'],
      ['?state=Virginia', 'Place of performance must be a two-letter state code'],
      ['?q=x&sort=name', 'sort must be one of obligated, count, last_award'],
      ['?q=x&page=0', 'page must be at least 1'],
      ['?q=x&page_size=500', 'page_size must be from 1 to 100'],
      ['', PARTNER_FILTER_REQUIRED],
      ['?sort=count', PARTNER_FILTER_REQUIRED],
    ] as const) {
      const res = await search(member, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail, query).toContain(detail);
    }
  });

  it('answers 401 without a session and 403 to a guest', async () => {
    expect((await search(null, '?q=alpha')).statusCode).toBe(401);
    const res = await search(guest, '?q=alpha');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(GUEST_REFUSAL);
  });
});

describe('GET /partners with a name most recipients share', () => {
  it('refuses it alone with a detail, and answers it with a market filter', async () => {
    for (let i = 0; i <= NARROW_RECIPIENTS_MAX; i += 200) {
      await t.db.insert(recipients).values(
        Array.from({ length: Math.min(200, NARROW_RECIPIENTS_MAX + 1 - i) }, (_, j) => ({
          uei: `BULK${String(i + j).padStart(8, '0')}`,
          name: `Bulk Vendor ${i + j} LLC`,
          namesSeen: [`Bulk Vendor ${i + j} LLC`],
        })),
      );
    }
    const alone = await search(member, '?q=bulk%20vendor');
    expect(alone.statusCode).toBe(400);
    expect(alone.json().detail).toBe(
      '“bulk vendor” matches more than 2,000 recipients: type more of the name, or add a NAICS, PSC, agency, place or business type',
    );
    const narrowed = await search(member, '?q=bulk%20vendor&state=VA');
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json()).toMatchObject({ data: [], total: 0 });
  });
});

describe('GET /partners/{uei}', () => {
  const detail = (token: string | null, uei: string) => t.injectAs(token, { method: 'GET', url: `/api/partners/${uei}` });

  it('shows the names seen, the parent, the business types and the awards with their source', async () => {
    const res = await detail(member, ALPHA.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PartnerDetail;
    expect(body).toMatchObject({
      uei: ALPHA,
      names_seen: ['Alpha Systems Inc', 'ALPHA SYSTEMS INC.'],
      parent_uei: 'ALPHAPARENT1',
      awards_truncated: false,
    });
    expect(body.history).toMatchObject({ award_count: 4, total_obligated: '9150010.25' });
    expect(body.awards.map((a) => a.start_date)).toEqual(['2025-03-01', '2024-01-10', '2023-05-05', '2020-01-01']);
    expect(body.awards[0]).toMatchObject({ source: 'usaspending_csv', fetched_at: '2026-11-20T12:00:00.000Z' });
    expect(body.awards[0]!.source_url).toMatch(/^https:\/\/www\.usaspending\.gov\/award\/CONT_AWD_/);
  });

  it('answers 404 for an unknown or malformed UEI', async () => {
    expect((await detail(member, 'ZZZZ00000000')).statusCode).toBe(404);
    const res = await detail(member, 'not-a-uei');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No award recipient with this UEI is in the award data');
  });

  it('answers 401 without a session and 403 to a guest', async () => {
    expect((await detail(null, ALPHA)).statusCode).toBe(401);
    expect((await detail(guest, ALPHA)).statusCode).toBe(403);
  });
});

describe('the business types partner search offers', () => {
  it('are the ones the award import records, in its order', () => {
    expect(BUSINESS_FLAGS.map(([, label]) => label)).toEqual([...RECIPIENT_BUSINESS_TYPES]);
  });
});
