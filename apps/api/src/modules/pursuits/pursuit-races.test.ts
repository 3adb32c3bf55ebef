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

describe('concurrent pipeline changes', () => {
  it(`${N} people pressing Track at once make one pursuit; the rest get 409`, async () => {
    const opportunityId = await createOpportunity(t.db);
    const responses = await Promise.all(callers.map((c) => t.injectAs(c.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(N - 1).fill(409)]);
    const rows = await t.db.select().from(pursuits).where(eq(pursuits.opportunityId, opportunityId));
    expect(rows).toHaveLength(1);
    const winner = responses.find((r) => r.statusCode === 201)!.json();
    expect(rows[0]!.id).toBe(winner.id);
  });

  it(`${N} concurrent moves from the same stage have one winner`, async () => {
    const admin = callers[0]!;
    const opportunityId = await createOpportunity(t.db);
    const pursuit = (await t.injectAs(admin.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })).json();
    const stages = (await t.injectAs(admin.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data as { id: string }[];
    const targets = stages.slice(1, 6);
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) => t.injectAs(admin.token, { method: 'POST', url: `/api/pursuits/${pursuit.id}/move`, payload: { stage_id: targets[i % targets.length]!.id, from_stage_id: stages[0]!.id } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const [row] = await t.db.select().from(pursuits).where(eq(pursuits.id, pursuit.id));
    expect(row!.stageId).toBe(responses.find((r) => r.statusCode === 200)!.json().stage_id);
  });
});
