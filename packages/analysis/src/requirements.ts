import {
  AMBIGUOUS_VERBS, CLAUSE_BOUNDARY, DELIVERABLE_TABLE, DETERMINER, DUE_ROW, EVALUATION_VOCAB, EXAMPLES_LEAD_IN,
  EXCLUSION, GOVERNMENT, GOVERNMENT_ACRONYM, HEDGED_REQUIRED, HIGH_IMPORTANCE, IMPERATIVE_PREFIX, NON_OBLIGATION, IMPERATIVE_VERBS, LIMIT, OPTIONAL_CONDITION, PARTY,
  PREPOSITION, PRODUCT, REQUIRED_PHRASE, SHOULD_PHRASE,
} from './cues';
import { SectionTracker } from './sections';
import { segmentPage, type Unit } from './segment';
import type { Obligation, PageText, Requirement, SectionCode } from './types';

/** How a piece of text was judged, alone or in its place in a document. */
export interface Classification {
  isRequirement: boolean;
  section: SectionCode;
  must_or_should: Obligation;
  weight: number;
  /** The word or rule that decided it ("shall", "imperative", "criterion", ...); null if none. */
  cue: string | null;
}

/** Where a unit sits, as far as classification cares. */
export interface UnitContext {
  section: SectionCode;
  kind: 'sentence' | 'item' | 'row';
  /** For items: how their lead-in was judged ('examples' lead-ins list illustrations, not duties). */
  parent?: { verdict: Verdict; examples: boolean; exclusion: boolean } | null;
  bulleted?: boolean;
  /** The unit ends with ":" and introduces items. */
  leadIn?: boolean;
  tableHeader?: string;
  isTableHeader?: boolean;
}

interface Verdict {
  level: 'strong' | 'should' | 'weak' | 'none' | 'excluded';
  cue: string | null;
}

const NONE: Verdict = { level: 'none', cue: null };

// ---------------------------------------------------------------------------------------------
// Subjects of modal verbs

function clauseSubject(before: string): string {
  let cut = 0;
  CLAUSE_BOUNDARY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CLAUSE_BOUNDARY.exec(before)) !== null) cut = m.index + m[0].length;
  return before.slice(cut).trim();
}

function headNoun(subject: string): string {
  const words = subject
    .replace(/[“”"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const kept: string[] = [];
  for (const w of words) {
    if (kept.length > 0 && PREPOSITION.test(w)) break;
    kept.push(w);
  }
  const last = kept.at(-1) ?? '';
  return last.replace(/['’]s$/i, '').replace(/[^A-Za-z()]/g, '').toLowerCase();
}

function isGovernment(subject: string): boolean {
  return GOVERNMENT.test(subject) || GOVERNMENT_ACRONYM.test(subject);
}

// "<party> will be considered / notified / paid": something done to the offeror, not by it.
const PASSIVE_ON_PARTY =
  /^\s+(not\s+)?be\s+(?!required|expected|prepared|responsible|able|available|obligated|limited)(\w+ed|given|paid|made|held|told|sent|shown|taken|known|seen)\b/i;
const PASSIVE = /^\s+(not\s+)?(be|have been)\s+\w+(ed|en|wn|ne|t)\b/i;

// "Proposals will be evaluated / posted / returned": the government handling what it receives.
const GOVERNMENT_HANDLING =
  /^\s+(not\s+)?be\s+(evaluated|reviewed|rated|scored|assessed|considered|posted|published|answered|returned|released|opened|made available|retained|kept|shared|disclosed)\b/i;

// ---------------------------------------------------------------------------------------------
// Cue detection

const SUBJECT_WINDOW = 160;

function modalVerdict(t: string, section: SectionCode): Verdict {
  let best: Verdict = NONE;
  const consider = (v: Verdict) => {
    const rank = { excluded: 0, none: 0, weak: 1, should: 2, strong: 3 } as const;
    if (rank[v.level] > rank[best.level]) best = v;
  };
  const modal = /\b(shall|must|will|should|may|can(?:not)?|can)\b/gi;
  let m: RegExpExecArray | null;
  while ((m = modal.exec(t)) !== null) {
    const word = m[1].toLowerCase();
    // Bounded windows keep long run-on text linear: a subject or a following verb phrase is short.
    const before = t.slice(Math.max(0, m.index - SUBJECT_WINDOW), m.index);
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 80);
    const subject = clauseSubject(before);
    const gov = isGovernment(subject);
    const head = headNoun(subject);
    const passive = PASSIVE.test(after);
    const atStart = m.index === 0 || /^(note|nb)\s*:?\s*$/i.test(before.trim());

    if (word === 'shall' || word === 'must') {
      // "The Government shall provide ..." binds the buyer; "The CO shall be notified" binds the seller.
      if (gov && !passive) continue;
      consider({ level: 'strong', cue: word });
    } else if (word === 'should') {
      // "Should the Contractor be terminated, ..." is a condition, not advice.
      if (atStart && /^\s+(the|an?|any)\b/i.test(after)) continue;
      if (/^\s+(note|be (aware|advised)|refer|see|contact)\b/i.test(after)) continue;
      if (gov && !passive) continue;
      consider({ level: 'should', cue: 'should' });
    } else if (word === 'will') {
      if (/^\s+not\s+exceed\b/i.test(after)) {
        consider({ level: 'strong', cue: 'will not exceed' });
        continue;
      }
      if (section === 'M' || gov) continue;
      if (PARTY.test(head)) {
        if (PASSIVE_ON_PARTY.test(after)) continue;
        consider({ level: 'strong', cue: 'will' });
      } else if (PRODUCT.test(head) && !GOVERNMENT_HANDLING.test(after)) {
        consider({ level: 'strong', cue: 'will' });
      }
    } else if (word === 'may') {
      const neg = /^\s+not\b/i.test(after);
      if (gov) continue;
      if (neg) {
        if (/^\s+not\s+(need|have|be able|apply|be (possible|necessary|required))\b/i.test(after)) continue;
        consider({ level: 'strong', cue: 'may not' });
      } else if (PARTY.test(head) && !PERMISSION.test(after)) {
        consider({ level: 'should', cue: 'may' });
      }
    } else if (word === 'cannot' || word === 'can') {
      if (gov) continue;
      if (word === 'cannot' || /^\s+not\b/i.test(after)) consider({ level: 'strong', cue: 'cannot' });
      else if (/^\s+(\S+\s+){0,2}only\b/i.test(after) || /\bonly\s*$/i.test(before)) consider({ level: 'strong', cue: 'can only' });
    }
  }
  return best;
}

// "Offerors may include as many participants as are necessary" grants a freedom; nothing to do.
const PERMISSION =
  /\b(as many|as much|as needed|as necessary|as desired|if (they|it) (so )?(choose|wish|desire)|at (its|their|his|her) (option|discretion)|(choose|elect) to|also)\b/i;

function imperativeVerb(t: string): string | null {
  const stripped = t.replace(/^[“"‘'(]+/, '').replace(IMPERATIVE_PREFIX, '');
  const check = (first: string, next: string | undefined): boolean => {
    const v = first.toLowerCase();
    if (!IMPERATIVE_VERBS.has(v)) return false;
    if (!AMBIGUOUS_VERBS.has(v)) return true;
    return next !== undefined && (DETERMINER.test(next) || /^(and|or|with|to)$/i.test(next));
  };
  const words = stripped.split(/\s+/);
  // A verb at the start must be capitalised like a sentence start ("Submit"), not a mid-list fragment.
  if (/^[A-Z][a-z-]+$/.test(words[0] ?? '') && check(words[0], words[1]?.replace(/[,.;:]$/, ''))) return words[0];
  // "Two weeks prior to conclusion, provide a transition plan."
  const afterLead = /^[^,]{3,70},\s+([a-z][a-z-]+)\s+(\S+)/.exec(stripped);
  if (afterLead && check(afterLead[1], afterLead[2])) return afterLead[1];
  return null;
}

function cueVerdict(t: string, ctx: UnitContext): Verdict {
  if (EXCLUSION.test(t)) return { level: 'excluded', cue: 'exclusion' };
  if (NON_OBLIGATION.test(t)) return NONE;

  const modal = modalVerdict(t, ctx.section);
  if (modal.level === 'strong') return modal;
  if (REQUIRED_PHRASE.test(t) && !HEDGED_REQUIRED.test(t)) return { level: 'strong', cue: 'required' };
  if (modal.level === 'should') return modal;
  if (SHOULD_PHRASE.test(t)) return { level: 'should', cue: 'encouraged' };

  const verb = imperativeVerb(t);
  if (verb && !OPTIONAL_CONDITION.test(t)) return { level: 'weak', cue: 'imperative' };
  if (LIMIT.test(t)) return { level: 'weak', cue: 'limit' };
  // In the evaluation section, criteria read as plain statements or as questions
  // ("Does the approach demonstrate ...?").
  if (ctx.section === 'M' && (EVALUATION_VOCAB.test(t) || t.endsWith('?'))) return { level: 'weak', cue: 'criterion' };
  return NONE;
}

// ---------------------------------------------------------------------------------------------
// Classification of one unit

function weightFor(t: string, section: SectionCode, cue: string | null): number {
  if (HIGH_IMPORTANCE.test(t)) return 3;
  if (section === 'M' && (cue === 'criterion' || cue === 'factor')) return 2;
  return 1;
}

function verdictToClass(v: Verdict, t: string, section: SectionCode): Classification {
  const isRequirement = v.level === 'strong' || v.level === 'should' || v.level === 'weak';
  return {
    isRequirement,
    section,
    must_or_should: v.level === 'should' ? 'should' : 'must',
    weight: isRequirement ? weightFor(t, section, v.cue) : 0,
    cue: v.cue,
  };
}

function judge(text: string, ctx: UnitContext): Verdict {
  const t = text.trim();
  if (ctx.kind === 'row') {
    if (ctx.isTableHeader) return NONE;
    const own = cueVerdict(t, ctx);
    if (own.level === 'strong' || own.level === 'should' || own.level === 'excluded') return own;
    if ((ctx.tableHeader && DELIVERABLE_TABLE.test(ctx.tableHeader)) || DUE_ROW.test(t)) return { level: 'weak', cue: 'table' };
    return own.cue === 'criterion' ? own : NONE;
  }

  const own = cueVerdict(t, ctx);
  const parent = ctx.kind === 'item' ? ctx.parent : null;
  if (!parent) return own;

  // Items under "not responsible for the following:" or "may include:" are never duties,
  // even when phrased as imperatives; an explicit shall/must of their own still counts.
  const parentIsReq = ['strong', 'should', 'weak'].includes(parent.verdict.level);
  if (parent.exclusion) return NONE;
  if (ctx.section === 'M' && own.level !== 'excluded') {
    // A nested lead-in ("Vendor's proposal includes:") says nothing until its items do.
    if (own.level !== 'none' || ctx.leadIn) return own;
    return { level: 'weak', cue: parentIsReq ? 'criterion' : 'factor' };
  }
  if (!parentIsReq || parent.examples) return own.level === 'strong' || own.level === 'should' ? own : NONE;
  if (own.level === 'strong' || own.level === 'should' || own.level === 'excluded') return own;
  // Bullets inherit their lead-in's obligation ("shall include the following:").
  return { level: parent.verdict.level === 'should' ? 'should' : 'weak', cue: 'list-item' };
}

/** Guess a sentence's section from its own words, for text seen without its document. */
export function guessSection(text: string): SectionCode {
  const t = text;
  if (/\bsection\s+m\b/i.test(t) && !/\bsection\s+l\b/i.test(t)) return 'L';
  if (/\bsection\s+l\b/i.test(t) && !/\bsection\s+m\b/i.test(t)) return 'M';
  const count = (re: RegExp) => (t.match(re) ?? []).length;
  const m = count(
    /\b(evaluat\w*|factors?|subfactors?|ratings?|rated|past performance|cpars|ppqs?|corporate experience|narratives?|best value|trade-?offs?|strengths?|weakness(es)?|deficienc\w+|relevan(t|cy)|recency|confidence|non-price|technical approach|safety|demonstrat\w*|understanding|approach|experience)\b/gi,
  );
  const l = count(
    /\b(propos(al|als)|offers?|quot(e|es|ation|ations)|submit\w*|submission|submittals?|volumes?|pages?|font|cop(y|ies)|electronic(ally)?|piee|sam|registration|questions?|rfps?|rfqs?|solicitation|amendments?|block|sf ?\d+|pricing|decimal|due|format|page limit|certif\w+|statements?|cmmc|sprs|uid)\b/gi,
  );
  const c = count(
    /\b(contractor|perform\w*|services?|deliver\w*|orders?|labor|hours|work|tasks?|clins?|slins?|reported|reports?|maintain\w*|accept\w*|personnel|site|equipment|facilit\w+|invoice\w*|gpc|contracting officer)\b/gi,
  );
  if (m > 0 && m >= l && m >= c) return 'M';
  if (l >= c && l > 0) return 'L';
  if (c > 0) return 'C';
  return 'other';
}

/**
 * Classify one sentence on its own. `sectionHint` is the section it came from when known;
 * without it the section is guessed from the wording.
 */
export function classifyRequirement(text: string, sectionHint?: SectionCode): Classification {
  const section = sectionHint ?? guessSection(text);
  const t = text.replace(/\s+/g, ' ').trim();
  return verdictToClass(judge(t, { section, kind: 'sentence' }), t, section);
}

// ---------------------------------------------------------------------------------------------
// Whole documents

const ID_PREFIX: Record<SectionCode, string> = { L: 'L', M: 'M', C: 'C', other: 'O' };

// Page furniture: "Page 3 of 40", "- 12 -", a bare page number.
const PAGE_NUMBER = /^\s*(page\s+\d+(\s+of\s+\d+)?|-?\s*\d{1,4}\s*-?|\d+\s*\/\s*\d+)\s*$/i;

/**
 * Lines repeated at the top or bottom of many pages (solicitation number, agency name) are running
 * headers and footers, not text. Digits are masked so "Page 3" and "Page 4" count as one line.
 */
function runningLines(pages: PageText[]): Set<string> {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const lines = p.text.split('\n').map((l) => l.trim()).filter(Boolean);
    const edge = new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(maskDigits));
    for (const l of edge) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  const min = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...counts].filter(([, n]) => n >= min).map(([l]) => l));
}

function maskDigits(line: string): string {
  return line.trim().replace(/\d+/g, '#');
}

/** Every requirement in a solicitation's pages, in document order, ids numbered per section. */
export function extractRequirements(pages: PageText[]): Requirement[] {
  const tracker = new SectionTracker();
  const counters: Record<SectionCode, number> = { L: 0, M: 0, C: 0, other: 0 };
  const out: Requirement[] = [];

  // Pages are segmented as one text so sentences and lists that run over a page break stay whole;
  // each unit is then given the page it starts on.
  const running = pages.length >= 3 ? runningLines(pages) : new Set<string>();
  const skipLine = (line: string) => PAGE_NUMBER.test(line) || running.has(maskDigits(line));
  const pageStarts: number[] = [];
  let text = '';
  for (const p of pages) {
    pageStarts.push(text.length);
    text += `${p.text}\n`;
  }
  const pageAt = (offset: number): number | null => {
    let lo = 0;
    let hi = pageStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pageStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return pages.length ? pages[lo].page : null;
  };

  const segments = segmentPage(text, { skipLine });
  // Verdicts of lead-ins, by segment index, for their items.
  const leadVerdicts = new Map<number, { verdict: Verdict; examples: boolean; exclusion: boolean }>();
  segments.forEach((seg, index) => {
    if (seg.kind === 'heading') {
      tracker.apply(seg.heading);
      return;
    }
    const unit = seg as Unit;
    const section = tracker.section;
    const parentInfo = unit.parent >= 0 ? (leadVerdicts.get(unit.parent) ?? null) : null;
    const ctx: UnitContext = {
      section,
      kind: unit.kind,
      parent: parentInfo,
      bulleted: unit.bulleted,
      leadIn: unit.leadIn,
      tableHeader: unit.tableHeader,
      isTableHeader: unit.isTableHeader,
    };
    const verdict = judge(unit.text, ctx);
    if (unit.leadIn) {
      leadVerdicts.set(index, {
        verdict,
        examples: EXAMPLES_LEAD_IN.test(unit.text.replace(/\s*\(.*?\)\s*$/, '')),
        exclusion: verdict.level === 'excluded',
      });
    }
    const c = verdictToClass(verdict, unit.text, section);
    if (!c.isRequirement) return;
    counters[section] += 1;
    out.push({
      requirement_id: `${ID_PREFIX[section]}-${String(counters[section]).padStart(3, '0')}`,
      section,
      must_or_should: c.must_or_should,
      weight: c.weight,
      text: unit.text,
      page: pageAt(unit.start),
    });
  });
  return out;
}
