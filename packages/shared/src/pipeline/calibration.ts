/**
 * p(win) calibration (issue 26 item 4): over closed pursuits that competed (won or lost) with the
 * p(win) they had when closed, the Brier score and a reliability table by p(win) bucket — are our
 * 70% pursuits won 70% of the time?
 */
export interface CalibrationPoint {
  /** p(win) in percent, 0-100, when the outcome was recorded. */
  p_win: number;
  won: boolean;
}

export interface ReliabilityBucket {
  /** Inclusive lower and exclusive upper bound in percent (the last bucket includes 100). */
  from: number;
  to: number;
  count: number;
  /** Mean forecast in the bucket, percent; null when empty. */
  mean_p_win: number | null;
  won: number;
  /** Observed win rate in percent; null when empty. */
  win_rate: number | null;
}

export interface Calibration {
  outcomes: number;
  /** Calibration is shown from this many outcomes on. */
  needed: number;
  /** Mean squared error of p(win) against won (1) / lost (0), 0 = perfect; null below `needed`. */
  brier: number | null;
  buckets: ReliabilityBucket[];
}

export const CALIBRATION_MIN_OUTCOMES = 10;
const BUCKET = 10;

/** Mean of (p − outcome)², p as a probability; rounded to 4 decimals. */
export function brierScore(points: CalibrationPoint[]): number {
  if (points.length === 0) throw new Error('The Brier score needs at least one outcome');
  const sum = points.reduce((s, p) => s + (p.p_win / 100 - (p.won ? 1 : 0)) ** 2, 0);
  return Math.round((sum / points.length) * 10_000) / 10_000;
}

/** Ten buckets of 10 points each: 0-10, 10-20, …, 90-100 (100 falls in the last). */
export function reliabilityBuckets(points: CalibrationPoint[]): ReliabilityBucket[] {
  const buckets = Array.from({ length: 100 / BUCKET }, (_, i) => ({ from: i * BUCKET, to: (i + 1) * BUCKET, sum: 0, count: 0, won: 0 }));
  for (const p of points) {
    const b = buckets[Math.min(Math.floor(p.p_win / BUCKET), buckets.length - 1)]!;
    b.count += 1;
    b.sum += p.p_win;
    if (p.won) b.won += 1;
  }
  return buckets.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.count,
    mean_p_win: b.count ? Math.round((b.sum / b.count) * 10) / 10 : null,
    won: b.won,
    win_rate: b.count ? Math.round((b.won / b.count) * 1000) / 10 : null,
  }));
}

/** Brier score and reliability once there are enough outcomes; before that, only the count. */
export function calibrate(points: CalibrationPoint[]): Calibration {
  const enough = points.length >= CALIBRATION_MIN_OUTCOMES;
  return {
    outcomes: points.length,
    needed: CALIBRATION_MIN_OUTCOMES,
    brier: enough ? brierScore(points) : null,
    buckets: enough ? reliabilityBuckets(points) : [],
  };
}
