import { IMPERATIVE_VERBS } from '../cues';
import type { PdfLayout } from '../pdf-layout';
import type { PageText, Requirement, SectionCode } from '../types';
import { carries, describeTypes, personNames, requestedTypes, type AnswerType } from './answers';
import { findConflicts, type Conflict } from './conflicts';
import { checkFormat, formatSuggestion, type FormatCheck } from './format-checks';
import { requirementKind, type RequirementKind } from './kinds';
import { splitDraft, type DraftHeading, type Passage } from './passages';
import { paragraphOf, referencedParagraphs } from './structure';
import { analyse, isGeneric, pairs, type Token } from './text';

export interface MissingRequirement {
  requirement_id: string;
  section: SectionCode;
  text: string;
}

export interface Suggestion {
  requirement_id: string;
  location_hint: string;
  suggestion: string;
  /** Every requirement the suggestion answers, when gaps on one topic in one place were merged
   * (the first is `requirement_id`). */
  requirement_ids?: string[];
}

/**
 * How the draft answers a requirement, the one status the analysis, the compliance matrix and its
 * exports share: addressed (answered, at or above WEAK) / partial (answered, but below WEAK) /
 * missing (below COVERED, or only promised for later) / conflict (the draft contradicts it) /
 * check (a possible contradiction for a reviewer to confirm) / not_applicable (logistics, format,
 * clause or evaluation method: not answered by a narrative, reported apart).
 */
export type MatchStatus = 'addressed' | 'partial' | 'missing' | 'conflict' | 'check' | 'not_applicable';

export interface RequirementMatch {
  requirement_id: string;
  status: MatchStatus;
  /** The draft only promises the answer for later ("available on request"): missing. */
  deferred?: boolean;
  /** 0-1 coverage of the requirement by its best passage (term recall, phrases, numbers, substance). */
  score: number;
  /** Short excerpt of the best passage. */
  passage: string;
  page: number | null;
  location_hint: string;
}

/** A requirement a narrative does not answer: reported apart from coverage. */
export interface SeparateRequirement {
  requirement_id: string;
  section: SectionCode;
  text: string;
  kind: Exclude<RequirementKind, 'content'>;
}

export interface DraftAnalysis {
  fit_score: number;
  /** Share (by weight) of the content requirements the draft answers; conflicts count as unanswered. */
  coverage_score: number;
  evidence_score: number;
  language_match_score: number;
  /** Content requirements the draft does not answer (deferred answers included), not conflicts. */
  missing_requirements: MissingRequirement[];
  /** Missing and weak answers, conflicts and failed format checks, each with a location. */
  suggestions: Suggestion[];
  /** One per requirement that some passage matches at all, in requirement order. */
  matches: RequirementMatch[];
  /** Requirements the draft contradicts: worse than missing, never credited. */
  conflicts: Conflict[];
  /** Possible contradictions below the rules' confidence: for a reviewer to confirm, not counted. */
  checks: Conflict[];
  /** Logistics, format and clause requirements, reported apart and not counted in coverage. */
  reported_separately: SeparateRequirement[];
  /** Section L format rules checked on the draft (page limits, fonts, volumes). */
  format_checks: FormatCheck[];
}

export interface ScoreOptions {
  /** Page and font facts when the draft is a PDF (see `extractPdfLayout`). */
  layout?: PdfLayout | null;
}

// Share of a requirement's weighted topic words that its answer, heading and section leave unsaid
// at or above which an answer counts as partial: half of what is asked is not there.
const PARTIAL_UNSAID = 0.5;

/** Coverage at or above which a requirement counts as answered. */
export const COVERED = 0.5;
/** Coverage below which an answered requirement still gets a suggestion. */
export const WEAK = 0.7;
// Share of a requirement's weighted terms a passage has to echo for full coverage: answers use
// their own words for part of what they address, and nobody repeats a whole requirement.
const SATURATION = 0.7;
// Evaluation statements in the Government's voice ("We will review …", "The Government will
// evaluate …", "We intend to select a vendor that …"), and what a whole-draft match of one is worth.
const EVALUATION_STATEMENT =
  /^(?:we|the government|the evaluators?|evaluators|the (?:technical )?evaluation (?:team|panel|board))\s+(?:will|shall|may|intends? to|also)\b/i;
const WHOLE_DRAFT = 0.85;
// A rule on the quotation as a whole: its information concise, specific, complete, clear.
const WHOLE_QUOTATION_QUALITY =
  /^(?:all\s+)?(?:the\s+)?(?:information|content|narrative|text)\s+(?:provided\s+|contained\s+|presented\s+)?in\s+(?:the|your|each)\s+(?:quotation|quote|proposal|response|offer|submission)s?\s+(?:must|shall|should)\s+be\s+(?:clear|concise|specific|complete|succinct|accurate)\b/i;
// Most sections a heading word may name to bring them in as candidates.
const HEADING_SECTIONS = 3;
// Weight of a requirement term the best window lacks but its section has.
const SECTION_CONTEXT = 1.0;
// A generic term ("submit", "offeror", "proposal") weighs this much of a topic term.
const GENERIC_WEIGHT = 0.3;
// BM25 parameters (the usual defaults) and how many of its top passages are re-scored in full.
const K1 = 1.2;
const B = 0.75;
const CANDIDATES = 8;
const EXCERPT = 240;

interface ReqInfo {
  req: Requirement;
  tokens: Token[];
  /** Distinct canonical terms with their weights (solicitation-wide distinctiveness). */
  terms: Map<string, number>;
  totalWeight: number;
  pairs: Set<string>;
  numbers: Set<string>;
  /** Terms that frame rather than say what is asked: generic words and the names every requirement
   * repeats ("DOL", "Web Application Tool"). Never "what is missing" on their own. */
  light: Set<string>;
  /** A concept's term → the words of its name with their weights: where the concept is not named,
   * those words said in other ways still earn their share ("quality process" for "quality control plan"). */
  covers: Map<string, Array<[string, number]>>;
}

interface Index {
  passages: Passage[];
  /** Every answering term of the draft, for evaluation statements read against the whole proposal. */
  wholeTerms: Set<string>;
  /** Substance of the draft as a whole (windows weighted by length). */
  wholeQuality: number;
  /** Share of the draft's words in windows that carry evidence (figures, dates, names, links). */
  wholeSpecific: number;
  /** Per window: the terms of its section's heading, and of its whole section (null outside sections). */
  headingTerms: Array<Set<string> | null>;
  sectionTerms: Array<Set<string> | null>;
  postings: Map<string, { docs: number[]; tfs: number[] }>;
  termSets: Set<string>[];
  pairSets: Set<string>[];
  numberSets: Set<string>[];
  stems: Set<string>;
  lengths: Float64Array;
  avgLength: number;
}

function buildIndex(passages: Passage[], titles: Map<number, string>): Index {
  const postings = new Map<string, { docs: number[]; tfs: number[] }>();
  const termSets: Set<string>[] = [];
  const pairSets: Set<string>[] = [];
  const numberSets: Set<string>[] = [];
  const stems = new Set<string>();
  const lengths = new Float64Array(passages.length);
  let total = 0;
  for (const p of passages) {
    const tf = new Map<string, number>();
    for (const t of p.analysed.tokens) {
      tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
      stems.add(t.stem);
    }
    // Deferred words are indexed so the promise can be found and reported, never counted as an answer.
    for (const term of p.deferredTerms ?? []) if (!tf.has(term)) tf.set(term, 1);
    for (const [term, n] of tf) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { docs: [], tfs: [] }));
      list.docs.push(p.index);
      list.tfs.push(n);
    }
    termSets.push(new Set(p.analysed.tokens.map((t) => t.term)));
    pairSets.push(pairs(p.analysed.tokens));
    numberSets.push(new Set(p.analysed.numbers));
    lengths[p.index] = p.analysed.tokens.length + (p.deferredTerms?.size ?? 0);
    total += lengths[p.index];
  }
  // A window is read in its section: its heading's words count as its own, and words said elsewhere
  // in the section count in part (SECTION_CONTEXT).
  const headingTerms: Array<Set<string> | null> = passages.map(() => null);
  const sectionTerms: Array<Set<string> | null> = passages.map(() => null);
  const sectionOf = new Map<number, Passage>();
  const headingCache = new Map<number, Set<string>>();
  for (const p of passages) if (p.kind === 'section') sectionOf.set(p.section, p);
  for (const p of passages) {
    if (p.kind !== 'window') continue;
    const s = sectionOf.get(p.section);
    if (!s) continue;
    sectionTerms[p.index] = termSets[s.index];
    let heading = headingCache.get(p.section);
    if (!heading) headingCache.set(p.section, (heading = new Set(analyse(titles.get(p.section) ?? '').tokens.map((t) => t.term))));
    headingTerms[p.index] = heading;
  }
  const wholeTerms = new Set<string>();
  let words = 0;
  let weighted = 0;
  let specific = 0;
  for (const p of passages) {
    if (p.kind !== 'window') continue;
    for (const t of termSets[p.index]) wholeTerms.add(t);
    words += p.analysed.wordCount;
    weighted += p.quality * p.analysed.wordCount;
    if (p.evidence.length) specific += p.analysed.wordCount;
  }
  const wholeQuality = words ? weighted / words : 0;
  const wholeSpecific = words ? specific / words : 0;
  return {
    passages,
    wholeTerms,
    wholeQuality,
    wholeSpecific,
    headingTerms,
    sectionTerms,
    postings,
    termSets,
    pairSets,
    numberSets,
    stems,
    lengths,
    avgLength: passages.length ? total / passages.length : 0,
  };
}

// Capitalised words inside a sentence (not its first word) and acronyms: names of the agency, its
// offices, the program and the product.
const NAME_WORD = /(?<![.:!?]\s|^)\b([A-Z][A-Za-z0-9]+|[A-Z]{2,}\d*)\b/g;

/**
 * Terms used as names in many requirements ("DOL", "WHD", "Web Application Tool", "Key
 * Personnel"): every requirement and every answer repeats them, so they say little about what a
 * requirement asks and weigh like generic words. A name in a few requirements ("DB2", "FedRAMP")
 * keeps its full weight.
 */
export function recurringNames(requirements: Requirement[]): Set<string> {
  const count = new Map<string, number>();
  for (const req of requirements) {
    const seen = new Set<string>();
    NAME_WORD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = NAME_WORD.exec(req.text)) !== null) {
      for (const t of analyse(m[1]).tokens) seen.add(t.term);
    }
    for (const t of seen) count.set(t, (count.get(t) ?? 0) + 1);
  }
  const min = Math.max(4, Math.round(requirements.length * 0.04));
  return new Set([...count].filter(([, n]) => n >= min).map(([t]) => t));
}

// The verb after a modal ("must establish", "shall work with", "to ensure") or an imperative's
// first word ("Create functions …"), and one joined to it ("create and execute"): what to do,
// while its object is what the requirement is about, and answers describe the object in their
// own verbs ("we set a performance budget" answers "must establish … a performance budget").
const ACTION = /\b(?:must|shall|will|should|may|can|to|please)\s+(?:not\s+)?(?:\w+ly\s+)?([a-z]+)(?:\s*,?\s*(?:and|or)\s+([a-z]+))?/gi;
const ACTION_WEIGHT = 0.5;

function actionTerms(text: string): Set<string> {
  const out = new Set<string>();
  const add = (w: string | undefined) => {
    if (!w) return;
    for (const t of analyse(w).tokens) out.add(t.term);
  };
  ACTION.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ACTION.exec(text)) !== null) {
    add(m[1]);
    add(m[2]);
  }
  const first = /^\s*(?:[-•*]\s*)?([A-Za-z]+)(?:\s*,?\s*(?:and|or)\s+([a-z]+))?/.exec(text);
  if (first && IMPERATIVE_VERBS.has(first[1].toLowerCase())) {
    add(first[1]);
    add(first[2]);
  }
  return out;
}

// An aside after a dash or semicolon in which the Government speaks of itself ("… must attend the
// session - the Government is most interested in hearing from …") explains, and asks nothing.
const GOVERNMENT_ASIDE = /\s(?:[-–—]|;)\s+(?:the government|we|the agency|evaluators?)\b.*$/i;

// Contract boilerplate that qualifies every obligation alike and asks nothing of its own.
const BOILERPLATE =
  /\b(?:in effect|current|applicable) (?:as of|on|at) the (?:date|time) of (?:contract )?award\b|\b(?:delivered|provided|developed|produced|performed) under this (?:order|contract|task order|call order|agreement|effort)\b|\bat no (?:additional )?cost to the government\b|\bthroughout the (?:period|life) of (?:performance|the contract)\b/gi;

/** The part of a requirement's text that says what is asked. */
const askedText = (text: string) => text.replace(GOVERNMENT_ASIDE, '').replace(BOILERPLATE, ' ');

function analyseRequirements(requirements: Requirement[]): ReqInfo[] {
  const analysed = requirements.map((req) => analyse(askedText(req.text)));
  // Requirement-side document frequency: a term in one requirement out of 400 ("FedRAMP") says more
  // about what that requirement asks than one in half of them ("system").
  const df = new Map<string, number>();
  for (const a of analysed) for (const term of new Set(a.tokens.map((t) => t.term))) df.set(term, (df.get(term) ?? 0) + 1);
  const names = recurringNames(requirements);
  const R = requirements.length;
  return requirements.map((req, i) => {
    const a = analysed[i];
    const terms = new Map<string, number>();
    const actions = actionTerms(askedText(req.text));
    let totalWeight = 0;
    const covers = new Map<string, Array<[string, number]>>();
    const weightOf = (term: string) =>
      (1 + 0.5 * Math.log(R / (df.get(term) ?? 1))) *
      (isGeneric(term) || names.has(term) ? GENERIC_WEIGHT : actions.has(term) ? ACTION_WEIGHT : 1);
    for (const t of a.tokens) {
      // The concept's own term stands for the words of its name ("documented inline" answered by
      // "TSDoc"), and weighs at least what they would: naming it is as much of the ask as before.
      if (terms.has(t.term) || t.inConcept) continue;
      const parts = (t.covers ?? []).map((c): [string, number] => [c, weightOf(c)]);
      const w = Math.max(
        weightOf(t.term),
        parts.reduce((sum, [, cw]) => sum + cw, 0),
      );
      if (parts.length) covers.set(t.term, parts);
      terms.set(t.term, w);
      totalWeight += w;
    }
    const light = new Set([...terms.keys()].filter((t) => isGeneric(t) || names.has(t)));
    return { req, tokens: a.tokens, terms, totalWeight, pairs: pairs(a.tokens), numbers: new Set(a.numbers), light, covers };
  });
}

/**
 * 0-1 coverage of one requirement by one passage: weighted term recall with phrase and number
 * overlap, saturating, times the passage's substance. `extra` adds terms (a deferral's) to see
 * what the passage would cover if its promises counted.
 */
function coverageOf(info: ReqInfo, index: Index, p: number, extra?: Set<string> | null, wordsOnly = false): number {
  if (!info.totalWeight) return 0;
  const termSet = index.termSets[p];
  const heading = index.headingTerms[p];
  const around = index.sectionTerms[p];
  let hit = 0;
  const has = (term: string) => termSet.has(term) || heading?.has(term) || extra?.has(term);
  for (const [term, w] of info.terms) {
    if (has(term)) hit += w;
    // Said elsewhere in the same section: related, but not where the answer is.
    else if (around?.has(term)) hit += w * SECTION_CONTEXT;
    else {
      // A concept not named: the words of its name, said here, earn their share.
      for (const [part, pw] of info.covers.get(term) ?? []) if (has(part) || around?.has(part)) hit += pw;
    }
  }
  let raw = hit / info.totalWeight;
  if (info.pairs.size) {
    // Phrases: "transition plan" echoed as a phrase is stronger than its two words apart.
    const pairSet = index.pairSets[p];
    let n = 0;
    for (const k of info.pairs) if (pairSet.has(k)) n += 1;
    raw = 0.8 * raw + 0.2 * (n / info.pairs.size);
  }
  if (info.numbers.size) {
    // Numbers: "within 30 days" answered with "30 days".
    const numberSet = index.numberSets[p];
    let n = 0;
    for (const k of info.numbers) if (numberSet.has(k)) n += 1;
    raw = 0.9 * raw + 0.1 * (n / info.numbers.size);
  }
  // A passage made only of promises has no substance of its own; judge the promise as prose.
  const quality = (extra && !index.passages[p].analysed.wordCount) || wordsOnly ? 1 : index.passages[p].quality;
  return Math.min(1, raw / SATURATION) * quality;
}

/** The passages BM25 ranks highest for a requirement, best first, ties by position. */
function candidates(info: ReqInfo, index: Index, scores: Float64Array, touched: number[]): number[] {
  const N = index.passages.length;
  touched.length = 0;
  for (const term of info.terms.keys()) {
    const list = index.postings.get(term);
    if (!list) continue;
    const idf = Math.log(1 + (N - list.docs.length + 0.5) / (list.docs.length + 0.5));
    for (let i = 0; i < list.docs.length; i++) {
      const d = list.docs[i];
      const tf = list.tfs[i];
      if (scores[d] === 0) touched.push(d);
      scores[d] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * index.lengths[d]) / index.avgLength)) + 1e-9;
    }
  }
  const top: number[] = [];
  for (const d of touched) {
    const s = scores[d];
    if (top.length === CANDIDATES && s <= scores[top[top.length - 1]]) continue;
    let at = top.length;
    while (at > 0 && (scores[top[at - 1]] < s || (scores[top[at - 1]] === s && top[at - 1] > d))) at -= 1;
    top.splice(at, 0, d);
    if (top.length > CANDIDATES) top.pop();
  }
  for (const d of touched) scores[d] = 0;
  return top;
}

// ---------------------------------------------------------------------------------------------
// Solicitation key terms, for language match

/** The solicitation's key stems: topic words found across the most (and heaviest) requirements. */
function keyTerms(infos: ReqInfo[]): Map<string, number> {
  const score = new Map<string, number>();
  for (const info of infos) {
    const seen = new Set<string>();
    for (const t of info.tokens) {
      if (seen.has(t.stem) || isGeneric(t.term)) continue;
      seen.add(t.stem);
      score.set(t.stem, (score.get(t.stem) ?? 0) + info.req.weight);
    }
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const k = Math.min(ranked.length, Math.max(5, Math.min(40, Math.round(ranked.length * 0.25))));
  return new Map(ranked.slice(0, k));
}

// ---------------------------------------------------------------------------------------------
// Suggestions

function excerpt(text: string, max = EXCERPT): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}

/**
 * Partial: the answer leaves out half of what is asked, or one clause of it, and that part can be
 * named in the requirement's words. Unsaid words scattered over clauses each mostly answered are
 * the writer's own wording, not a gap a writer could act on.
 */
function leftOut(info: ReqInfo, index: Index, best: number): boolean {
  if (best < 0) return false;
  if (unsaidShare(info, index, best) < PARTIAL_UNSAID && !unsaidClause(info, index, best)) return false;
  return missingClause(info, [index.termSets[best], index.headingTerms[best], index.sectionTerms[best]]) !== null;
}

/** Share of the requirement's weighted topic words (generic words left out) its answer does not say. */
function unsaidShare(info: ReqInfo, index: Index, best: number): number {
  if (best < 0) return 1;
  const present = [index.termSets[best], index.headingTerms[best], index.sectionTerms[best]];
  let total = 0;
  let unsaid = 0;
  for (const [term, w] of info.terms) {
    if (info.light.has(term)) continue;
    total += w;
    if (!present.some((set) => set?.has(term))) unsaid += w;
  }
  return total ? unsaid / total : 0;
}

// Clauses of a requirement for "is one part of it left out": cut at punctuation, not at every "and"
// ("recruit and retain qualified staff" is one thing asked).
const PART_BREAK = /\s*(?:[;:|]|,\s+(?:and|or|including|such as|as well as)?\s*)\s*/i;

/**
 * One clause of the requirement the answer leaves out: at least two of its topic words and two
 * thirds of its weight unsaid ("… and describes how the Offeror will recruit and retain qualified
 * staff" under a staffing plan that names positions only).
 */
function unsaidClause(info: ReqInfo, index: Index, best: number): boolean {
  if (best < 0) return false;
  const present = [index.termSets[best], index.headingTerms[best], index.sectionTerms[best]];
  const parts = askedText(info.req.text).split(PART_BREAK);
  // A one-clause requirement is judged as a whole (unsaidShare).
  const clauses =
    parts.length > 1 ? parts : askedText(info.req.text).split(/\s+(?:and describes?|and explains?|and how|and what|and why)\s+/i);
  if (clauses.length < 2) return false;
  return clauses.some((clause) => {
    let total = 0;
    let unsaid = 0;
    let n = 0;
    for (const t of new Set(analyse(clause).tokens.map((x) => x.term))) {
      if (isGeneric(t) || info.light.has(t)) continue;
      const w = info.terms.get(t) ?? 0;
      total += w;
      if (!present.some((set) => set?.has(t))) {
        unsaid += w;
        n += 1;
      }
    }
    return n >= 2 && total > 0 && unsaid / total >= 2 / 3;
  });
}

const VOLUME_REF =
  /\b(?:volume\s+([ivx]+|\d+)\b|(technical|management|price|cost|past performance|business)\s+(?:volume|proposal|quote|quotation)\b)/i;

/** Where a requirement with no related passage belongs: the closest heading, a named volume, or new. */
/** Heading terms → headings that have them, built once per draft. */
type HeadingIndex = { headings: DraftHeading[]; byTerm: Map<string, number[]> };

function headingIndex(headings: DraftHeading[]): HeadingIndex {
  const byTerm = new Map<string, number[]>();
  headings.forEach((h, i) => {
    for (const t of new Set(h.analysed.tokens.map((x) => x.term))) {
      if (isGeneric(t)) continue;
      let list = byTerm.get(t);
      if (!list) byTerm.set(t, (list = []));
      list.push(i);
    }
  });
  return { headings, byTerm };
}

function placeFor(info: ReqInfo, index: HeadingIndex): string {
  const hits = new Map<number, number>();
  for (const [term, w] of info.terms) for (const i of index.byTerm.get(term) ?? []) hits.set(i, (hits.get(i) ?? 0) + w);
  let best: DraftHeading | null = null;
  let bestHit = 0;
  for (const [i, hit] of [...hits].sort((a, b) => a[0] - b[0])) {
    if (hit > bestHit) {
      bestHit = hit;
      best = index.headings[i];
    }
  }
  if (best) return best.location;
  const m = VOLUME_REF.exec(info.req.text);
  if (m) return m[1] ? `Volume ${m[1].toUpperCase()}` : `${m[2][0].toUpperCase()}${m[2].slice(1).toLowerCase()} Volume`;
  return 'New section';
}

function quoteOf(req: Requirement): string {
  return `“${excerpt(req.text, 90)}”`;
}

interface Outcome {
  best: number;
  score: number;
  /** The draft's answer before conflicts: deferred is an answer only promised for later. */
  status: 'addressed' | 'missing' | 'deferred';
  /** Answer types the requirement asks for that the best passage lacks. */
  lacking: AnswerType[];
  /** The score comes from the items under a lead-in or the paragraph a requirement refers to. */
  borrowed?: boolean;
  /** Judged on the whole draft (an evaluation statement, a rule on the whole quotation): no one
   * passage is its answer, so no clause of it is "left out" of one. */
  whole?: boolean;
}

// A lead-in: ends with a colon, or announces what follows ("… are necessary (as detailed at …)").
const LEAD_IN = /:\s*$|\bthe following\b/i;
// Items under a lead-in: short lines, or lines without a closing full stop.
const MAX_ITEMS = 15;
const isItem = (text: string) => !/[.!?]["”’)]*\s*$/.test(text.trim()) || text.split(/\s+/).length <= 12;

// A lead-in that announces the subsections after it ("… the user needs described in the following
// subsections"), at the top of a numbered part ("2.0", "2"): the part's subsections are its items.
const SUBSECTIONS_LEAD_IN = /\bthe following (?:sub-?sections|sections|paragraphs|tasks|deliverables|services|subparagraphs)\b/i;
const PART_TOP = /^(\d+)(?:\.0)?$/;

/** The requirements listed under a lead-in requirement: following items until the next lead-in. */
function leadInItems(requirements: Requirement[], kinds: RequirementKind[], i: number): number[] {
  const req = requirements[i];
  if (!LEAD_IN.test(req.text)) return [];
  const out: number[] = [];
  for (let j = i + 1; j < requirements.length && out.length < MAX_ITEMS; j++) {
    const next = requirements[j];
    if (next.section !== req.section || /:\s*$/.test(next.text) || !isItem(next.text)) break;
    if (kinds[j] === 'content') out.push(j);
  }
  if (out.length || !SUBSECTIONS_LEAD_IN.test(req.text)) return out;
  // No items of its own: a part's top paragraph answered by the part's subsections (2.1, 2.2 …).
  const top = PART_TOP.exec(paragraphOf(req.requirement_id) ?? '');
  if (!top) return out;
  requirements.forEach((r, j) => {
    const p = paragraphOf(r.requirement_id);
    if (j !== i && kinds[j] === 'content' && r.section === req.section && p && p.startsWith(`${top[1]}.`) && !PART_TOP.test(p)) out.push(j);
  });
  return out;
}

/** Content requirements of the paragraphs a requirement refers to ("outlined in section 2.2"). */
function referencedRequirements(requirements: Requirement[], kinds: RequirementKind[], i: number): number[] {
  const refs = new Set(referencedParagraphs(requirements[i].text));
  if (!refs.size) return [];
  const out: number[] = [];
  requirements.forEach((r, j) => {
    const p = paragraphOf(r.requirement_id);
    if (j !== i && kinds[j] === 'content' && p && refs.has(p)) out.push(j);
  });
  return out;
}

// Where a requirement's clauses part: what one of them asks can be missing while another is answered.
const CLAUSE_BREAK = /\s*(?:[;:|]|,\s+(?:and|or|including|such as|as well as)\s+|,\s+|\s+(?:and|as well as|by|so that|in order to)\s+)\s*/i;
const LEADING_SUBJECT =
  /^(?:(?:the\s+)?(?:vendor|contractor|offeror|quoter|offerors|vendors)(?:['’]s)?\s+(?:must|shall|will|should|is required to|are required to)\s+)/i;

/**
 * What is missing, in the requirement's own words: the clause of the requirement whose topic words
 * the answer (and its section) does not say, heaviest first — "work with DOL WHD's security team
 * to achieve an Authority to Operate", never a list of loose words. Null when every clause is said.
 */
function missingClause(info: ReqInfo, present: Array<Set<string> | null>): string | null {
  const asked = askedText(info.req.text).replace(LEADING_SUBJECT, '').trim();
  let best: string | null = null;
  let bestWeight = 0;
  for (const part of asked.split(CLAUSE_BREAK)) {
    const clause = part.replace(/^[\s(“"'-]+|[\s)”".,:;-]+$/g, '');
    if (clause.split(/\s+/).length < 2) continue;
    let w = 0;
    for (const t of new Set(analyse(clause).tokens.map((x) => x.term))) {
      if (isGeneric(t) || info.light.has(t) || present.some((set) => set?.has(t))) continue;
      w += info.terms.get(t) ?? 0;
    }
    if (w > bestWeight + 1e-9) {
      bestWeight = w;
      best = clause;
    }
  }
  // The whole requirement again says nothing new: the caller words that case itself.
  if (!best || best.length >= 0.8 * asked.length) return null;
  return `“${excerpt(best, 120)}”`;
}

function suggestionFor(info: ReqInfo, index: Index, outcome: Outcome, headings: HeadingIndex): Suggestion {
  const { best, score } = outcome;
  const id = info.req.requirement_id;
  // A passage this weakly related is not where the answer goes; a heading or a new section is.
  // Related is judged on the words alone: a keyword list is where its rewrite goes.
  const related = best >= 0 && (coverageOf(info, index, best, null, true) >= 0.35 || outcome.status === 'deferred');
  const location_hint = related ? index.passages[best].location : placeFor(info, headings);
  const where = location_hint === 'New section' ? 'in a new section' : `under ${location_hint}`;
  const label = `${id} (${info.req.section === 'M' ? 'evaluation factor, ' : ''}${info.req.must_or_should}${info.req.page ? `, RFP page ${info.req.page}` : ''})`;
  if (outcome.whole && outcome.best < 0) {
    return {
      requirement_id: id,
      location_hint: 'Whole draft',
      suggestion: `Make the whole draft meet ${label} ${quoteOf(info.req)}: only ${Math.round(100 * score)}% of its text carries figures, dates, names or links an evaluator can check; replace claims with them.`,
    };
  }
  if (outcome.status === 'deferred') {
    return {
      requirement_id: id,
      location_hint,
      suggestion: `Give the answer to ${label} ${quoteOf(info.req)} ${where} now: the draft only promises it for later (on request or after award), which evaluators score as not addressed.`,
    };
  }
  // What the section around the answer already says does not need adding again.
  const clause = missingClause(info, related ? [index.termSets[best], index.headingTerms[best], index.sectionTerms[best]] : []);
  const types = outcome.lacking.length ? describeTypes(outcome.lacking) : '';
  if (score < COVERED) {
    if (related && index.passages[best].quality < 0.5 && !clause) {
      return {
        requirement_id: id,
        location_hint,
        suggestion: `Rewrite the text ${where} as full sentences that say how you will meet ${label} ${quoteOf(info.req)} and what results you have achieved, instead of listing its keywords.`,
      };
    }
    const what = [clause ? `does not yet cover ${clause}` : null, types ? `does not give ${types}` : null].filter(Boolean).join(' and ');
    return {
      requirement_id: id,
      location_hint,
      suggestion: `Answer ${label} ${quoteOf(info.req)} ${where}: the draft ${what || 'does not say how you will do this'}.`,
    };
  }
  // Partial: answered below WEAK, or without the names, links or figures it asks for.
  const what = [clause ? `what it asks in ${clause}` : null, types ? `${types}, which it asks for` : null].filter(Boolean).join(' and ');
  return {
    requirement_id: id,
    location_hint,
    suggestion: `Complete the answer to ${label} ${quoteOf(info.req)} ${where}: add ${what || 'how you will do this, in your own words and with specifics (names, figures, dates)'}.`,
  };
}

/** One action per gap: the most severe finding of a requirement, ranked for a proposal manager. */
interface Gap {
  req: Requirement;
  suggestion: Suggestion;
  /** 0 conflict, 1 check, 2 failed format check, 3 missing, 4 partial. */
  severity: number;
  /** Topic terms of a missing or partial answer, to merge gaps on one topic. */
  topic?: Set<string>;
}

// Share of topic terms two gaps have in common (Jaccard) at which, answered in the same place,
// they are one topic: one suggestion names both ("transition plan" twice under "Transition").
const SAME_TOPIC = 0.3;

function sameTopic(a: Set<string>, b: Set<string>): boolean {
  let common = 0;
  for (const t of a) if (b.has(t)) common += 1;
  const union = a.size + b.size - common;
  return union > 0 && common / union >= SAME_TOPIC;
}

/**
 * Missing and partial answers that go in one place and share their topic become one suggestion,
 * led by the higher-ranked one, naming the others with their words: one action for a writer.
 */
function mergeTopics(ranked: Gap[]): Suggestion[] {
  const out: Array<{ lead: Gap; also: Gap[] }> = [];
  for (const g of ranked) {
    const host = g.topic
      ? out.find(
          (o) =>
            o.lead.topic &&
            o.lead.suggestion.location_hint === g.suggestion.location_hint &&
            [o.lead, ...o.also].some((x) => sameTopic(x.topic!, g.topic!)),
        )
      : undefined;
    if (host) host.also.push(g);
    else out.push({ lead: g, also: [] });
  }
  return out.map(({ lead, also }) => {
    if (!also.length) return lead.suggestion;
    const others = also.map((g) => `${g.req.requirement_id} ${quoteOf(g.req)}`).join('; ');
    return {
      ...lead.suggestion,
      suggestion: `${lead.suggestion.suggestion} Answer there as well ${others}.`,
      requirement_ids: [lead.req.requirement_id, ...also.map((g) => g.req.requirement_id)],
    };
  });
}

/**
 * Suggestions ranked the way evaluators score: Section M factors first, then musts, then by weight,
 * then the more severe finding (a conflict before a gap), then solicitation order; one per
 * requirement.
 */
function rankGaps(gaps: Gap[]): Suggestion[] {
  const byReq = new Map<string, Gap & { order: number }>();
  gaps.forEach((g, order) => {
    const seen = byReq.get(g.req.requirement_id);
    if (!seen || g.severity < seen.severity) byReq.set(g.req.requirement_id, { ...g, order: seen?.order ?? order });
  });
  const rank = (g: Gap) => [g.req.section === 'M' ? 0 : 1, g.req.must_or_should === 'must' ? 0 : 1, -Math.max(0, g.req.weight), g.severity];
  const ranked = [...byReq.values()].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return a.order - b.order;
  });
  return mergeTopics(ranked);
}

function checkSuggestion(c: Conflict): Suggestion {
  return {
    requirement_id: c.requirement_id,
    location_hint: c.location_hint,
    suggestion: `Check ${c.location_hint} against ${c.requirement_id}: the solicitation says “${c.clause}” and the draft says “${excerpt(c.passage, 160)}”. ${c.reason} A reviewer should confirm whether they contradict.`,
  };
}

function conflictSuggestion(c: Conflict): Suggestion {
  return {
    requirement_id: c.requirement_id,
    location_hint: c.location_hint,
    suggestion: `Resolve the conflict with ${c.requirement_id} under ${c.location_hint}: the solicitation says “${c.clause}”, the draft says “${excerpt(c.passage, 160)}”. ${c.reason} Evaluators can rate this non-compliant, which is worse than leaving it out.`,
  };
}

// ---------------------------------------------------------------------------------------------

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100);

/** How much an unanswered requirement costs the fit: musts over shoulds, evaluation factors most. */
function fitWeight(req: Requirement): number {
  return Math.max(0.5, req.weight) * (req.must_or_should === 'must' ? 1 : 0.6) * (req.section === 'M' ? 1.5 : 1);
}

// Credit lost when a requirement asks for names, hours, links, prices or an attachment and the
// answering passage has none of them: the topic is touched, the answer is not given.
const LACKING_TYPE = 0.6;
// A conflict takes this share of its weight off the fit on top of earning nothing: worse than missing.
const CONFLICT_PENALTY = 0.5;

/** The best passage for one requirement: BM25 candidates and the sections around them, re-scored in full. */
function bestPassage(info: ReqInfo, index: Index, sections: SectionLookup, scores: Float64Array, touched: number[]): Outcome {
  const { sectionPassage, byHeadingTerm } = sections;
  const pool = candidates(info, index, scores, touched);
  for (const p of [...pool]) {
    const sp = sectionPassage.get(index.passages[p].section);
    if (sp !== undefined && !pool.includes(sp)) pool.push(sp);
  }
  // Sections whose heading names the requirement's topic ("Team Composition" for "Composition of
  // the team"), however long they are.
  for (const term of info.terms.keys()) {
    const list = byHeadingTerm.get(term);
    // A heading word shared by many sections ("support" in every "… Support" heading) names none.
    if (!list || list.length > HEADING_SECTIONS || isGeneric(term)) continue;
    for (const sp of list) if (!pool.includes(sp)) pool.push(sp);
  }
  // A whole section is judged through its windows, each read with its heading and section around it.
  const windows: number[] = [];
  const seen = new Set<number>();
  for (const p of pool) {
    const list =
      index.passages[p].kind === 'section' ? (sections.sectionWindows.get(index.passages[p].section) ?? []).map((w) => w.index) : [p];
    for (const w of list) {
      if (seen.has(w)) continue;
      seen.add(w);
      windows.push(w);
    }
  }
  let best = -1;
  let bestScore = 0;
  for (const p of windows) {
    const c = coverageOf(info, index, p);
    if (c > bestScore + 1e-9) {
      bestScore = c;
      best = p;
    }
  }
  // Deferred: what would be covered if the passage's promises counted, and is not without them.
  let deferredBest = -1;
  let deferredScore = 0;
  for (const p of windows) {
    const extra = index.passages[p].deferredTerms;
    if (!extra) continue;
    const c = coverageOf(info, index, p, extra);
    if (c > deferredScore) {
      deferredScore = c;
      deferredBest = p;
    }
  }
  // "We will review the vendor's website, GitHub profiles, example projects and resumes": the
  // evaluators read the whole proposal for it, so it is judged against the whole draft, discounted
  // for being spread out.
  // "Information provided in the quotation must be concise, specific, and complete": a quality of
  // the whole quotation, not a topic. Specific is read as checkable: the share of the draft's text
  // whose paragraph carries figures, dates, names or links (so it is met when at least half does).
  let whole = false;
  // Only so: a draft that calls itself "concise and specific" has not met it by saying so.
  if (WHOLE_QUOTATION_QUALITY.test(info.req.text)) {
    bestScore = index.wholeSpecific;
    best = -1;
    whole = true;
  }
  if (EVALUATION_STATEMENT.test(info.req.text) && info.req.section === 'M') {
    let hit = 0;
    for (const [term, w] of info.terms) if (index.wholeTerms.has(term)) hit += w;
    const overall = Math.min(1, hit / info.totalWeight / SATURATION) * index.wholeQuality * WHOLE_DRAFT;
    if (overall > bestScore) {
      bestScore = overall;
      whole = true;
    }
  }
  const outcome: Outcome = {
    best,
    score: bestScore,
    status: bestScore >= COVERED ? 'addressed' : 'missing',
    lacking: [],
    ...(whole ? { whole } : {}),
  };
  if (bestScore < COVERED && deferredScore >= COVERED) return { best: deferredBest, score: bestScore, status: 'deferred', lacking: [] };
  if (best >= 0) {
    const types = requestedTypes(info.req);
    if (types.length) {
      const p = index.passages[best];
      const around = p.kind === 'window' ? sectionPassage.get(p.section) : undefined;
      const text = `${p.analysed.wordCount ? answeringText(p) : ''} ${around !== undefined ? answeringText(index.passages[around]) : ''}`;
      outcome.lacking = types.filter((t) => !carries(t, text, sections.firstNames));
      if (outcome.lacking.length) {
        // Partial at best: the topic is touched, the answer asked for is not given.
        outcome.score = Math.min(bestScore * LACKING_TYPE, COVERED - 0.01);
        outcome.status = outcome.score >= COVERED ? 'addressed' : 'missing';
        // The names (links, hours …) asked for are promised for later right there: a deferral.
        const promised = p.deferredTerms ?? (around !== undefined ? index.passages[around].deferredTerms : null);
        if (outcome.status === 'missing' && promised && [...info.terms.keys()].some((t) => !isGeneric(t) && promised.has(t)))
          outcome.status = 'deferred';
      }
    }
  }
  return outcome;
}

interface SectionLookup {
  /** Section index → its whole-section passage. */
  sectionPassage: Map<number, number>;
  /** Section index → its windows, in order. */
  sectionWindows: Map<number, Passage[]>;
  /** Canonical heading term → whole-section passages whose heading has it. */
  byHeadingTerm: Map<string, number[]>;
  /** First names of the people the draft names in full. */
  firstNames: Set<string>;
}

/** The text of a passage that answers (deferral sentences left out). */
function answeringText(p: Passage): string {
  return p.answering;
}

/**
 * Scores a proposal draft against a solicitation's requirements. Requirements a narrative can
 * answer (content) are matched to the draft's passages and sections (BM25 candidates re-scored by
 * weighted term recall, phrase and number overlap, times substance; the answer type each asks for
 * checked; promises for later not counted), then coverage, evidence, language match and fit out of
 * 100. Contradictions of explicit constraints are listed as conflicts, worse than missing.
 * Logistics, format and clause requirements are reported apart, and the format rules are checked
 * on the draft itself (pages and fonts when `options.layout` is given). Deterministic.
 */
export function scoreDraft(requirements: Requirement[], draft: string | PageText[], options: ScoreOptions = {}): DraftAnalysis {
  // Evidence that only repeats the solicitation ("support DOL in obtaining the ATO") is no evidence.
  const solicitation = requirements.map((r) => r.text.toLowerCase()).join('\n');
  const split = splitDraft(draft, (match) => solicitation.includes(match.toLowerCase()));
  const { passages, headings } = split;
  const titles = new Map<number, string>();
  split.sections.forEach((sec, i) => {
    if (sec.title) titles.set(i, sec.title);
  });
  const index = buildIndex(passages, titles);
  const infos = analyseRequirements(requirements);
  const scores = new Float64Array(passages.length);
  const touched: number[] = [];
  const sectionPassage = new Map<number, number>();
  const sectionWindows = new Map<number, Passage[]>();
  for (const p of passages) {
    if (p.kind === 'section') sectionPassage.set(p.section, p.index);
    else {
      let list = sectionWindows.get(p.section);
      if (!list) sectionWindows.set(p.section, (list = []));
      list.push(p);
    }
  }
  const byHeadingTerm = new Map<string, number[]>();
  split.sections.forEach((s, i) => {
    const sp = sectionPassage.get(i);
    if (sp === undefined || !s.title) return;
    for (const t of new Set(analyse(s.title).tokens.map((x) => x.term))) {
      if (isGeneric(t)) continue;
      let list = byHeadingTerm.get(t);
      if (!list) byHeadingTerm.set(t, (list = []));
      list.push(sp);
    }
  });
  const firstNames = new Set<string>();
  for (const sentence of split.sentences) for (const n of personNames(sentence.text)) firstNames.add(n.split(' ')[0]);
  const lookup: SectionLookup = { sectionPassage, sectionWindows, byHeadingTerm, firstNames };
  const headingLookup = headingIndex(headings);

  const kinds = requirements.map((r) => requirementKind(r));
  const content = requirements.filter((_, i) => kinds[i] === 'content');
  const reported_separately: SeparateRequirement[] = [];
  requirements.forEach((r, i) => {
    const kind = kinds[i];
    if (kind !== 'content') reported_separately.push({ requirement_id: r.requirement_id, section: r.section, text: r.text, kind });
  });
  // How many requirements use each term: the conflict rules' measure of a distinctive topic word.
  const docTerms = new Map<string, number>();
  for (const info of infos) for (const term of info.terms.keys()) docTerms.set(term, (docTerms.get(term) ?? 0) + 1);
  const findings = passages.length ? findConflicts(content, split, docTerms) : [];
  const conflicts = findings.filter((c) => c.severity === 'conflict');
  const checks = findings.filter((c) => c.severity === 'check');
  const conflicted = new Set(conflicts.map((c) => c.requirement_id));
  const checked = new Set(checks.map((c) => c.requirement_id));

  const matches: RequirementMatch[] = [];
  const missing_requirements: MissingRequirement[] = [];
  const gaps: Gap[] = [];
  const answeredWithEvidence: boolean[] = [];
  let coveredWeight = 0;
  let totalWeight = 0;
  let fitCovered = 0;
  let fitTotal = 0;

  // First pass: each requirement on its own.
  const outcomes = infos.map((info) => bestPassage(info, index, lookup, scores, touched));
  // Second pass: a lead-in ("… the following:") is answered as well as the items under it, and a
  // requirement that refers to a paragraph ("the languages outlined in section 2.2") as well as
  // that paragraph's requirements — where the draft answers them better than the words alone show.
  const own = outcomes.map((o, i) =>
    kinds[i] !== 'content' || conflicted.has(requirements[i].requirement_id) || o.status === 'deferred' ? 0 : o.score,
  );
  infos.forEach((info, i) => {
    const o = outcomes[i];
    if (kinds[i] !== 'content' || conflicted.has(info.req.requirement_id) || o.status === 'deferred') return;
    const items = leadInItems(requirements, kinds, i);
    const related = [...items, ...referencedRequirements(requirements, kinds, i)];
    if (!related.length) return;
    const borrowed = related.reduce((sum, j) => sum + own[j], 0) / related.length;
    // An answered lead-in whose items are answered is judged by them: its own words frame the list.
    if (o.score >= COVERED) {
      if (items.length && borrowed >= COVERED) o.borrowed = true;
      return;
    }
    if (borrowed > o.score) {
      o.score = borrowed;
      o.status = borrowed >= COVERED ? 'addressed' : 'missing';
      o.borrowed = true;
    }
  });

  infos.forEach((info, i) => {
    const { req } = info;
    const isContent = kinds[i] === 'content';
    const outcome = outcomes[i];
    const answered = outcome.status === 'addressed';
    const status: MatchStatus = !isContent
      ? 'not_applicable'
      : conflicted.has(req.requirement_id)
        ? 'conflict'
        : checked.has(req.requirement_id)
          ? 'check'
          : answered
            ? outcome.lacking.length || (!outcome.borrowed && !outcome.whole && leftOut(info, index, outcome.best))
              ? 'partial'
              : 'addressed'
            : 'missing';
    if (outcome.best >= 0) {
      const p = passages[outcome.best];
      // A conflict is not credited, whatever words it shares with the requirement.
      const score = status === 'conflict' ? 0 : outcome.score;
      matches.push({
        requirement_id: req.requirement_id,
        status,
        ...(outcome.status === 'deferred' ? { deferred: true } : {}),
        score: round3(score),
        passage: excerpt(shownText(p, sectionWindows, info, index)),
        page: p.page,
        location_hint: p.location,
      });
    }
    if (!isContent) return;
    const w = Math.max(0, req.weight);
    totalWeight += w;
    const fw = fitWeight(req);
    fitTotal += fw;
    if (status === 'conflict') {
      fitCovered -= fw * CONFLICT_PENALTY;
      gaps.push({ req, suggestion: conflictSuggestion(conflicts.find((c) => c.requirement_id === req.requirement_id)!), severity: 0 });
      return;
    }
    // A check is scored on what the draft says (a reviewer decides), and listed for review.
    if (status === 'check')
      gaps.push({ req, suggestion: checkSuggestion(checks.find((c) => c.requirement_id === req.requirement_id)!), severity: 1 });
    fitCovered += fw * (outcome.status === 'deferred' ? 0 : outcome.score);
    if (answered) {
      coveredWeight += w;
      if (outcome.best >= 0 && !outcome.borrowed) {
        // Evidence next to the answer: in its window, or elsewhere in the section an evaluator reads.
        const p = passages[outcome.best];
        const sp = lookup.sectionPassage.get(p.section);
        const key = sp ?? p.index;
        answeredWithEvidence.push(p.evidence.length > 0 || passages[key].evidence.length > 0);
      }
    } else {
      missing_requirements.push({ requirement_id: req.requirement_id, section: req.section, text: req.text });
    }
    // One suggestion per gap: a missing or partial answer. An answer at or above WEAK with what
    // it asks for is not a gap, whatever else could be polished.
    if (status === 'missing' || status === 'partial') {
      const topic = new Set([...info.terms.keys()].filter((t) => !info.light.has(t)));
      gaps.push({ req, suggestion: suggestionFor(info, index, outcome, headingLookup), severity: status === 'missing' ? 3 : 4, topic });
    }
  });

  const format_checks = checkFormat(requirements, split, { layout: options.layout ?? null });
  for (const c of format_checks) {
    const req = requirements.find((r) => r.requirement_id === c.requirement_id);
    if (c.status === 'failed' && req)
      gaps.push({
        req,
        suggestion: { requirement_id: c.requirement_id, location_hint: c.location_hint, suggestion: formatSuggestion(c) },
        severity: 2,
      });
  }
  const suggestions = rankGaps(gaps);

  const coverage = totalWeight ? coveredWeight / totalWeight : 0;
  // Evidence: of the answered requirements, the share whose answer an evaluator could check
  // (figures, dates, certifications, past performance, named people or links in its section).
  const evidence = answeredWithEvidence.length ? answeredWithEvidence.filter(Boolean).length / answeredWithEvidence.length : 0;
  // Language match: the solicitation's key terms (stems, not synonyms) the draft uses anywhere.
  const keys = keyTerms(infos.filter((_, i) => kinds[i] === 'content'));
  let keyTotal = 0;
  let keyHit = 0;
  for (const [s, w] of keys) {
    keyTotal += w;
    if (index.stems.has(s)) keyHit += w;
  }
  const language = keyTotal ? keyHit / keyTotal : 0;
  // Fit is led by weighted coverage; evidence and mirrored language lift it by up to 30%, and
  // neither can make up for requirements that are not answered.
  const weighted = fitTotal ? Math.max(0, fitCovered) / fitTotal : 0;
  const fit = weighted * (0.7 + 0.2 * evidence + 0.1 * language);

  return {
    fit_score: pct(fit),
    coverage_score: pct(coverage),
    evidence_score: pct(evidence),
    language_match_score: pct(language),
    missing_requirements,
    suggestions,
    matches,
    conflicts,
    checks,
    reported_separately,
    format_checks,
  };
}

/** What a match shows: for a whole section, its window that covers the requirement best. */
function shownText(p: Passage, windows: Map<number, Passage[]>, info: ReqInfo, index: Index): string {
  if (p.kind !== 'section') return p.text;
  let best: Passage | null = null;
  let bestScore = -1;
  for (const q of windows.get(p.section) ?? []) {
    const c = coverageOf(info, index, q.index);
    if (c > bestScore) {
      bestScore = c;
      best = q;
    }
  }
  return best?.text ?? p.text;
}
