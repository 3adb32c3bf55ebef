import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pursuit, ValueSuggestion } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAward } from '../../../test/award-factories';
import { createOpportunity, createUser } from '../../../test/factories';
import { pursuits } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';
import { ENTERED_WINS, NO_AMOUNT, NO_CANDIDATE, NOTICE_STATES } from './pursuit-value.service';

/**
 * Issue 26 item 2: a pursuit's estimated value taken from the incumbent's prior award, offered as a
 * one-click fill, with its source; an entered value and the notice's value come first.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let owner: Caller;
let other: Caller;
let guest: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config);
  other = await createUser(t.db, t.config);
  guest = await createUser(t.db, t.config, { isGuest: true });
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** A notice quoting an incumbent contract number, the award behind it, and its tracked pursuit. */
async function pursuitWithIncumbent(
  award: { obligatedAmount: string | null; baseAndAllOptionsValue: string | null } | null,
  notice: { amount?: string } = {},
) {
  serial += 1;
  const piid = `W912HQ22P${String(7000 + serial)}`;
  const awardKey = award
    ? await createAward(t.db, { piid, recipientUei: 'INCUMB000001', recipientName: 'Incumbent Corp', ...award })
    : null;
  const opportunityId = await createOpportunity(t.db, {
    description: `Previously performed under contract ${piid.slice(0, 6)}-22-P-${piid.slice(9)}.`,
    award: notice.amount ? { number: null, date: null, amount: notice.amount, awardee: null } : null,
  });
  const res = await t.injectAs(owner.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
  expect(res.statusCode, res.body).toBe(201);
  return { pursuit: res.json() as Pursuit, piid, awardKey };
}
const suggestion = (c: Caller | null, id: string) =>
  t.injectAs(c?.token ?? null, { method: 'GET', url: `/api/pursuits/${id}/value-from-awards` });
const use = (c: Caller | null, id: string, award_key: unknown) =>
  t.injectAs(c?.token ?? null, { method: 'POST', url: `/api/pursuits/${id}/value-from-awards`, payload: { award_key } });

describe('GET /pursuits/{id}/value-from-awards', () => {
  it('offers the top candidate’s ceiling with its source, and applies nothing by itself', async () => {
    const { pursuit, piid, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '50000.00', baseAndAllOptionsValue: '120000.50' });
    expect(pursuit).toMatchObject({ estimated_value: null, value_source: null, value_award: null });
    const res = await suggestion(other, pursuit.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ValueSuggestion).suggestion).toMatchObject({
      award_key: awardKey,
      piid,
      recipient_name: 'Incumbent Corp',
      basis: 'ceiling',
      amount: 120000.5,
      rule: 'quoted_contract_number',
      label: `from prior award ${piid}, Incumbent Corp`,
    });
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect(row!.estimatedValue).toBeNull();
  });

  it('offers what was obligated when the award states no ceiling', async () => {
    const { pursuit } = await pursuitWithIncumbent({ obligatedAmount: '50000.00', baseAndAllOptionsValue: null });
    expect(((await suggestion(owner, pursuit.id)).json() as ValueSuggestion).suggestion).toMatchObject({
      basis: 'obligated',
      amount: 50000,
    });
  });

  it('offers nothing, and says why, without a candidate, without an amount, or when the notice states a value', async () => {
    expect((await suggestion(owner, (await pursuitWithIncumbent(null)).pursuit.id)).json()).toEqual({
      suggestion: null,
      reason: NO_CANDIDATE,
    });
    expect(
      (await suggestion(owner, (await pursuitWithIncumbent({ obligatedAmount: '0', baseAndAllOptionsValue: null })).pursuit.id)).json(),
    ).toEqual({ suggestion: null, reason: NO_AMOUNT });
    const stated = await pursuitWithIncumbent({ obligatedAmount: '5.00', baseAndAllOptionsValue: '9.00' }, { amount: '$75,000' });
    expect(stated.pursuit).toMatchObject({ estimated_value: 75000, value_source: 'notice' });
    expect((await suggestion(owner, stated.pursuit.id)).json()).toEqual({ suggestion: null, reason: NOTICE_STATES });
  });

  it('answers 401 without a session, 403 to a guest and 404 for an unknown pursuit', async () => {
    const { pursuit } = await pursuitWithIncumbent(null);
    expect((await suggestion(null, pursuit.id)).statusCode).toBe(401);
    expect((await suggestion(guest, pursuit.id)).json()).toMatchObject({ detail: GUEST_REFUSAL });
    expect((await suggestion(owner, 'nope')).statusCode).toBe(404);
  });
});

describe('POST /pursuits/{id}/value-from-awards', () => {
  it('sets the value with value_source prior_award and its award; the weighted value follows', async () => {
    const { pursuit, piid, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '50000.00', baseAndAllOptionsValue: '120000.00' });
    await t.injectAs(owner.token, { method: 'PATCH', url: `/api/pursuits/${pursuit.id}`, payload: { p_win: 50 } });
    const res = await use(owner, pursuit.id, awardKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      estimated_value: 120000,
      value_source: 'prior_award',
      value_award: { award_key: awardKey, piid, recipient_name: 'Incumbent Corp', basis: 'ceiling' },
      weighted_value: 60000,
    });
  });

  it('never replaces an entered value: the entered value wins, and it stays', async () => {
    const { pursuit, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '50000.00', baseAndAllOptionsValue: '120000.00' });
    await t.injectAs(owner.token, { method: 'PATCH', url: `/api/pursuits/${pursuit.id}`, payload: { estimated_value: 42 } });
    expect((await suggestion(owner, pursuit.id)).json()).toEqual({ suggestion: null, reason: ENTERED_WINS });
    const res = await use(owner, pursuit.id, awardKey);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ENTERED_WINS);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect([row!.estimatedValue, row!.valueSource]).toEqual([42, 'entered']);
  });

  it('an entered value after a prior award’s replaces it and forgets the award', async () => {
    const { pursuit, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '10.00', baseAndAllOptionsValue: null });
    await use(owner, pursuit.id, awardKey);
    const res = await t.injectAs(owner.token, { method: 'PATCH', url: `/api/pursuits/${pursuit.id}`, payload: { estimated_value: 99 } });
    expect(res.json()).toMatchObject({ estimated_value: 99, value_source: 'entered', value_award: null });
  });

  it('keeps the source when a form sends the same value back with its other fields', async () => {
    const { pursuit, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '10.00', baseAndAllOptionsValue: '20.00' });
    await use(owner, pursuit.id, awardKey);
    const res = await t.injectAs(owner.token, {
      method: 'PATCH',
      url: `/api/pursuits/${pursuit.id}`,
      payload: { estimated_value: 20, p_win: 40 },
    });
    expect(res.json()).toMatchObject({
      estimated_value: 20,
      value_source: 'prior_award',
      value_award: { award_key: awardKey },
      weighted_value: 8,
    });
  });

  it('refuses an offer that changed since it was shown, and bad input, changing nothing', async () => {
    const { pursuit } = await pursuitWithIncumbent({ obligatedAmount: '50000.00', baseAndAllOptionsValue: '120000.00' });
    const stale = await use(owner, pursuit.id, 'CONT_AWD_OTHER_9700_-NONE-_-NONE-');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/^The incumbent candidate changed since it was shown/);
    const bad = await use(owner, pursuit.id, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('award_key is required');
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect(row!.estimatedValue).toBeNull();
  });

  it('lets only the capture owner or an admin take it', async () => {
    const { pursuit, awardKey } = await pursuitWithIncumbent({ obligatedAmount: '1.00', baseAndAllOptionsValue: null });
    expect((await use(other, pursuit.id, awardKey)).statusCode).toBe(403);
    expect((await use(guest, pursuit.id, awardKey)).json()).toMatchObject({ detail: GUEST_REFUSAL });
    expect((await use(null, pursuit.id, awardKey)).statusCode).toBe(401);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect(row!.valueSource).toBeNull();
  });
});
