import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pursuit, PursuitParties } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAward, createRecipient } from '../../../test/award-factories';
import { createOpportunity, createUser } from '../../../test/factories';
import { pursuitParties, pursuits } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/**
 * Issue 26 item 2: competitors and teaming partners linked to award recipients by UEI — chosen from
 * partner search, typed as a UEI, or typed as a name exactly one recipient was seen under.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let owner: Caller;
let other: Caller;
let admin: Caller;
let guest: Caller;

const JACOBS = 'JACOBS000001';
const SMITH_A = 'SMITHA000001';
const SMITH_B = 'SMITHB000002';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olive Owner' });
  other = await createUser(t.db, t.config, { name: 'Otto Other' });
  admin = await createUser(t.db, t.config, { role: 'admin' });
  guest = await createUser(t.db, t.config, { isGuest: true });
  await createRecipient(t.db, JACOBS, ['JACOBS TECHNOLOGY INC.', 'Jacobs Technology Inc']);
  // Two different vendors seen under the same name.
  await createRecipient(t.db, SMITH_A, ['SMITH & SONS LLC']);
  await createRecipient(t.db, SMITH_B, ['Smith & Sons, LLC']);
  await createAward(t.db, { recipientUei: JACOBS, recipientName: 'JACOBS TECHNOLOGY INC.', obligatedAmount: '1000.00' });
});
afterAll(async () => {
  await t.close();
});

async function track(caller: Caller): Promise<Pursuit> {
  const opportunityId = await createOpportunity(t.db);
  const res = await t.injectAs(caller.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const parties = (c: Caller | null, id: string) => t.injectAs(c?.token ?? null, { method: 'GET', url: `/api/pursuits/${id}/parties` });
const add = (c: Caller | null, id: string, payload: object) =>
  t.injectAs(c?.token ?? null, { method: 'POST', url: `/api/pursuits/${id}/parties`, payload });
const patch = (c: Caller, id: string, payload: object) => t.injectAs(c.token, { method: 'PATCH', url: `/api/pursuits/${id}`, payload });

describe('typed names', () => {
  it('keep working as names, and link only by UEI or a name exactly one recipient was seen under', async () => {
    const p = await track(owner);
    const res = await patch(owner, p.id, {
      competitors: ['jacobs technology inc', 'Smith & Sons LLC', 'Unknown Corp', SMITH_B.toLowerCase()],
      teaming_partners: ['ZZZZZZZZZZZZ'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      competitors: ['jacobs technology inc', 'Smith & Sons LLC', 'Unknown Corp', SMITH_B.toLowerCase()],
      teaming_partners: ['ZZZZZZZZZZZZ'],
    });
    const body = (await parties(other, p.id)).json() as PursuitParties;
    expect(body.data).toEqual([
      { kind: 'competitor', name: 'jacobs technology inc', uei: JACOBS, linked_by: 'unique_name', not_linked_reason: null },
      {
        kind: 'competitor',
        name: 'Smith & Sons LLC',
        uei: null,
        linked_by: null,
        not_linked_reason: '2 award recipients were seen under this name, so it is not linked: add the right one from partner search.',
      },
      { kind: 'competitor', name: 'Unknown Corp', uei: null, linked_by: null, not_linked_reason: null },
      { kind: 'competitor', name: SMITH_B.toLowerCase(), uei: SMITH_B, linked_by: 'uei', not_linked_reason: null },
      // Shaped like a UEI but no such recipient: a name, not a link.
      { kind: 'teaming_partner', name: 'ZZZZZZZZZZZZ', uei: null, linked_by: null, not_linked_reason: null },
    ]);
  });

  it('stop linking when a second recipient turns up under the same name', async () => {
    const p = await track(owner);
    await patch(owner, p.id, { teaming_partners: ['Delta Works'] });
    await createRecipient(t.db, 'DELTA0000001', ['DELTA WORKS']);
    expect(((await parties(owner, p.id)).json() as PursuitParties).data[0]).toMatchObject({
      uei: 'DELTA0000001',
      linked_by: 'unique_name',
    });
    await createRecipient(t.db, 'DELTA0000002', ['Delta Works.']);
    expect(((await parties(owner, p.id)).json() as PursuitParties).data[0]).toMatchObject({ uei: null, linked_by: null });
  });
});

describe('POST /pursuits/{id}/parties', () => {
  it('adds the recipient by its name and links it by UEI; adding it again changes nothing', async () => {
    const p = await track(owner);
    const res = await add(owner, p.id, { kind: 'teaming_partner', uei: SMITH_A.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PursuitParties).data).toEqual([
      { kind: 'teaming_partner', name: 'SMITH & SONS LLC', uei: SMITH_A, linked_by: 'chosen', not_linked_reason: null },
    ]);
    expect((await add(admin, p.id, { kind: 'teaming_partner', uei: SMITH_A })).statusCode).toBe(200);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, p.id));
    expect(row!.teamingPartners).toEqual(['SMITH & SONS LLC']);
    // The pursuit still reads as before: names.
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits/${p.id}` })).json()).toMatchObject({
      teaming_partners: ['SMITH & SONS LLC'],
      competitors: [],
    });
  });

  it('links a typed name chosen later from partner search, and drops the link with the name', async () => {
    const p = await track(owner);
    await patch(owner, p.id, { competitors: ['SMITH & SONS LLC'] });
    await add(owner, p.id, { kind: 'competitor', uei: SMITH_A });
    expect(((await parties(owner, p.id)).json() as PursuitParties).data).toEqual([
      { kind: 'competitor', name: 'SMITH & SONS LLC', uei: SMITH_A, linked_by: 'chosen', not_linked_reason: null },
    ]);
    await patch(owner, p.id, { competitors: [] });
    expect(((await parties(owner, p.id)).json() as PursuitParties).data).toEqual([]);
  });

  it('refuses a full list with 409 and changes nothing', async () => {
    const p = await track(owner);
    const twenty = Array.from({ length: 20 }, (_, i) => `Partner ${i + 1}`);
    await patch(owner, p.id, { teaming_partners: twenty });
    const res = await add(owner, p.id, { kind: 'teaming_partner', uei: JACOBS });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This pursuit already lists 20 teaming partners: remove one first');
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, p.id));
    expect(row!.teamingPartners).toEqual(twenty);
    expect(await t.db.select().from(pursuitParties).where(eq(pursuitParties.pursuitId, p.id))).toEqual([]);
  });

  it('lets exactly one of two adds at once take the last place on the list', async () => {
    const p = await track(owner);
    const nineteen = Array.from({ length: 19 }, (_, i) => `Partner ${i + 1}`);
    await patch(owner, p.id, { teaming_partners: nineteen });
    const results = await Promise.all([
      add(owner, p.id, { kind: 'teaming_partner', uei: JACOBS }),
      add(admin, p.id, { kind: 'teaming_partner', uei: SMITH_A }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, p.id));
    expect(row!.teamingPartners).toHaveLength(20);
    expect(await t.db.select().from(pursuitParties).where(eq(pursuitParties.pursuitId, p.id))).toHaveLength(1);
  });

  it('refuses bad input with a readable detail and changes nothing', async () => {
    const p = await track(owner);
    for (const [payload, detail] of [
      [{ kind: 'friend', uei: JACOBS }, 'kind must be competitor or teaming_partner'],
      [{ kind: 'competitor', uei: 'short' }, 'uei must be a 12-character UEI'],
      [{ kind: 'competitor', uei: 'NOSUCHUEI001' }, 'No award recipient with UEI NOSUCHUEI001 is in the award data'],
    ] as const) {
      const res = await add(owner, p.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, p.id));
    expect(row!.competitors).toEqual([]);
  });

  it('lets only the capture owner or an admin add; guests and anonymous callers are refused', async () => {
    const p = await track(owner);
    const refusedOther = await add(other, p.id, { kind: 'competitor', uei: JACOBS });
    expect(refusedOther.statusCode).toBe(403);
    expect(refusedOther.json().detail).toBe('Only the capture owner or an admin can change this pursuit');
    const refusedGuest = await add(guest, p.id, { kind: 'competitor', uei: JACOBS });
    expect(refusedGuest.statusCode).toBe(403);
    expect(refusedGuest.json().detail).toBe(GUEST_REFUSAL);
    expect((await add(null, p.id, { kind: 'competitor', uei: JACOBS })).statusCode).toBe(401);
    expect((await parties(guest, p.id)).statusCode).toBe(403);
    expect((await parties(null, p.id)).statusCode).toBe(401);
    expect((await add(owner, '00000000-0000-4000-8000-000000000000', { kind: 'competitor', uei: JACOBS })).statusCode).toBe(404);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, p.id));
    expect(row!.competitors).toEqual([]);
  });
});
