import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { notifications, pursuits, workspaceMembers } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';
import { runNextActionReminders } from './next-action-reminders';
import * as stagesRepository from './pipeline-stages.repository';
import { moveIfAt } from './pursuits.repository';

/**
 * Issue 26 item 2: the capture pipeline's API, tried over admin / capture owner / another internal
 * user / guest / anonymous, asserting the status and that a refused call changed nothing.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let admin: Caller;
let owner: Caller;
let other: Caller;
let guest: Caller;
let stages: { id: string; name: string; outcome: string | null; opens_workspace: boolean }[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  owner = await createUser(t.db, t.config, { name: 'Olive Owner' });
  other = await createUser(t.db, t.config, { name: 'Otto Other' });
  guest = await createUser(t.db, t.config, { name: 'Gus Guest', isGuest: true });
  stages = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data;
});
afterAll(async () => {
  await t.close();
});

const stage = (name: string) => stages.find((s) => s.name === name)!.id;
const as = (c: Caller | null) => (c ? c.token : null);

async function track(caller: Caller, overrides: Parameters<typeof createOpportunity>[1] = {}) {
  const opportunityId = await createOpportunity(t.db, overrides);
  const res = await t.injectAs(caller.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
  expect(res.statusCode).toBe(201);
  return { opportunityId, pursuit: res.json() };
}
const row = async (id: string) => (await t.db.select().from(pursuits).where(eq(pursuits.id, id)))[0];

describe('the stage list', () => {
  it('starts with the ten default stages in order, Proposal opening the workspace', () => {
    expect(stages.map((s) => s.name)).toEqual([
      'Identified',
      'Qualified',
      'Capture',
      'Bid decision',
      'Proposal',
      'Submitted',
      'Won',
      'Lost',
      'No bid',
      'Cancelled',
    ]);
    expect(stages.filter((s) => s.opens_workspace).map((s) => s.name)).toEqual(['Proposal']);
  });
});

describe('POST /pursuits (Track)', () => {
  it('makes one pursuit in the first stage, owned by the tracker, with the value the notice states', async () => {
    const { pursuit } = await track(owner, {
      title: 'Harbor dredging',
      department: 'DEPT OF THE NAVY',
      award: { number: null, date: null, amount: '$1,250,000.50', awardee: null },
    });
    expect(pursuit).toMatchObject({
      title: 'Harbor dredging',
      agency: 'DEPT OF THE NAVY',
      stage_id: stage('Identified'),
      owner: { id: owner.user.id, name: 'Olive Owner' },
      estimated_value: 1250000.5,
      value_source: 'notice',
      weighted_value: null,
      workspace_id: null,
    });
  });

  it('answers 409 naming the capture owner when the opportunity is already tracked', async () => {
    const { opportunityId } = await track(owner);
    const again = await t.injectAs(other.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
    expect({ status: again.statusCode, detail: again.json().detail }).toEqual({
      status: 409,
      detail: 'This opportunity is already in the pipeline (capture owner: Olive Owner)',
    });
  });

  it('answers 401 anonymous, 403 to a guest, 404 for an unknown opportunity and 400 for a malformed id; nothing is stored', async () => {
    const opportunityId = await createOpportunity(t.db);
    const cases: [Caller | null, unknown, number, string | undefined][] = [
      [null, { opportunity_id: opportunityId }, 401, undefined],
      [guest, { opportunity_id: opportunityId }, 403, GUEST_REFUSAL],
      [owner, { opportunity_id: randomUUID() }, 404, 'Opportunity not found'],
      [owner, { opportunity_id: 'nope' }, 400, 'opportunity_id must be an opportunity id'],
    ];
    for (const [caller, payload, status, detail] of cases) {
      const res = await t.injectAs(as(caller), { method: 'POST', url: '/api/pursuits', payload: payload as object });
      expect(res.statusCode).toBe(status);
      if (detail) expect(res.json().detail).toBe(detail);
    }
    expect(await t.db.select().from(pursuits).where(eq(pursuits.opportunityId, opportunityId))).toEqual([]);
  });
});

describe('the role table', () => {
  // Each row: a call on a fresh pursuit owned by `owner`; the statuses per caller.
  const table: {
    name: string;
    call: (id: string) => { method: 'GET' | 'PATCH' | 'POST' | 'DELETE'; url: string; payload?: object };
    ok: number;
    ownerOnly: boolean;
  }[] = [
    { name: 'GET /pursuits', call: () => ({ method: 'GET', url: '/api/pursuits' }), ok: 200, ownerOnly: false },
    { name: 'GET /pursuits/{id}', call: (id) => ({ method: 'GET', url: `/api/pursuits/${id}` }), ok: 200, ownerOnly: false },
    {
      name: 'GET /pursuits/lookup',
      call: () => ({ method: 'GET', url: `/api/pursuits/lookup?opportunity_ids=${randomUUID()}` }),
      ok: 200,
      ownerOnly: false,
    },
    { name: 'GET /pipeline/stages', call: () => ({ method: 'GET', url: '/api/pipeline/stages' }), ok: 200, ownerOnly: false },
    { name: 'GET /pipeline/owners', call: () => ({ method: 'GET', url: '/api/pipeline/owners' }), ok: 200, ownerOnly: false },
    {
      name: 'PATCH /pursuits/{id}',
      call: (id) => ({ method: 'PATCH', url: `/api/pursuits/${id}`, payload: { p_win: 40 } }),
      ok: 200,
      ownerOnly: true,
    },
    {
      name: 'POST /pursuits/{id}/move',
      call: (id) => ({
        method: 'POST',
        url: `/api/pursuits/${id}/move`,
        payload: { stage_id: stage('Qualified'), from_stage_id: stage('Identified') },
      }),
      ok: 200,
      ownerOnly: true,
    },
    { name: 'DELETE /pursuits/{id}', call: (id) => ({ method: 'DELETE', url: `/api/pursuits/${id}` }), ok: 204, ownerOnly: true },
  ];
  const callers = () => ({ admin, owner, other, guest, anonymous: null }) as Record<string, Caller | null>;

  for (const r of table) {
    it(`${r.name}: admin and owner may${r.ownerOnly ? ', another user may not' : ', every internal user may'}; guest 403, anonymous 401`, async () => {
      for (const [who, caller] of Object.entries(callers())) {
        const { pursuit } = await track(owner);
        const before = await row(pursuit.id);
        const res = await t.injectAs(as(caller), r.call(pursuit.id));
        const expected = who === 'anonymous' ? 401 : who === 'guest' ? 403 : who === 'other' && r.ownerOnly ? 403 : r.ok;
        expect({ who, status: res.statusCode }).toEqual({ who, status: expected });
        if (who === 'guest') expect(res.json().detail).toBe(GUEST_REFUSAL);
        if (who === 'other' && r.ownerOnly) expect(res.json().detail).toBe('Only the capture owner or an admin can change this pursuit');
        if (res.statusCode >= 400 || r.call(pursuit.id).method === 'GET') expect(await row(pursuit.id)).toEqual(before);
      }
    });
  }

  it('PUT /admin/pipeline/stages: admin only (a user, a guest 403; anonymous 401)', async () => {
    const body = { stages: stages.map((s) => ({ id: s.id, name: s.name, outcome: s.outcome, opens_workspace: s.opens_workspace })) };
    for (const [caller, status] of [
      [null, 401],
      [guest, 403],
      [owner, 403],
      [admin, 200],
    ] as const) {
      const res = await t.injectAs(as(caller), { method: 'PUT', url: '/api/admin/pipeline/stages', payload: body });
      expect(res.statusCode).toBe(status);
    }
  });

  it('lets anyone internal take an unowned pursuit', async () => {
    const { pursuit } = await track(owner);
    await t.db.update(pursuits).set({ ownerId: null }).where(eq(pursuits.id, pursuit.id));
    const res = await t.injectAs(other.token, {
      method: 'PATCH',
      url: `/api/pursuits/${pursuit.id}`,
      payload: { owner_id: other.user.id },
    });
    expect(res.json().owner).toEqual({ id: other.user.id, name: 'Otto Other' });
  });
});

describe('PATCH /pursuits/{id}', () => {
  it('keeps the capture fields and computes the weighted value', async () => {
    const { pursuit } = await track(owner);
    const res = await t.injectAs(owner.token, {
      method: 'PATCH',
      url: `/api/pursuits/${pursuit.id}`,
      payload: {
        estimated_value: 2_000_000,
        p_win: 40,
        p_go: 75,
        expected_award_date: '2027-03-01',
        next_action: 'Call the CO',
        next_action_due: '2026-12-01',
        competitors: ['Acme Corp'],
        teaming_partners: ['Beta LLC'],
        notes: 'Incumbent is weak',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      estimated_value: 2_000_000,
      value_source: 'entered',
      p_win: 40,
      p_go: 75,
      weighted_value: 600_000,
      expected_award_date: '2027-03-01',
      next_action: 'Call the CO',
      competitors: ['Acme Corp'],
      teaming_partners: ['Beta LLC'],
      notes: 'Incumbent is weak',
    });
  });

  it('refuses bad input with a readable detail and changes nothing', async () => {
    const { pursuit } = await track(owner);
    const before = await row(pursuit.id);
    const cases: [object, string][] = [
      [{ p_win: 140 }, 'p(win) must be from 0 to 100'],
      [{ estimated_value: -5 }, 'Estimated value cannot be negative'],
      [{ expected_award_date: 'soon' }, 'Expected award date must be a date (YYYY-MM-DD)'],
      [{}, 'Nothing to update'],
      [{ owner_id: guest.user.id }, 'The capture owner must be an internal user of this installation'],
      [{ stage_id: stage('Won'), p_win: 10 }, 'Unrecognized key: "stage_id"'],
    ];
    for (const [payload, detail] of cases) {
      const res = await t.injectAs(owner.token, { method: 'PATCH', url: `/api/pursuits/${pursuit.id}`, payload });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    }
    expect(await row(pursuit.id)).toEqual(before);
    expect((await t.injectAs(owner.token, { method: 'PATCH', url: '/api/pursuits/not-an-id', payload: { p_win: 1 } })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /pursuits/{id}/move', () => {
  it('moves only from the stage the caller saw: a stale move answers 409', async () => {
    const { pursuit } = await track(owner);
    const first = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/pursuits/${pursuit.id}/move`,
      payload: { stage_id: stage('Qualified'), from_stage_id: stage('Identified') },
    });
    expect(first.json().stage_id).toBe(stage('Qualified'));
    const stale = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/pursuits/${pursuit.id}/move`,
      payload: { stage_id: stage('Capture'), from_stage_id: stage('Identified') },
    });
    expect(stale.statusCode).toBe(409);
    expect((await row(pursuit.id))!.stageId).toBe(stage('Qualified'));
    const unknown = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/pursuits/${pursuit.id}/move`,
      payload: { stage_id: randomUUID(), from_stage_id: stage('Qualified') },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('POST /pursuits/{id}/workspace', () => {
  it('creates the workspace only from Proposal on, with the caller as OWNER, then links it', async () => {
    const { pursuit } = await track(owner);
    const early = await t.injectAs(owner.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/workspace` });
    expect({ status: early.statusCode, detail: early.json().detail }).toEqual({
      status: 409,
      detail: 'Move the pursuit to Proposal before creating its workspace',
    });
    await t.db
      .update(pursuits)
      .set({ stageId: stage('Proposal') })
      .where(eq(pursuits.id, pursuit.id));
    expect((await t.injectAs(other.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/workspace` })).statusCode).toBe(403);
    const made = await t.injectAs(owner.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/workspace` });
    expect(made.statusCode).toBe(201);
    const workspaceId = made.json().workspace_id;
    const [member] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
    expect(member).toMatchObject({ userId: owner.user.id, role: 'OWNER' });
    const linked = await t.injectAs(other.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/workspace` });
    expect({ status: linked.statusCode, body: linked.json() }).toEqual({
      status: 200,
      body: { workspace_id: workspaceId, created: false },
    });
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits/${pursuit.id}` })).json().workspace_id).toBe(workspaceId);
    expect((await t.injectAs(guest.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/workspace` })).statusCode).toBe(403);
  });
});

describe('GET /pursuits', () => {
  it('filters by stage, owner, agency, NAICS and due date, with totals and weighted totals per stage', async () => {
    const agency = `AGENCY ${randomUUID()}`;
    const soon = await track(other, { department: agency, naicsCode: '541512', responseDeadline: new Date(Date.now() + 5 * 86_400_000) });
    const later = await track(other, { department: agency, naicsCode: '236220', responseDeadline: new Date(Date.now() + 90 * 86_400_000) });
    const unvalued = await track(other, { department: agency, naicsCode: '541511' });
    await t.injectAs(other.token, {
      method: 'PATCH',
      url: `/api/pursuits/${soon.pursuit.id}`,
      payload: { estimated_value: 100.1, p_win: 50 },
    });
    await t.injectAs(other.token, {
      method: 'PATCH',
      url: `/api/pursuits/${later.pursuit.id}`,
      payload: { estimated_value: 200.2, p_win: 25, p_go: 50 },
    });
    void unvalued;
    const get = async (query: string) => (await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits?${query}` })).json();
    const all = await get(`agency=${encodeURIComponent(agency)}`);
    expect(all.data).toHaveLength(3);
    const identified = all.totals.find((x: { stage_id: string }) => x.stage_id === stage('Identified'));
    expect(identified).toEqual({ stage_id: stage('Identified'), count: 3, total_value: 300.3, weighted_value: 75.08, unvalued: 1 });
    // The list leaves out the long fields; GET /pursuits/{id} has them.
    expect(
      Object.keys(all.data[0]).filter((k) => ['notes', 'competitors', 'teaming_partners', 'incumbent', 'page_budget'].includes(k)),
    ).toEqual([]);
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits/${soon.pursuit.id}` })).json()).toMatchObject({
      notes: '',
      competitors: [],
    });
    expect((await get(`agency=${encodeURIComponent(agency)}&naics=5415`)).data).toHaveLength(2);
    expect((await get(`agency=${encodeURIComponent(agency)}&due_within=7`)).data.map((p: { id: string }) => p.id)).toEqual([
      soon.pursuit.id,
    ]);
    expect((await get(`agency=${encodeURIComponent(agency)}&owner=${owner.user.id}`)).data).toEqual([]);
    expect((await get(`agency=${encodeURIComponent(agency)}&stage=${stage('Won')}`)).data).toEqual([]);
    // The board's per_stage: the most recently moved first, totals still over all three.
    const board = await get(`agency=${encodeURIComponent(agency)}&per_stage=2`);
    expect(board.data.map((p: { id: string }) => p.id)).toEqual(all.data.slice(0, 2).map((p: { id: string }) => p.id));
    expect(board.totals.find((x: { stage_id: string }) => x.stage_id === stage('Identified'))).toEqual(identified);
    const badPerStage = await t.injectAs(owner.token, { method: 'GET', url: '/api/pursuits?per_stage=0' });
    expect({ status: badPerStage.statusCode, detail: badPerStage.json().detail }).toEqual({
      status: 400,
      detail: 'per_stage must be from 1 to 1000',
    });
    const bad = await t.injectAs(owner.token, { method: 'GET', url: '/api/pursuits?due_within=0' });
    expect({ status: bad.statusCode, detail: bad.json().detail }).toEqual({ status: 400, detail: 'due_within must be from 1 to 365 days' });
  });

  it('lists owners without guests, and looks up tracked opportunities', async () => {
    const owners = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/owners' }))
      .json()
      .data.map((u: { id: string }) => u.id);
    expect(owners).toEqual(expect.arrayContaining([admin.user.id, owner.user.id, other.user.id]));
    expect(owners).not.toContain(guest.user.id);
    const { opportunityId, pursuit } = await track(owner);
    const untracked = await createOpportunity(t.db);
    const res = await t.injectAs(other.token, { method: 'GET', url: `/api/pursuits/lookup?opportunity_ids=${opportunityId},${untracked}` });
    expect(res.json().data).toEqual([{ opportunity_id: opportunityId, pursuit_id: pursuit.id, stage_name: 'Identified' }]);
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/pursuits/lookup?opportunity_ids=x' })).statusCode).toBe(400);
  });
});

describe('PUT /admin/pipeline/stages', () => {
  it('renames, reorders and adds stages; refuses to remove one holding pursuits, and bad lists', async () => {
    const current = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as {
      id: string;
      name: string;
      outcome: string | null;
      opens_workspace: boolean;
    }[];
    const body = (list: typeof current) => ({
      stages: list.map(({ id, name, outcome, opens_workspace }) => ({ id, name, outcome, opens_workspace })),
    });
    const renamed = current.map((s) => (s.name === 'Capture' ? { ...s, name: 'Shaping' } : s));
    const withNew = [
      ...renamed.slice(0, 2),
      { id: undefined as unknown as string, name: 'Pink team', outcome: null, opens_workspace: false },
      ...renamed.slice(2),
    ];
    const res = await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/stages', payload: body(withNew) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { name: string }) => s.name)).toEqual([
      'Identified',
      'Qualified',
      'Pink team',
      'Shaping',
      'Bid decision',
      'Proposal',
      'Submitted',
      'Won',
      'Lost',
      'No bid',
      'Cancelled',
    ]);
    const after = res.json().data as typeof current;

    const withoutIdentified = after.filter((s) => s.name !== 'Identified');
    const refused = await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/stages', payload: body(withoutIdentified) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^Move the pursuits out of these stages before removing them: Identified \(\d+\)$/);

    for (const [list, detail] of [
      [after.map((s) => ({ ...s, opens_workspace: false })), 'Exactly one stage opens the workspace'],
      [after.map((s) => ({ ...s, name: 'Same' })), 'Stage names must be different'],
      [after.map((s) => ({ ...s, name: '' })), 'Stage name is required'],
    ] as const) {
      const bad = await t.injectAs(admin.token, {
        method: 'PUT',
        url: '/api/admin/pipeline/stages',
        payload: body(list as typeof current),
      });
      expect({ status: bad.statusCode, detail: bad.json().detail }).toMatchObject({ status: 400, detail: expect.stringContaining(detail) });
    }
    const restore = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/admin/pipeline/stages',
      payload: body(after.filter((s) => s.name !== 'Pink team').map((s) => (s.name === 'Shaping' ? { ...s, name: 'Capture' } : s))),
    });
    expect(restore.json().data.map((s: { name: string }) => s.name)).toEqual(stages.map((s) => s.name));
  });
});

describe('next action reminders (the bell)', () => {
  it('reminds the capture owner on the due date once per date, never early, and again for a new date', async () => {
    const { pursuit } = await track(owner);
    await t.injectAs(owner.token, {
      method: 'PATCH',
      url: `/api/pursuits/${pursuit.id}`,
      payload: { next_action: 'Send capability statement', next_action_due: '2026-12-10' },
    });
    const mine = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).filter((n) =>
        n.dedupeKey?.startsWith(`pursuit-next:${pursuit.id}`),
      );
    await runNextActionReminders(t.db, new Date('2026-12-09T23:59:00Z'));
    expect(await mine()).toEqual([]);
    await runNextActionReminders(t.db, new Date('2026-12-10T08:00:00Z'));
    await runNextActionReminders(t.db, new Date('2026-12-10T09:00:00Z'));
    const [reminder, ...more] = await mine();
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ title: 'Next action due', type: 'pipeline', link: '/pipeline' });
    expect(reminder!.message).toMatch(/^Send capability statement — /);
    await t.injectAs(owner.token, { method: 'PATCH', url: `/api/pursuits/${pursuit.id}`, payload: { next_action_due: '2026-12-12' } });
    await runNextActionReminders(t.db, new Date('2026-12-12T08:00:00Z'));
    expect(await mine()).toHaveLength(2);
  });
});

describe('a stage removed under a concurrent change', () => {
  it('turns the foreign-key refusal into "gone" / "in-use", never an error, and changes nothing', async () => {
    const { pursuit } = await track(owner);
    expect(await moveIfAt(t.db, pursuit.id, stage('Identified'), randomUUID())).toBe('gone');
    expect((await row(pursuit.id))!.stageId).toBe(stage('Identified'));
    const before = await stagesRepository.listStages(t.db);
    const withoutIdentified = before
      .filter((s) => s.name !== 'Identified')
      .map((s) => ({ id: s.id, name: s.name, outcome: s.outcome, opensWorkspace: s.opensWorkspace }));
    const outcome = await t.db.transaction((tx) => stagesRepository.replaceStages(tx, withoutIdentified));
    expect(outcome).toBe('in-use');
    expect(await stagesRepository.listStages(t.db)).toEqual(before);
  });
});
