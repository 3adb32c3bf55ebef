import { EXTENT_COMPETED_LABELS, type RadarSignal } from '@biddesk/shared';

/**
 * The signals that make an incumbent vulnerable at recompete, from the award's own fields (its
 * latest modification, as every source gives them). A signal never shows on missing data: a blank
 * offer count, extent competed or ceiling says nothing. The SQL twin used by "signals only" is
 * `hasSignalSql` in radar.repository.ts; radar.api.test.ts checks the two agree on known rows.
 *
 * Not signals, and why (docs/decisions/2026-11-28-radar.md): "many modifications or extensions"
 * (no source we import states a modification count) and "a small-business incumbent that outgrew
 * its size" (we hold no current size status).
 */

/** FPDS extent-competed codes meaning the award was not competed (USAspending data dictionary). */
export const NOT_COMPETED_CODES = ['B', 'C', 'G', 'NDO'] as const;
/** Obligations at or above this share of the ceiling (base and all options) count as near it. */
export const NEAR_CEILING_SHARE = 0.8;

export interface SignalFacts {
  offersReceived: number | null;
  extentCompetedCode: string | null;
  /** Decimal text, dollars. */
  obligatedAmount: string | null;
  baseAndAllOptionsValue: string | null;
}

const dollars = (v: number) => v.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function radarSignals(a: SignalFacts): RadarSignal[] {
  const signals: RadarSignal[] = [];
  if (a.offersReceived === 1) {
    signals.push({
      kind: 'single_offer',
      label: 'Single offer',
      explanation: 'Only one offer was received last time: other firms did not bid, and a recompete may draw them in.',
      evidence: 'number of offers received: 1',
    });
  }
  const code = a.extentCompetedCode?.trim().toUpperCase();
  if (code && (NOT_COMPETED_CODES as readonly string[]).includes(code)) {
    signals.push({
      kind: 'not_competed',
      label: 'Not competed',
      explanation: 'Awarded without competition: the incumbent has never had to beat another offer for this work.',
      evidence: `extent competed: ${code} (${EXTENT_COMPETED_LABELS[code] ?? code})`,
    });
  }
  const obligated = a.obligatedAmount === null ? NaN : Number(a.obligatedAmount);
  const ceiling = a.baseAndAllOptionsValue === null ? NaN : Number(a.baseAndAllOptionsValue);
  if (Number.isFinite(obligated) && Number.isFinite(ceiling) && ceiling > 0 && obligated >= NEAR_CEILING_SHARE * ceiling) {
    const pct = Math.floor((obligated / ceiling) * 100);
    signals.push({
      kind: 'near_ceiling',
      label: `${pct}% of ceiling used`,
      explanation: `${pct}% of the ceiling is already obligated: the agency may need a new vehicle, a bridge or an early recompete.`,
      evidence: `obligated ${dollars(obligated)} of ${dollars(ceiling)} base and all options value`,
    });
  }
  return signals;
}
