import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { pursuits } from '../../db/schema/index';

/**
 * Issue 26: "one pursuit per opportunity" and "one winner per stage move" are each one conditional
 * statement. Run on both databases; on PostgreSQL (TEST_DATABASE_URL) the requests overlap on
 * separate connections.
 */
const N = 20;
let t: TestApp;
let callers: Awaited<ReturnType<typeof createUser>>[];

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, t.config, { role: 'admin' });
  callers = [admin];
  for (let i = 1; i < N; i += 1) callers.push(await createUser(t.db, t.config, { name: `Lead ${i}` }));
});
afterAll(async () => {
  await t.close();
});

/** A Go at the gate, with every factor scored (issue 26 item 3). */
async function recordGo(token: string, pursuitId: string, gateStageId: string) {
  const factors = (await t.injectAs(token, { method: 'GET', url: '/api/pipeline/gate-factors' })).json().data as { id: string }[];
  const res = await t.injectAs(token, {
    method: 'POST',
    url: `/api/pursuits/${pursuitId}/gate-reviews`,
    payload: {
      gate_stage_id: gateStageId,
      scores: factors.map((f) => ({ factor_id: f.id, score: 4, note: 'fit' })),
      incumbent: 'none',
      decision: 'go',
      rationale: 'fits',
    },
  });
  expect(res.statusCode).toBe(201);
}

describe('concurrent pipeline changes', () => {
  it(`${N} people pressing Track at once make one pursuit; the rest get 409`, async () => {
    const opportunityId = await createOpportunity(t.db);
    const responses = await Promise.all(
      callers.map((c) => t.injectAs(c.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(N - 1).fill(409)]);
    const rows = await t.db.select().from(pursuits).where(eq(pursuits.opportunityId, opportunityId));
    expect(rows).toHaveLength(1);
    const winner = responses.find((r) => r.statusCode === 201)!.json();
    expect(rows[0]!.id).toBe(winner.id);
  });

  it(`${N} concurrent moves from the same stage have one winner`, async () => {
    const admin = callers[0]!;
    const opportunityId = await createOpportunity(t.db);
    const pursuit = (
      await t.injectAs(admin.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })
    ).json();
    const stages = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as { id: string }[];
    await recordGo(admin.token, pursuit.id, stages[1]!.id);
    // Qualified, and past it once a Go is recorded there: Capture, Bid decision.
    const targets = stages.slice(1, 4);
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.injectAs(admin.token, {
          method: 'POST',
          url: `/api/pursuits/${pursuit.id}/move`,
          payload: { stage_id: targets[i % targets.length]!.id, from_stage_id: stages[0]!.id },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect(row!.stageId).toBe(responses.find((r) => r.statusCode === 200)!.json().stage_id);
  });

  it(`${N} concurrent moves past a gate with a Go have one winner; without a Go none moves`, async () => {
    const admin = callers[0]!;
    const stages = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as {
      id: string;
      name: string;
    }[];
    const [qualified, capture, bid] = ['Qualified', 'Capture', 'Bid decision'].map((n) => stages.find((s) => s.name === n)!.id) as [
      string,
      string,
      string,
    ];
    const trackAt = async () => {
      const opportunityId = await createOpportunity(t.db);
      const id = (
        await t.injectAs(admin.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })
      ).json().id as string;
      await t.db.update(pursuits).set({ stageId: qualified }).where(eq(pursuits.id, id));
      return id;
    };
    const moveAll = (id: string) =>
      Promise.all(
        Array.from({ length: N }, (_, i) =>
          t.injectAs(admin.token, {
            method: 'POST',
            url: `/api/pursuits/${id}/move`,
            payload: { stage_id: i % 2 ? capture : bid, from_stage_id: qualified },
          }),
        ),
      );

    const ungated = await trackAt();
    const refused = await moveAll(ungated);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().code}`))).toEqual(new Set(['409 GATE_REQUIRED']));
    expect((await t.db.select().from(pursuits).where(eq(pursuits.id, ungated)))[0]!.stageId).toBe(qualified);

    const gated = await trackAt();
    await recordGo(admin.token, gated, qualified);
    const responses = await moveAll(gated);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, gated));
    expect(row!.stageId).toBe(responses.find((r) => r.statusCode === 200)!.json().stage_id);
  });
});
