import { normalizePiid } from '../../integrations/awards/award-record';

/**
 * The incumbent rules of shared/data/awards/README.md §3, as pure functions: which contract
 * numbers a notice quotes, and how well an award's office, classification, place and dates fit
 * an opportunity. The service asks the database; these decide.
 */

// A PIID-shaped token: letters and digits with optional hyphens, 10–20 characters once hyphens are
// gone (uniform PIIDs have 13; older ones and schedule numbers are shorter).
const TOKEN = /\b[A-Z0-9][A-Z0-9-]{8,24}[A-Z0-9]\b/g;
// A modification suffix on a quoted number (80JSC022DA003P00123): compared without it.
const MOD_SUFFIX = /^(.{13,})([PA]\d{5})$/;

/** The normalised contract numbers quoted in `texts`, without `exclude` (the notice's own Sol#). */
export function quotedPiids(texts: (string | null | undefined)[], exclude: string[] = []): string[] {
  const skip = new Set(exclude.filter(Boolean).map(normalizePiid));
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.toUpperCase().matchAll(TOKEN)) {
      const key = normalizePiid(m[0]);
      if (key.length < 10 || key.length > 20 || !/[A-Z]/.test(key) || !/\d/.test(key)) continue;
      // A token of letters then a long number is a phone or fax ("FAX8005551234"), not a PIID;
      // a PIID has digits and letters interleaved after its office code (FA8702 15 D 0001).
      if (!/\d[A-Z]+\d/.test(key) && !/^[A-Z]{2}\d/.test(key)) continue;
      for (const k of [key, key.replace(MOD_SUFFIX, '$1')]) if (!skip.has(k)) found.add(k);
    }
  }
  return [...found];
}

export interface OpportunityFacts {
  officeCode: string | null;
  subTierCode: string | null;
  naicsCode: string | null;
  pscCode: string | null;
  popState: string | null;
  /** The response deadline, else the posting date. */
  dueDate: Date | null;
}

export interface AwardFacts {
  awardingOfficeCode: string | null;
  awardingSubAgencyCode: string | null;
  naicsCode: string | null;
  pscCode: string | null;
  popState: string | null;
  currentEndDate: string | null;
}

export interface ClassificationScore {
  score: number;
  matchedOn: string[];
}

const same = (a: string | null, b: string | null) => !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();
const prefix = (a: string | null, b: string | null, n: number) =>
  !!a && !!b && a.length >= n && b.length >= n && a.slice(0, n).toUpperCase() === b.slice(0, n).toUpperCase();

/** Months between two dates, fractional. */
const monthsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / (30.44 * 24 * 3600 * 1000);

/**
 * How well an award fits the opportunity on office, NAICS, PSC, place and timing (README §3 rule
 * 4). The weights sum to 0.9 for a perfect fit, below a quoted contract number's certainty.
 */
export function scoreClassification(o: OpportunityFacts, a: AwardFacts): ClassificationScore {
  const matchedOn: string[] = [];
  let score = 0;
  if (same(o.officeCode, a.awardingOfficeCode)) {
    score += 0.3;
    matchedOn.push('office');
  } else if (same(o.subTierCode, a.awardingSubAgencyCode)) {
    score += 0.1;
    matchedOn.push('sub-agency');
  }
  if (same(o.naicsCode, a.naicsCode)) {
    score += 0.2;
    matchedOn.push('NAICS');
  } else if (prefix(o.naicsCode, a.naicsCode, 4)) {
    score += 0.1;
    matchedOn.push('NAICS group');
  }
  if (same(o.pscCode, a.pscCode)) {
    score += 0.15;
    matchedOn.push('PSC');
  } else if (prefix(o.pscCode, a.pscCode, 2)) {
    score += 0.07;
    matchedOn.push('PSC group');
  }
  if (same(o.popState, a.popState)) {
    score += 0.1;
    matchedOn.push('place');
  }
  if (o.dueDate && a.currentEndDate) {
    // The work ends between a year before and two years after this response date: it may be what is recompeted.
    const months = monthsBetween(o.dueDate, new Date(`${a.currentEndDate}T00:00:00Z`));
    if (months >= -12 && months <= 24) {
      score += 0.15;
      matchedOn.push('ends near this due date');
    }
  }
  return { score: Math.round(score * 100) / 100, matchedOn };
}

/** Below this, an office-and-classification match is noise. */
export const MIN_CLASSIFICATION_SCORE = 0.45;
/** Candidates shown from the scored rule: a short list to weigh, not one answer. */
export const MAX_CLASSIFICATION_CANDIDATES = 3;

/** A classification match counts only if the work itself (NAICS or PSC) is alike. */
export function isPlausible(s: ClassificationScore): boolean {
  return s.score >= MIN_CLASSIFICATION_SCORE && s.matchedOn.some((m) => m.startsWith('NAICS') || m.startsWith('PSC'));
}

/** DoD: toptier 097 (USAspending, opportunities' CGAC) or 9700 (SAM). */
export function isDod(agencyCode: string | null | undefined): boolean {
  return agencyCode === '097' || agencyCode === '9700';
}
