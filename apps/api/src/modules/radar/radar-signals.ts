import { EXTENT_COMPETED_LABELS, type RadarSignal } from '@biddesk/shared';
import type { ModificationSeen } from '../../db/schema/index';

/**
 * The signals that make an incumbent vulnerable at recompete, from the award's own fields (its
 * latest modification, as every source gives them). A signal never shows on missing data: a blank
 * offer count, extent competed or ceiling says nothing. The SQL twin used by "signals only" is
 * `hasSignalSql` in radar.repository.ts; radar.api.test.ts checks the two agree on known rows.
 *
 * "A small-business incumbent that outgrew its size" compares this award's size determination with
 * the recipient's later awards in its NAICS (docs/decisions/2026-11-28-radar-outgrew-size.md): the
 * later award comes from the query (radar.repository.ts). "Many modifications or extensions" counts
 * what imported transactions showed (docs/decisions/2026-11-28-radar-modifications.md).
 */

/** FPDS extent-competed codes meaning the award was not competed (USAspending data dictionary). */
export const NOT_COMPETED_CODES = ['B', 'C', 'G', 'NDO'] as const;
/** Obligations at or above this share of the ceiling (base and all options) count as near it. */
export const NEAR_CEILING_SHARE = 0.8;
/** Modifications after the base, or moves of the end date later, from which an award was kept running. */
export const MANY_MODIFICATIONS = 10;
export const MANY_EXTENSIONS = 2;

export interface SignalFacts {
  offersReceived: number | null;
  extentCompetedCode: string | null;
  /** Decimal text, dollars. */
  obligatedAmount: string | null;
  baseAndAllOptionsValue: string | null;
  modificationCount: number | null;
  extensionCount: number | null;
  /** The imported transactions' history the counts come from; null when none was imported. */
  modifications: Record<string, ModificationSeen> | null;
  businessSize: string | null;
  naicsCode: string | null;
  startDate: string | null;
  /** The latest later award of the same UEI and NAICS found other than small (null: none, or no data). */
  laterOtherThanSmall?: { piid: string; date: string } | null;
}

const times = (n: number) => (n === 1 ? '1 time' : `${n} times`);

/** The first and last end dates of the history, in action-date order (as the count reads it). */
function endDateSpan(mods: Record<string, ModificationSeen>): string | null {
  const ends = Object.entries(mods)
    .sort(([ka, a], [kb, b]) => (a.action_date === b.action_date ? (ka < kb ? -1 : 1) : a.action_date < b.action_date ? -1 : 1))
    .flatMap(([, m]) => (m.end_date ? [m.end_date] : []));
  return ends.length > 1 ? `end date ${ends[0]} → ${ends.at(-1)}` : null;
}

function manyModifications(a: SignalFacts): RadarSignal | null {
  const mods = a.modificationCount;
  const ext = a.extensionCount;
  if (!((mods !== null && mods >= MANY_MODIFICATIONS) || (ext !== null && ext >= MANY_EXTENSIONS))) return null;
  // Counted from the transactions imported (one fiscal year's archive holds that year's actions
  // only): lower bounds, hence "at least" — and a lower bound over the threshold is still over it.
  const said = [mods !== null ? `Modified at least ${times(mods)}` : null, ext !== null ? `end date extended at least ${times(ext)}` : null]
    .filter(Boolean)
    .join('; ');
  const span = a.modifications ? endDateSpan(a.modifications) : null;
  return {
    kind: 'many_modifications',
    label: mods !== null && mods >= MANY_MODIFICATIONS ? `Modified ${mods}+ times` : `Extended ${ext}+ times`,
    explanation: `${said} — the customer kept this contract running rather than recompeting it.`,
    evidence: [
      `modifications after the base seen: ${mods ?? 'unknown'}`,
      `end-date extensions seen: ${ext ?? 'unknown'}`,
      a.modifications ? `from ${Object.keys(a.modifications).length} modification numbers in the imported transactions` : null,
      span,
    ]
      .filter(Boolean)
      .join('; '),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthYear = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

function outgrewSize(a: SignalFacts): RadarSignal | null {
  const later = a.laterOtherThanSmall;
  // The query only finds one with a size, UEI, NAICS and start; checked again so missing data never shows.
  if (a.businessSize !== 'S' || !later || !a.naicsCode || !a.startDate || later.date <= a.startDate) return null;
  return {
    kind: 'outgrew_size',
    label: 'Outgrew small size',
    explanation: `Small business at this award (${a.startDate.slice(0, 4)}); on a later award in NAICS ${a.naicsCode} (${monthYear(later.date)}) the contracting officer found it other than small — it may not qualify for a small-business set-aside recompete.`,
    evidence: `business size here: small (S), start ${a.startDate}; award ${later.piid}, ${later.date}: other than small (O)`,
  };
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
  const modified = manyModifications(a);
  if (modified) signals.push(modified);
  const outgrew = outgrewSize(a);
  if (outgrew) signals.push(outgrew);
  return signals;
}
