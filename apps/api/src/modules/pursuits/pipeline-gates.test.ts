import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser, createWorkspace } from '../../../test/factories';
import { pursuitGateReviews, pursuitOutcomes, pursuits, rfpSolicitations, workspaces } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/**
 * Issue 26 items 3-4: gate reviews (rubric, evidence, append-only decisions, the move refused
 * without a Go) and outcomes, over admin / capture owner / another user / guest / anonymous.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let admin: Caller;
let owner: Caller;
let other: Caller;
let guest: Caller;
let stages: { id: string; name: string; outcome: string | null; gate_evidence: string[] | null }[];
let factors: { id: string; name: string; weight: number }[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  owner = await createUser(t.db, t.config, { name: 'Olive Owner' });
  other = await createUser(t.db, t.config, { name: 'Otto Other' });
  guest = await createUser(t.db, t.config, { name: 'Gus Guest', isGuest: true });
  stages = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data;
  factors = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/gate-factors' })).json().data;
});
afterAll(async () => {
  await t.close();
});

const stage = (name: string) => stages.find((s) => s.name === name)!.id;
const as = (c: Caller | null) => (c ? c.token : null);
const row = async (id: string) => (await t.db.select().from(pursuits).where(eq(pursuits.id, id)))[0]!;

async function track(caller: Caller, at = 'Identified') {
  const opportunityId = await createOpportunity(t.db, { department: 'DEPT OF ENERGY', naicsCode: '541512' });
  const res = await t.injectAs(caller.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
  expect(res.statusCode).toBe(201);
  if (at !== 'Identified')
    await t.db
      .update(pursuits)
      .set({ stageId: stage(at) })
      .where(eq(pursuits.id, res.json().id));
  return { id: res.json().id as string, opportunityId };
}
const allScores = (score = 4) => factors.map((f) => ({ factor_id: f.id, score, note: `${f.name}: scored ${score}` }));
const review = (overrides: object = {}) => ({
  gate_stage_id: stage('Qualified'),
  scores: allScores(),
  incumbent: 'Acme Corp',
  decision: 'go',
  rationale: 'Strong fit, known customer',
  ...overrides,
});
const post = (caller: Caller | null, url: string, payload: object) => t.injectAs(as(caller), { method: 'POST', url, payload });
const move = (caller: Caller, id: string, from: string, to: string) =>
  post(caller, `/api/pursuits/${id}/move`, { from_stage_id: stage(from), stage_id: stage(to) });

describe('the defaults', () => {
  it('gates Qualified (incumbent) and Bid decision (incumbent, RFP requirements, page budget); nine weighted factors', () => {
    expect(stages.filter((s) => s.gate_evidence).map((s) => [s.name, s.gate_evidence])).toEqual([
      ['Qualified', ['incumbent']],
      ['Bid decision', ['incumbent', 'rfp_requirements', 'page_budget']],
    ]);
    expect(factors.map((f) => f.name)).toEqual([
      'Customer relationship and access',
      'Incumbent position',
      'Past performance fit',
      'Technical fit',
      'Price position',
      'Teaming',
      'Capacity and B&P cost',
      'Strategic value',
      'Compliance readiness',
    ]);
  });
});

describe('moving past a gate', () => {
  it('is refused (409 GATE_REQUIRED) without a Go, for a direct move and one that skips the gate; nothing moves', async () => {
    const p = await track(owner, 'Qualified');
    const res = await move(owner, p.id, 'Qualified', 'Capture');
    expect({ status: res.statusCode, code: res.json().code, detail: res.json().detail }).toEqual({
      status: 409,
      code: 'GATE_REQUIRED',
      detail: 'Moving past Qualified needs a gate review with a Go decision. Record the Qualified gate review first.',
    });
    const q = await track(owner);
    expect((await move(owner, q.id, 'Identified', 'Proposal')).json().code).toBe('GATE_REQUIRED');
    expect((await row(p.id)).stageId).toBe(stage('Qualified'));
    expect((await row(q.id)).stageId).toBe(stage('Identified'));
    // Into a gate stage and back is free.
    expect((await move(owner, q.id, 'Identified', 'Qualified')).statusCode).toBe(200);
    expect((await move(owner, q.id, 'Qualified', 'Identified')).statusCode).toBe(200);
  });

  it('passes after a Go; a later No go blocks again until a new Go (each review a new row)', async () => {
    const p = await track(owner, 'Qualified');
    const go = await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review());
    expect(go.statusCode).toBe(201);
    expect(go.json()).toMatchObject({
      gate_name: 'Qualified',
      p_go: 75,
      recommendation: 'bid',
      decision: 'go',
      decided_by: { id: owner.user.id, name: 'Olive Owner' },
    });
    expect(go.json().inputs).toMatchObject({
      stage_name: 'Qualified',
      required: ['incumbent'],
      missing: [],
      evidence: { incumbent: 'Acme Corp' },
    });
    expect(await row(p.id)).toMatchObject({ pGo: 75, incumbent: 'Acme Corp' });

    const noGo = await post(
      owner,
      `/api/pursuits/${p.id}/gate-reviews`,
      review({ scores: allScores(2), decision: 'no_go', rationale: 'Customer chose a sole source' }),
    );
    expect(noGo.json()).toMatchObject({ p_go: 25, recommendation: 'no_bid', decision: 'no_go' });
    const blocked = await move(owner, p.id, 'Qualified', 'Capture');
    expect({ status: blocked.statusCode, detail: blocked.json().detail }).toEqual({
      status: 409,
      detail: 'The latest Qualified gate review decided No go. Record a new gate review with a Go decision to move past Qualified.',
    });
    await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review({ rationale: 'Reopened: the sole source fell through' }));
    expect((await move(owner, p.id, 'Qualified', 'Capture')).statusCode).toBe(200);

    const history = (await t.injectAs(other.token, { method: 'GET', url: `/api/pursuits/${p.id}/decisions` })).json();
    expect(history.gate_reviews.map((r: { decision: string; rationale: string }) => [r.decision, r.rationale])).toEqual([
      ['go', 'Reopened: the sole source fell through'],
      ['no_go', 'Customer chose a sole source'],
      ['go', 'Strong fit, known customer'],
    ]);
    expect(history.gate_reviews[2]).toEqual(go.json());
  });

  it('keeps decisions append-only: the database refuses an UPDATE or a DELETE, and drops them only with the pursuit', async () => {
    const p = await track(owner, 'Qualified');
    const r = (await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review())).json();
    await expect(t.db.update(pursuitGateReviews).set({ decision: 'no_go' }).where(eq(pursuitGateReviews.id, r.id))).rejects.toThrow();
    await expect(t.db.delete(pursuitGateReviews).where(eq(pursuitGateReviews.id, r.id))).rejects.toThrow();
    expect((await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.id, r.id)))[0]!.decision).toBe('go');
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/pursuits/${p.id}` })).statusCode).toBe(204);
    expect(await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.id, r.id))).toEqual([]);
  });
});

describe('POST /pursuits/{id}/gate-reviews: evidence and bad input', () => {
  it('refuses a Go without the gate evidence, names what is missing, and stores nothing; a No go is recorded with it missing', async () => {
    const p = await track(owner, 'Bid decision');
    const res = await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review({ gate_stage_id: stage('Bid decision'), incumbent: null }));
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 400,
      detail:
        'A Go at the Bid decision gate needs: Incumbent known (or "none"), RFP requirements extracted, Page budget known (upload the solicitation in the workspace’s RFP Analysis)',
    });
    expect(await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.pursuitId, p.id))).toEqual([]);
    const noGo = await post(
      owner,
      `/api/pursuits/${p.id}/gate-reviews`,
      review({ gate_stage_id: stage('Bid decision'), incumbent: null, decision: 'no_go' }),
    );
    expect(noGo.statusCode).toBe(201);
    expect(noGo.json().inputs.missing).toEqual(['incumbent', 'rfp_requirements', 'page_budget']);
  });

  it('counts RFP requirements as extracted once the workspace holds an analysed solicitation; then the Go passes Bid decision', async () => {
    const p = await track(owner, 'Bid decision');
    const created = await post(owner, `/api/pursuits/${p.id}/workspace`, {});
    expect(created.statusCode).toBe(201);
    const workspaceId = created.json().workspace_id;
    const goNow = () =>
      post(
        owner,
        `/api/pursuits/${p.id}/gate-reviews`,
        review({ gate_stage_id: stage('Bid decision'), incumbent: 'none', page_budget: 30 }),
      );
    expect((await goNow()).json().detail).toMatch(/needs: RFP requirements extracted/);
    await t.db.insert(rfpSolicitations).values({
      workspaceId,
      version: 1,
      fileName: 'rfp.pdf',
      storageKey: 'x',
      sizeBytes: 1,
      pageCount: 1,
      requirements: [{ requirement_id: 'R1', section: 'L', must_or_should: 'must', weight: 1, text: 'The offeror shall…', page: 1 }],
    });
    const evidence = (await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits/${p.id}/decisions` })).json().evidence;
    expect(evidence.rfp_requirements).toEqual({ extracted: true, count: 1 });
    const go = await goNow();
    expect(go.statusCode).toBe(201);
    expect(go.json().inputs.evidence).toEqual({ incumbent: 'none', page_budget: 30, rfp_requirements: { extracted: true, count: 1 } });
    expect((await move(owner, p.id, 'Bid decision', 'Proposal')).statusCode).toBe(200);
  });

  it('refuses bad input with a readable detail', async () => {
    const p = await track(owner, 'Capture');
    const url = `/api/pursuits/${p.id}/gate-reviews`;
    // Reviews of the Bid decision gate ahead of the pursuit, except the last (a gate it passed).
    const bd = (o: object = {}) => review({ gate_stage_id: stage('Bid decision'), ...o });
    const cases: [object, number, string][] = [
      [bd({ scores: allScores().slice(1) }), 400, 'Score every factor (1-5, with a note). Missing: Customer relationship and access'],
      [bd({ scores: allScores(6) }), 400, 'Each score must be from 1 to 5'],
      [bd({ scores: allScores().map((s) => ({ ...s, note: ' ' })) }), 400, 'Every factor needs a note saying why it scored so'],
      [bd({ rationale: '' }), 400, 'Say why: the rationale is required'],
      [bd({ decision: 'maybe' }), 400, 'decision must be go or no_go'],
      [review({ gate_stage_id: stage('Capture') }), 400, 'That stage is not a gate: reload the pipeline to see the current gates'],
      [bd({ scores: [...allScores(), { ...allScores()[0]! }] }), 400, 'A factor is scored twice'],
      [
        bd({ scores: allScores().map((s, i) => (i === 0 ? { ...s, factor_id: randomUUID() } : s)) }),
        400,
        'Unknown factor: the rubric changed, reload the gate review',
      ],
      [review(), 409, 'The pursuit is already past Qualified. Move it back to Qualified to review that gate again.'],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await post(owner, url, payload);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status, detail });
    }
    expect(await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.pursuitId, p.id))).toEqual([]);
    expect((await post(owner, '/api/pursuits/not-an-id/gate-reviews', review())).statusCode).toBe(404);
  });
});

describe('POST /pursuits/{id}/outcome', () => {
  it('records a No bid with reasons, moving the pursuit; Lost needs a reason; Won needs the gates', async () => {
    const p = await track(owner, 'Qualified');
    await t.db.update(pursuits).set({ pWin: 30 }).where(eq(pursuits.id, p.id));
    const noReason = await post(owner, `/api/pursuits/${p.id}/outcome`, { from_stage_id: stage('Qualified'), outcome: 'no_bid' });
    expect({ status: noReason.statusCode, detail: noReason.json().detail }).toEqual({
      status: 400,
      detail: 'Pick at least one reason for a loss or a no-bid',
    });
    const won = await post(owner, `/api/pursuits/${p.id}/outcome`, { from_stage_id: stage('Qualified'), outcome: 'won', award_value: 1 });
    expect(won.json().code).toBe('GATE_REQUIRED');
    const res = await post(owner, `/api/pursuits/${p.id}/outcome`, {
      from_stage_id: stage('Qualified'),
      outcome: 'no_bid',
      reasons: ['incumbent', 'capacity'],
      reason_text: 'Incumbent wired it',
      lessons_learned: 'Meet the CO earlier',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toMatchObject({
      outcome: 'no_bid',
      reasons: ['incumbent', 'capacity'],
      reason_text: 'Incumbent wired it',
      lessons_learned: 'Meet the CO earlier',
      p_win_at_close: 30,
      recorded_by: { id: owner.user.id, name: 'Olive Owner' },
    });
    expect((await row(p.id)).stageId).toBe(stage('No bid'));
    // Sent again while closed that way: an edit (the debrief came later).
    const edit = await post(owner, `/api/pursuits/${p.id}/outcome`, {
      from_stage_id: stage('No bid'),
      outcome: 'no_bid',
      reasons: ['incumbent'],
      debrief_date: '2026-12-02',
      lessons_learned: 'Meet the CO earlier; team with the incumbent',
    });
    expect(edit.json().outcome).toMatchObject({
      reasons: ['incumbent'],
      debrief_date: '2026-12-02',
      lessons_learned: 'Meet the CO earlier; team with the incumbent',
      p_win_at_close: 30,
    });
    expect(await t.db.select().from(pursuitOutcomes).where(eq(pursuitOutcomes.pursuitId, p.id))).toHaveLength(1);
  });

  it('refuses a plain move into a closing stage, and bad input', async () => {
    const p = await track(owner);
    const plain = await move(owner, p.id, 'Identified', 'Cancelled');
    expect({ status: plain.statusCode, detail: plain.json().detail }).toEqual({
      status: 400,
      detail: 'Record the outcome to move a pursuit to Cancelled: it asks for the award, the reasons and the lessons learned',
    });
    for (const [payload, detail] of [
      [{ from_stage_id: stage('Identified'), outcome: 'abandoned' }, 'outcome must be one of won, lost, no_bid, cancelled'],
      [
        { from_stage_id: stage('Identified'), outcome: 'lost', reasons: ['bad luck'] },
        'reasons must be among price, technical, past_performance, incumbent, customer_relationship, capacity, compliance, teaming, timeline, strategic_fit, requirement_changed, other',
      ],
      [{ from_stage_id: stage('Identified'), outcome: 'cancelled', award_value: -1 }, 'Award value cannot be negative'],
      [{ from_stage_id: stage('Identified'), outcome: 'cancelled', debrief_date: 'later' }, 'Debrief date must be a date (YYYY-MM-DD)'],
      [{ from_stage_id: stage('Identified'), outcome: 'cancelled', archive_workspace: true }, 'This pursuit has no workspace to archive'],
    ] as const) {
      const res = await post(owner, `/api/pursuits/${p.id}/outcome`, payload);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    }
    const stale = await post(owner, `/api/pursuits/${p.id}/outcome`, { from_stage_id: stage('Capture'), outcome: 'cancelled' });
    expect(stale.statusCode).toBe(409);
    expect((await row(p.id)).stageId).toBe(stage('Identified'));
  });

  it('archives the workspace when asked, as its owner', async () => {
    const p = await track(owner, 'Proposal');
    const workspaceId = (await post(owner, `/api/pursuits/${p.id}/workspace`, {})).json().workspace_id;
    const res = await post(owner, `/api/pursuits/${p.id}/outcome`, {
      from_stage_id: stage('Proposal'),
      outcome: 'cancelled',
      reason_text: 'Agency cancelled the requirement',
      archive_workspace: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!.archivedAt).not.toBeNull();
  });

  it('refuses to archive a workspace the caller does not own, before writing anything', async () => {
    const p = await track(admin, 'Proposal');
    const ws = await createWorkspace(t.db, other.user.id, { opportunityId: p.opportunityId });
    const res = await post(admin, `/api/pursuits/${p.id}/outcome`, {
      from_stage_id: stage('Proposal'),
      outcome: 'cancelled',
      archive_workspace: true,
    });
    expect(res.statusCode).toBe(403);
    expect((await row(p.id)).stageId).toBe(stage('Proposal'));
    expect((await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id)))[0]!.archivedAt).toBeNull();
  });
});

describe('the role table', () => {
  const table: {
    name: string;
    call: (id: string) => { method: 'GET' | 'POST'; url: string; payload?: object };
    ok: number;
    ownerOnly: boolean;
  }[] = [
    { name: 'GET /pipeline/gate-factors', call: () => ({ method: 'GET', url: '/api/pipeline/gate-factors' }), ok: 200, ownerOnly: false },
    { name: 'GET /pipeline/analytics', call: () => ({ method: 'GET', url: '/api/pipeline/analytics' }), ok: 200, ownerOnly: false },
    {
      name: 'GET /pursuits/{id}/decisions',
      call: (id) => ({ method: 'GET', url: `/api/pursuits/${id}/decisions` }),
      ok: 200,
      ownerOnly: false,
    },
    {
      name: 'POST /pursuits/{id}/gate-reviews',
      call: (id) => ({ method: 'POST', url: `/api/pursuits/${id}/gate-reviews`, payload: review() }),
      ok: 201,
      ownerOnly: true,
    },
    {
      name: 'POST /pursuits/{id}/outcome',
      call: (id) => ({
        method: 'POST',
        url: `/api/pursuits/${id}/outcome`,
        payload: { from_stage_id: stage('Qualified'), outcome: 'no_bid', reasons: ['price'] },
      }),
      ok: 200,
      ownerOnly: true,
    },
  ];
  const callers = () => ({ admin, owner, other, guest, anonymous: null }) as Record<string, Caller | null>;
  const counts = async (id: string) => ({
    pursuit: await row(id),
    reviews: (await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.pursuitId, id))).length,
    outcomes: (await t.db.select().from(pursuitOutcomes).where(eq(pursuitOutcomes.pursuitId, id))).length,
  });

  for (const r of table) {
    it(`${r.name}: admin and owner may${r.ownerOnly ? ', another user may not' : ', every internal user may'}; guest 403, anonymous 401`, async () => {
      for (const [who, caller] of Object.entries(callers())) {
        const p = await track(owner, 'Qualified');
        const before = await counts(p.id);
        const res = await t.injectAs(as(caller), r.call(p.id));
        const expected = who === 'anonymous' ? 401 : who === 'guest' ? 403 : who === 'other' && r.ownerOnly ? 403 : r.ok;
        expect({ who, status: res.statusCode }).toEqual({ who, status: expected });
        if (who === 'guest') expect(res.json().detail).toBe(GUEST_REFUSAL);
        if (who === 'other' && r.ownerOnly) expect(res.json().detail).toBe('Only the capture owner or an admin can change this pursuit');
        if (res.statusCode >= 400 || r.call(p.id).method === 'GET') expect(await counts(p.id)).toEqual(before);
      }
    });
  }

  it('PUT /admin/pipeline/gate-factors: admin only; reweighs and renames, and past reviews keep their snapshot', async () => {
    const p = await track(owner, 'Qualified');
    const before = (await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review())).json();
    const body = {
      factors: factors.map((f) => ({
        id: f.id,
        name: f.name === 'Teaming' ? 'Teaming partners' : f.name,
        weight: f.name === 'Technical fit' ? 5 : f.weight,
      })),
    };
    for (const [caller, status] of [
      [null, 401],
      [guest, 403],
      [owner, 403],
    ] as const) {
      expect((await t.injectAs(as(caller), { method: 'PUT', url: '/api/admin/pipeline/gate-factors', payload: body })).statusCode).toBe(
        status,
      );
    }
    const res = await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/gate-factors', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((f: { name: string }) => f.name === 'Teaming partners')).toBeTruthy();
    expect(res.json().data.find((f: { name: string }) => f.name === 'Technical fit').weight).toBe(5);
    const history = (await t.injectAs(owner.token, { method: 'GET', url: `/api/pursuits/${p.id}/decisions` })).json();
    expect(history.gate_reviews[0].scores).toEqual(before.scores);
    for (const [payload, detail] of [
      [{ factors: [] }, 'Keep at least one factor'],
      [{ factors: [{ name: 'A', weight: 11 }] }, 'Weight must be from 1 to 10'],
      [
        {
          factors: [
            { name: 'A', weight: 1 },
            { name: 'a', weight: 2 },
          ],
        },
        'Factor names must be different',
      ],
      [{ factors: [{ id: randomUUID(), name: 'A', weight: 1 }] }, 'Unknown factor id: reload the rubric and try again'],
    ] as const) {
      const bad = await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/gate-factors', payload: payload as object });
      expect({ status: bad.statusCode, detail: bad.json().detail }).toEqual({ status: 400, detail });
    }
    const restore = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/admin/pipeline/gate-factors',
      payload: { factors: factors.map((f) => ({ id: f.id, name: f.name, weight: f.weight })) },
    });
    expect(restore.json().data.map((f: { name: string; weight: number }) => [f.name, f.weight])).toEqual(
      factors.map((f) => [f.name, f.weight]),
    );
  });

  it('PUT /admin/pipeline/stages keeps gates unless sent, and refuses a gate on a closing stage', async () => {
    const current = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as {
      id: string;
      name: string;
      outcome: string | null;
      opens_workspace: boolean;
      gate_evidence: string[] | null;
    }[];
    const without = current.map(({ id, name, outcome, opens_workspace }) => ({ id, name, outcome, opens_workspace }));
    const kept = await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/stages', payload: { stages: without } });
    expect(kept.json().data.map((s: { gate_evidence: unknown }) => s.gate_evidence)).toEqual(current.map((s) => s.gate_evidence));
    const bad = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/admin/pipeline/stages',
      payload: { stages: without.map((s) => (s.outcome === 'won' ? { ...s, gate_evidence: [] } : s)) },
    });
    expect({ status: bad.statusCode, detail: bad.json().detail }).toEqual({ status: 400, detail: 'A gate must be an open stage' });
  });
});

describe('removing a gate stage', () => {
  it('keeps its reviews (named, unlinked) when an admin removes the stage once no pursuit is in it', async () => {
    const current = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as {
      id: string;
      name: string;
      outcome: string | null;
      opens_workspace: boolean;
      gate_evidence: string[] | null;
    }[];
    const body = (list: typeof current) => ({
      stages: list.map(({ id, name, outcome, opens_workspace, gate_evidence }) => ({ id, name, outcome, opens_workspace, gate_evidence })),
    });
    const withGate = [
      ...current.slice(0, 1),
      { id: undefined as unknown as string, name: 'Pink gate', outcome: null, opens_workspace: false, gate_evidence: ['incumbent'] },
      ...current.slice(1),
    ];
    const added = (await t.injectAs(admin.token, { method: 'PUT', url: '/api/admin/pipeline/stages', payload: body(withGate) })).json()
      .data as typeof current;
    const pink = added.find((s) => s.name === 'Pink gate')!;
    const p = await track(owner);
    await t.db.update(pursuits).set({ stageId: pink.id }).where(eq(pursuits.id, p.id));
    const r = (await post(owner, `/api/pursuits/${p.id}/gate-reviews`, review({ gate_stage_id: pink.id }))).json();
    await t.db
      .update(pursuits)
      .set({ stageId: stage('Identified') })
      .where(eq(pursuits.id, p.id));
    const removed = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/admin/pipeline/stages',
      payload: body(added.filter((s) => s.id !== pink.id)),
    });
    expect(removed.statusCode).toBe(200);
    const [kept] = await t.db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.id, r.id));
    expect(kept).toMatchObject({ gateStageId: null, gateName: 'Pink gate', decision: 'go' });
  });
});

describe('the stage log', () => {
  it('records every stage a pursuit entered, through the database trigger', async () => {
    const p = await track(owner);
    await move(owner, p.id, 'Identified', 'Qualified');
    await move(owner, p.id, 'Qualified', 'Identified');
    const rows = await t.db.execute(sql`select stage_id from pursuit_stage_entries where pursuit_id = ${p.id} order by first_entered_at`);
    const ids = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { stage_id: string }[] }).rows).map(
      (r) => (r as { stage_id: string }).stage_id,
    );
    expect(ids.sort()).toEqual([stage('Identified'), stage('Qualified')].sort());
  });
});
