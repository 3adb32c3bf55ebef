import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { pursuitOutcomes, pursuits } from '../../db/schema/index';

/**
 * Issue 26 item 4: /pipeline analytics on a fresh database with known numbers — the funnel, the
 * weighted value by award month, win rates by agency and NAICS, and p(win) calibration from 10
 * outcomes on.
 */
let t: TestApp;
let lead: Awaited<ReturnType<typeof createUser>>;
let stages: { id: string; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  lead = await createUser(t.db, t.config, { name: 'Lena Lead' });
  stages = (await t.injectAs(lead.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data;
});
afterAll(async () => {
  await t.close();
});

const stage = (name: string) => stages.find((s) => s.name === name)!.id;
const analytics = async () => {
  const res = await t.injectAs(lead.token, { method: 'GET', url: '/api/pipeline/analytics' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function track(department: string, naicsCode: string) {
  const opportunityId = await createOpportunity(t.db, { department, naicsCode });
  return (await t.injectAs(lead.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } })).json()
    .id as string;
}

/** Closes a pursuit as the outcome with its p(win) then, as a decided past pursuit would be stored. */
async function close(id: string, outcome: 'won' | 'lost' | 'no_bid', pWin: number | null) {
  await t.db
    .update(pursuits)
    .set({ stageId: stage(outcome === 'won' ? 'Won' : outcome === 'lost' ? 'Lost' : 'No bid'), pWin })
    .where(eq(pursuits.id, id));
  await t.db.insert(pursuitOutcomes).values({ pursuitId: id, outcome, pWinAtClose: pWin, reasons: outcome === 'won' ? [] : ['price'] });
}

describe('GET /pipeline/analytics', () => {
  it('is empty but well formed on an empty pipeline', async () => {
    const a = await analytics();
    expect(a.funnel.map((f: { name: string; entered: number }) => [f.name, f.entered])).toEqual(stages.map((s) => [s.name, 0]));
    expect(a).toMatchObject({
      by_month: [],
      win_rate: { by_agency: [], by_naics: [] },
      calibration: { outcomes: 0, needed: 10, brier: null, buckets: [] },
    });
  });

  it('counts the funnel from stages entered and sums open weighted value by award month in cents', async () => {
    const a = await track('DEPT OF ENERGY', '541512');
    const b = await track('DEPT OF ENERGY', '541512');
    const c = await track('GSA', '236220');
    const move = (id: string, from: string, to: string) =>
      t.injectAs(lead.token, {
        method: 'POST',
        url: `/api/pursuits/${id}/move`,
        payload: { from_stage_id: stage(from), stage_id: stage(to) },
      });
    expect((await move(a, 'Identified', 'Qualified')).statusCode).toBe(200);
    expect((await move(b, 'Identified', 'Qualified')).statusCode).toBe(200);
    expect((await move(b, 'Qualified', 'Identified')).statusCode).toBe(200);
    const patch = (id: string, payload: object) => t.injectAs(lead.token, { method: 'PATCH', url: `/api/pursuits/${id}`, payload });
    await patch(a, { estimated_value: 100.1, p_win: 50, expected_award_date: '2027-03-15' });
    await patch(b, { estimated_value: 200.2, p_win: 25, p_go: 50, expected_award_date: '2027-03-01' });
    await patch(c, { expected_award_date: '2027-01-20' });
    const r = await analytics();
    const funnel = Object.fromEntries(
      r.funnel.map((f: { name: string; entered: number; current: number }) => [f.name, [f.entered, f.current]]),
    );
    expect(funnel).toMatchObject({ Identified: [3, 2], Qualified: [2, 1], Capture: [0, 0] });
    // 100.1 × 50% = 50.05; 200.2 × 25% × 50% = 25.025 → 25.03 (to the cent, as on the board).
    expect(r.by_month).toEqual([
      { month: '2027-01', count: 1, weighted_value: 0, unvalued: 1 },
      { month: '2027-03', count: 2, weighted_value: 75.08, unvalued: 0 },
    ]);
  });

  it('gives win rates by agency and NAICS (no bids apart), and calibration only from 10 won/lost outcomes', async () => {
    // Nine decided pursuits at p(win) 70%: six won, three lost; one No bid.
    for (let i = 0; i < 9; i += 1)
      await close(await track(i < 5 ? 'NAVY' : 'ARMY', i < 5 ? '541330' : '541512'), i < 6 ? 'won' : 'lost', 70);
    await close(await track('NAVY', '541330'), 'no_bid', 10);
    let r = await analytics();
    expect(r.calibration).toEqual({ outcomes: 9, needed: 10, brier: null, buckets: [] });
    expect(r.win_rate.by_agency).toEqual([
      { key: 'NAVY', won: 5, lost: 0, no_bid: 1, win_rate: 100 },
      { key: 'ARMY', won: 1, lost: 3, no_bid: 0, win_rate: 25 },
    ]);
    expect(r.win_rate.by_naics).toEqual([
      { key: '541330', won: 5, lost: 0, no_bid: 1, win_rate: 100 },
      { key: '541512', won: 1, lost: 3, no_bid: 0, win_rate: 25 },
    ]);

    // The tenth: won at 70%. 7 won, 3 lost at 0.7 → Brier (7 × 0.09 + 3 × 0.49) / 10 = 0.21.
    await close(await track('ARMY', '541512'), 'won', 70);
    r = await analytics();
    expect(r.calibration.outcomes).toBe(10);
    expect(r.calibration.brier).toBe(0.21);
    expect(r.calibration.buckets[7]).toEqual({ from: 70, to: 80, count: 10, mean_p_win: 70, won: 7, win_rate: 70 });
    expect(r.calibration.buckets.filter((b: { count: number }) => b.count > 0)).toHaveLength(1);
  });

  it('stops counting an outcome once its pursuit is reopened', async () => {
    const id = await track('NASA', '541715');
    await close(id, 'lost', 40);
    expect((await analytics()).win_rate.by_agency.find((w: { key: string }) => w.key === 'NASA')).toEqual({
      key: 'NASA',
      won: 0,
      lost: 1,
      no_bid: 0,
      win_rate: 0,
    });
    await t.db
      .update(pursuits)
      .set({ stageId: stage('Submitted') })
      .where(eq(pursuits.id, id));
    expect((await analytics()).win_rate.by_agency.find((w: { key: string }) => w.key === 'NASA')).toBeUndefined();
  });
});
