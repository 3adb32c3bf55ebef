/**
 * The gate review's arithmetic (issue 26 item 3), shared so the form previews exactly what the
 * server stores. Each factor is scored 1-5; the weighted mean maps linearly onto p(go) 0-100
 * (all 1s = 0%, all 3s = 50%, all 5s = 100%).
 */
export type GateRecommendation = 'bid' | 'consider' | 'no_bid';

export interface ScoredFactor {
  name: string;
  weight: number;
  score: number;
}

export interface GateResult {
  p_go: number;
  recommendation: GateRecommendation;
  /** The factors that drove the recommendation, strongest first (at most three). */
  drivers: string[];
}

/** p(go) at or above this recommends Bid; below CONSIDER_FROM, No bid. */
export const BID_FROM = 70;
export const CONSIDER_FROM = 45;
/** A factor scored this low is a showstopper: the recommendation is at most Consider. */
export const SHOWSTOPPER_SCORE = 1;

export function scoreGate(factors: ScoredFactor[]): GateResult {
  const totalWeight = factors.reduce((sum, f) => sum + f.weight, 0);
  if (factors.length === 0 || totalWeight <= 0) throw new Error('A gate review needs at least one weighted factor');
  const mean = factors.reduce((sum, f) => sum + f.weight * f.score, 0) / totalWeight;
  const pGo = Math.round(((mean - 1) / 4) * 100);
  const showstoppers = factors.filter((f) => f.score <= SHOWSTOPPER_SCORE);
  let recommendation: GateRecommendation = pGo >= BID_FROM ? 'bid' : pGo >= CONSIDER_FROM ? 'consider' : 'no_bid';
  if (recommendation === 'bid' && showstoppers.length > 0) recommendation = 'consider';

  // Pull of each factor away from neutral (3), weighted: what moved p(go) up or down.
  const pulls = factors.map((f) => ({ name: f.name, pull: f.weight * (f.score - 3) }));
  const up = pulls.filter((p) => p.pull > 0).sort((a, b) => b.pull - a.pull);
  const down = pulls.filter((p) => p.pull < 0).sort((a, b) => a.pull - b.pull);
  let drivers: string[];
  if (recommendation === 'bid') drivers = up.map((p) => p.name);
  else if (recommendation === 'no_bid') drivers = down.map((p) => p.name);
  else drivers = [...showstoppers.map((f) => f.name), ...[down[0], up[0]].flatMap((p) => (p ? [p.name] : []))];
  return { p_go: pGo, recommendation, drivers: [...new Set(drivers)].slice(0, 3) };
}

export const RECOMMENDATION_LABELS: Record<GateRecommendation, string> = { bid: 'Bid', consider: 'Consider', no_bid: 'No bid' };
