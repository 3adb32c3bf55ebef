import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAward } from '../../../test/award-factories';
import { addMember, createOpportunity, createUser, createWorkspace } from '../../../test/factories';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/** Issue 27 item 3: the workspace header's incumbent line, for internal members and never guests. */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let owner: Caller;
let member: Caller;
let outsider: Caller;
let guest: Caller;
let withIncumbent: string;
let without: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config);
  member = await createUser(t.db, t.config);
  outsider = await createUser(t.db, t.config);
  guest = await createUser(t.db, t.config, { isGuest: true });
  await createAward(t.db, {
    piid: 'FA870215D0001',
    recipientUei: 'MITLL0000001',
    recipientName: 'Massachusetts Institute of Technology',
    currentEndDate: '2027-09-30',
    obligatedAmount: '1500000.00',
    baseAndAllOptionsValue: '4000000.00',
  });
  const quoting = await createOpportunity(t.db, { description: 'Follow-on to contract FA8702-15-D-0001.' });
  withIncumbent = (await createWorkspace(t.db, owner.user.id, { opportunityId: quoting })).id;
  without = (await createWorkspace(t.db, owner.user.id)).id;
  for (const ws of [withIncumbent, without]) {
    await addMember(t.db, ws, member.user.id, 'CONTRIBUTOR');
    await addMember(t.db, ws, guest.user.id, 'CONTRIBUTOR');
  }
});
afterAll(async () => {
  await t.close();
});

const line = (c: Caller | null, id: string) => t.injectAs(c?.token ?? null, { method: 'GET', url: `/api/workspaces/${id}/awards-line` });

describe('GET /workspaces/{id}/awards-line', () => {
  it('names the top incumbent candidate with its end, obligation, ceiling and rule', async () => {
    const res = await line(member, withIncumbent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().incumbent).toEqual({
      piid: 'FA870215D0001',
      recipient_name: 'Massachusetts Institute of Technology',
      recipient_uei: 'MITLL0000001',
      current_end_date: '2027-09-30',
      obligated_amount: '1500000.00',
      ceiling_amount: '4000000.00',
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (FA870215D0001)',
    });
  });

  it('answers no incumbent when no candidate exists', async () => {
    expect((await line(owner, without)).json()).toMatchObject({ incumbent: null });
  });

  it('refuses a guest member of the workspace on the server', async () => {
    const res = await line(guest, withIncumbent);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(GUEST_REFUSAL);
    expect(res.body).not.toContain('Massachusetts');
  });

  it('answers 401 without a session, 403 to a non-member and 404 for an unknown workspace', async () => {
    expect((await line(null, withIncumbent)).statusCode).toBe(401);
    expect((await line(outsider, withIncumbent)).statusCode).toBe(403);
    expect((await line(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
