/**
 * The award and recipient rows every source (USAspending API, its CSV downloads, SAM.gov Contract
 * Awards) is mapped to. Field meanings and their source paths: /work/shared/data/awards/field-mapping.csv.
 * Money is kept as the decimal text the source sent (no float rounding); dates as YYYY-MM-DD.
 */
export type AwardSource = 'usaspending_api' | 'usaspending_csv' | 'sam_contract_awards';

export interface AwardRecord {
  /** USAspending's generated_unique_award_id form: CONT_AWD_{piid}_{agency}_{parentPiid|-NONE-}_{parentAgency|-NONE-} or CONT_IDV_{piid}_{agency}. */
  awardKey: string;
  piid: string;
  parentIdvPiid: string | null;
  /** A, B, C, D for awards; IDV_* for vehicles. */
  awardTypeCode: string | null;
  recipientUei: string | null;
  recipientName: string | null;
  recipientParentUei: string | null;
  awardingAgencyCode: string | null;
  awardingAgencyName: string | null;
  awardingSubAgencyCode: string | null;
  awardingSubAgencyName: string | null;
  awardingOfficeCode: string | null;
  awardingOfficeName: string | null;
  naicsCode: string | null;
  pscCode: string | null;
  popState: string | null;
  popZip: string | null;
  popCountry: string | null;
  startDate: string | null;
  currentEndDate: string | null;
  potentialEndDate: string | null;
  obligatedAmount: string | null;
  baseAndAllOptionsValue: string | null;
  solicitationId: string | null;
  setAsideCode: string | null;
  extentCompetedCode: string | null;
  offersReceived: number | null;
  /** The contracting officer's business size determination: 'S' small, 'O' other than small. */
  businessSize: 'S' | 'O' | null;
  /** Modifications after the base award; null when the source does not tell. */
  modificationCount: number | null;
  description: string | null;
  /** Date of the latest action the summary reflects (decides which of two versions wins). */
  lastActionDate: string | null;
  source: AwardSource;
  /** Link to the record at its source. */
  sourceUrl: string;
  fetchedAt: Date;
  /** Set from a transactions file: the one action this row is (its modification's history entry). */
  transaction?: { modificationNumber: string; actionDate: string; currentEndDate: string | null };
}

export interface RecipientRecord {
  uei: string;
  /** Every name this UEI was seen under (names are never a key: one real recipient has 27). */
  names: string[];
  parentUei: string | null;
  businessTypes: string[];
}

/** Uppercase without hyphens, spaces and dots: `FA8702-15-D-0001` and `fa870215d0001` are one PIID. */
export function normalizePiid(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]+/g, '');
}

// Leading words without a digit before a token that has one ("NOI 140G0322Q0180", "RFQ: W912HQ24Q0001",
// "SOL NO. N6600119R4020"): a label someone typed into the field, not part of the number, so the
// notice's "140G0322Q0180" would never match. Backtracking keeps the words when nothing after them
// has a digit ("VARIOUS", "SS ELEVATOR SERVICES" stay whole).
const LABEL_PREFIX = /^(?:[^\d\s]+\s+)+(?=\S*\d)/;

/**
 * A solicitation number as awards and notices are matched on: a typed label before it dropped, then
 * normalised like a PIID. Blank (or only a label) gives null, and null matches nothing.
 */
export function normalizeSolicitation(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? '').trim();
  if (!trimmed) return null;
  const key = normalizePiid(trimmed.replace(LABEL_PREFIX, ''));
  return key || null;
}

/** The USAspending award key of an award (order under `parent` when given) or of an IDV. */
export function usaspendingAwardKey(
  kind: 'award' | 'idv',
  piid: string,
  agency: string,
  parent?: { piid: string; agency: string } | null,
): string {
  if (kind === 'idv') return `CONT_IDV_${piid}_${agency}`;
  return `CONT_AWD_${piid}_${agency}_${parent?.piid || '-NONE-'}_${parent?.agency || '-NONE-'}`;
}

export const usaspendingAwardUrl = (awardKey: string) => `https://www.usaspending.gov/award/${encodeURIComponent(awardKey)}/`;

/** "2025-08-23 00:00:00", "2025-02-20 00:00:00.000", "2025-02-20T00:00:00Z" → "2025-08-23"; anything else → null. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/.exec(value.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Decimal text of a money value sent as a number or a string; null for blank or not a number. */
export function moneyOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? t : null;
}

/** Offers received arrive as strings ("2", "232"); null when blank or not a count. */
export function countOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Trimmed text, or null when blank. */
export function textOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}
