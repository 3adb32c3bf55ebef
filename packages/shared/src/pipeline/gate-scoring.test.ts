import { describe, expect, it } from 'vitest';
import { brierScore, calibrate, reliabilityBuckets } from './calibration';
import { gatesPassed, type GateStage } from './gate-crossing';
import { scoreGate } from './gate-scoring';

const f = (name: string, score: number, weight = 1) => ({ name, score, weight });

describe('scoreGate', () => {
  it('maps the weighted mean linearly onto p(go): all 1s 0%, all 3s 50%, all 5s 100%', () => {
    expect(scoreGate([f('a', 1), f('b', 1)]).p_go).toBe(0);
    expect(scoreGate([f('a', 3), f('b', 3)]).p_go).toBe(50);
    expect(scoreGate([f('a', 5), f('b', 5)]).p_go).toBe(100);
    // (3×5 + 1×1) / 4 = 4 → 75%.
    expect(scoreGate([f('a', 5, 3), f('b', 1, 1)]).p_go).toBe(75);
  });

  it('recommends Bid from 70%, Consider from 45%, No bid below, naming the factors that drove it', () => {
    expect(scoreGate([f('Technical fit', 5, 2), f('Price position', 4), f('Teaming', 3)])).toEqual({
      p_go: 81,
      recommendation: 'bid',
      drivers: ['Technical fit', 'Price position'],
    });
    expect(scoreGate([f('Technical fit', 2, 2), f('Incumbent position', 1, 3), f('Teaming', 3)])).toEqual({
      p_go: 17,
      recommendation: 'no_bid',
      drivers: ['Incumbent position', 'Technical fit'],
    });
    expect(scoreGate([f('Technical fit', 4), f('Price position', 2), f('Teaming', 3)])).toEqual({
      p_go: 50,
      recommendation: 'consider',
      drivers: ['Price position', 'Technical fit'],
    });
  });

  it('caps a high score at Consider when a factor is a showstopper (scored 1), naming it first', () => {
    const result = scoreGate([f('Technical fit', 5, 5), f('Past performance fit', 5, 5), f('Compliance readiness', 1, 1)]);
    expect(result.p_go).toBeGreaterThanOrEqual(70);
    expect(result).toMatchObject({ recommendation: 'consider', drivers: ['Compliance readiness', 'Technical fit'] });
  });

  it('refuses an empty rubric', () => {
    expect(() => scoreGate([])).toThrow(/at least one/);
  });
});

describe('calibration', () => {
  const pts = (pairs: [number, boolean][]) => pairs.map(([p_win, won]) => ({ p_win, won }));

  it('computes the Brier score on known numbers', () => {
    // (0.7−1)² = 0.09, (0.7−0)² = 0.49, (0.2−0)² = 0.04, (1−1)² = 0 → 0.62 / 4 = 0.155.
    expect(
      brierScore(
        pts([
          [70, true],
          [70, false],
          [20, false],
          [100, true],
        ]),
      ),
    ).toBe(0.155);
    expect(
      brierScore(
        pts([
          [0, false],
          [100, true],
        ]),
      ),
    ).toBe(0);
    expect(brierScore(pts([[50, true]]))).toBe(0.25);
  });

  it('puts each forecast in its 10-point bucket (100 in the last) with mean forecast and observed rate', () => {
    const buckets = reliabilityBuckets(
      pts([
        [70, true],
        [75, true],
        [79, false],
        [100, true],
        [90, false],
        [5, false],
      ]),
    );
    expect(buckets).toHaveLength(10);
    expect(buckets[7]).toEqual({ from: 70, to: 80, count: 3, mean_p_win: 74.7, won: 2, win_rate: 66.7 });
    expect(buckets[9]).toEqual({ from: 90, to: 100, count: 2, mean_p_win: 95, won: 1, win_rate: 50 });
    expect(buckets[0]).toEqual({ from: 0, to: 10, count: 1, mean_p_win: 5, won: 0, win_rate: 0 });
    expect(buckets[4]).toEqual({ from: 40, to: 50, count: 0, mean_p_win: null, won: 0, win_rate: null });
  });

  it('says nothing until 10 outcomes exist, then gives the Brier score and buckets', () => {
    const nine = pts(Array.from({ length: 9 }, (_, i) => [70, i < 6] as [number, boolean]));
    expect(calibrate(nine)).toEqual({ outcomes: 9, needed: 10, brier: null, buckets: [] });
    const ten = [...nine, { p_win: 70, won: true }];
    const c = calibrate(ten);
    // 7 won at 0.7: 7 × 0.09; 3 lost: 3 × 0.49 → (0.63 + 1.47) / 10 = 0.21.
    expect(c.brier).toBe(0.21);
    expect(c.buckets[7]).toEqual({ from: 70, to: 80, count: 10, mean_p_win: 70, won: 7, win_rate: 70 });
  });
});

describe('gatesPassed', () => {
  const stages: GateStage[] = [
    { id: 'identified', position: 0, outcome: null, gate_evidence: null },
    { id: 'qualified', position: 1, outcome: null, gate_evidence: ['incumbent'] },
    { id: 'capture', position: 2, outcome: null, gate_evidence: null },
    { id: 'bid', position: 3, outcome: null, gate_evidence: ['incumbent', 'page_budget'] },
    { id: 'proposal', position: 4, outcome: null, gate_evidence: null },
    { id: 'won', position: 5, outcome: 'won', gate_evidence: null },
    { id: 'nobid', position: 6, outcome: 'no_bid', gate_evidence: null },
  ];
  const ids = (from: string, to: string) => gatesPassed(stages, from, to).map((s) => s.id);

  it('lists the gates at or after the start and before the target', () => {
    expect(ids('identified', 'qualified')).toEqual([]);
    expect(ids('qualified', 'capture')).toEqual(['qualified']);
    expect(ids('identified', 'proposal')).toEqual(['qualified', 'bid']);
    expect(ids('capture', 'proposal')).toEqual(['bid']);
  });

  it('passes every gate when closing as Won, none when closing as No bid or moving back', () => {
    expect(ids('capture', 'won')).toEqual(['bid']);
    expect(ids('qualified', 'nobid')).toEqual([]);
    expect(ids('proposal', 'identified')).toEqual([]);
  });

  it('makes a closed pursuit reopened forward pass the gates before its target again', () => {
    expect(ids('nobid', 'proposal')).toEqual(['qualified', 'bid']);
    expect(ids('nobid', 'identified')).toEqual([]);
  });
});
