import type { PageText, Requirement, SectionCode } from '../types';
import { splitDraft, type DraftHeading, type Passage } from './passages';
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
}

export interface RequirementMatch {
  requirement_id: string;
  /** 0-1 coverage of the requirement by its best passage (term recall, phrases, numbers, substance). */
  score: number;
  /** Short excerpt of the best passage. */
  passage: string;
  page: number | null;
  location_hint: string;
}

export interface DraftAnalysis {
  fit_score: number;
  coverage_score: number;
  evidence_score: number;
  language_match_score: number;
  missing_requirements: MissingRequirement[];
  suggestions: Suggestion[];
  /** One per requirement that some passage matches at all, in requirement order. */
  matches: RequirementMatch[];
}

/** Coverage at or above which a requirement counts as answered. */
export const COVERED = 0.5;
/** Coverage below which an answered requirement still gets a suggestion. */
export const WEAK = 0.7;
// Share of a requirement's weighted terms a passage has to echo for full coverage: answers use
// their own words for part of what they address, and nobody repeats a whole requirement.
const SATURATION = 0.7;
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
}

interface Index {
  passages: Passage[];
  postings: Map<string, { docs: number[]; tfs: number[] }>;
  termSets: Set<string>[];
  pairSets: Set<string>[];
  numberSets: Set<string>[];
  stems: Set<string>;
  lengths: Float64Array;
  avgLength: number;
}

function buildIndex(passages: Passage[]): Index {
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
    for (const [term, n] of tf) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { docs: [], tfs: [] }));
      list.docs.push(p.index);
      list.tfs.push(n);
    }
    termSets.push(new Set(tf.keys()));
    pairSets.push(pairs(p.analysed.tokens));
    numberSets.push(new Set(p.analysed.numbers));
    lengths[p.index] = p.analysed.tokens.length;
    total += p.analysed.tokens.length;
  }
  return { passages, postings, termSets, pairSets, numberSets, stems, lengths, avgLength: passages.length ? total / passages.length : 0 };
}

function analyseRequirements(requirements: Requirement[]): ReqInfo[] {
  const analysed = requirements.map((req) => analyse(req.text));
  // Requirement-side document frequency: a term in one requirement out of 400 ("FedRAMP") says more
  // about what that requirement asks than one in half of them ("system").
  const df = new Map<string, number>();
  for (const a of analysed) for (const term of new Set(a.tokens.map((t) => t.term))) df.set(term, (df.get(term) ?? 0) + 1);
  const R = requirements.length;
  return requirements.map((req, i) => {
    const a = analysed[i];
    const terms = new Map<string, number>();
    let totalWeight = 0;
    for (const t of a.tokens) {
      if (terms.has(t.term)) continue;
      const w = (1 + 0.5 * Math.log(R / df.get(t.term)!)) * (isGeneric(t.term) ? GENERIC_WEIGHT : 1);
      terms.set(t.term, w);
      totalWeight += w;
    }
    return { req, tokens: a.tokens, terms, totalWeight, pairs: pairs(a.tokens), numbers: new Set(a.numbers) };
  });
}

/** 0-1 coverage of one requirement by one passage, before and after the substance factor. */
function coverageOf(info: ReqInfo, index: Index, p: number): number {
  if (!info.totalWeight) return 0;
  const termSet = index.termSets[p];
  let hit = 0;
  for (const [term, w] of info.terms) if (termSet.has(term)) hit += w;
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
  return Math.min(1, raw / SATURATION) * index.passages[p].quality;
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

/** The requirement's own words for the terms a passage does not echo, heaviest first. */
function missingWords(info: ReqInfo, termSet: Set<string> | null, limit = 4): string[] {
  const words: Array<[string, number]> = [];
  const seen = new Set<string>();
  for (const t of info.tokens) {
    if (seen.has(t.term) || isGeneric(t.term) || termSet?.has(t.term)) continue;
    seen.add(t.term);
    words.push([t.word, info.terms.get(t.term)!]);
  }
  return words
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([w]) => w);
}

const VOLUME_REF = /\b(?:volume\s+([ivx]+|\d+)\b|(technical|management|price|cost|past performance|business)\s+(?:volume|proposal|quote|quotation)\b)/i;

/** Where a requirement with no related passage belongs: the closest heading, a named volume, or new. */
function placeFor(info: ReqInfo, headings: DraftHeading[]): string {
  let best: DraftHeading | null = null;
  let bestHit = 0;
  for (const h of headings) {
    const terms = new Set(h.analysed.tokens.map((t) => t.term));
    let hit = 0;
    for (const [term, w] of info.terms) if (terms.has(term) && !isGeneric(term)) hit += w;
    if (hit > bestHit) {
      bestHit = hit;
      best = h;
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

function suggestionFor(info: ReqInfo, index: Index, best: number, score: number, headings: DraftHeading[]): Suggestion {
  const id = info.req.requirement_id;
  // A passage this weakly related is not where the answer goes; a heading or a new section is.
  const related = best >= 0 && score >= 0.35;
  const location_hint = related ? index.passages[best].location : placeFor(info, headings);
  const where = location_hint === 'New section' ? 'in a new section' : `under ${location_hint}`;
  const missing = missingWords(info, related ? index.termSets[best] : null);
  const covering = missing.length ? `, covering ${missing.join(', ')}` : '';
  if (score < COVERED) {
    if (related && index.passages[best].quality < 0.5 && !missing.length) {
      return { requirement_id: id, location_hint, suggestion: `Rewrite the text ${where} as full sentences that say how you will meet ${id} (${quoteOf(info.req)}) and what results you have achieved, instead of listing its keywords.` };
    }
    return { requirement_id: id, location_hint, suggestion: `Add a paragraph ${where} that answers ${id} (${quoteOf(info.req)})${covering}.` };
  }
  const p = index.passages[best];
  const needsEvidence = p.evidence.length === 0;
  const parts: string[] = [];
  if (missing.length) parts.push(`address ${missing.join(', ')} explicitly`);
  if (needsEvidence) parts.push('back it with concrete evidence (figures, dates, contract numbers or certifications)');
  if (!parts.length) parts.push('expand it into a fuller explanation of how and with what results');
  return { requirement_id: id, location_hint, suggestion: `Strengthen the response to ${id} ${where}: ${parts.join(' and ')}.` };
}

// ---------------------------------------------------------------------------------------------

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100);

/** How much an unanswered requirement costs the fit: musts over shoulds, evaluation factors most. */
function fitWeight(req: Requirement): number {
  return Math.max(0.5, req.weight) * (req.must_or_should === 'must' ? 1 : 0.6) * (req.section === 'M' ? 1.5 : 1);
}

/**
 * Scores a proposal draft against a solicitation's requirements: per requirement the best passage
 * (BM25 candidates re-scored by weighted term recall, phrase and number overlap, times substance),
 * then coverage, evidence, language match and fit out of 100, the requirements left unanswered and
 * one suggestion per missing or weak requirement. Deterministic.
 */
export function scoreDraft(requirements: Requirement[], draft: string | PageText[]): DraftAnalysis {
  const { passages, headings } = splitDraft(draft);
  const index = buildIndex(passages);
  const infos = analyseRequirements(requirements);
  const scores = new Float64Array(passages.length);
  const touched: number[] = [];

  const matches: RequirementMatch[] = [];
  const missing_requirements: MissingRequirement[] = [];
  const suggestions: Suggestion[] = [];
  const evidencePassages = new Map<number, boolean>();
  let coveredWeight = 0;
  let totalWeight = 0;
  let fitCovered = 0;
  let fitTotal = 0;

  for (const info of infos) {
    const { req } = info;
    let best = -1;
    let bestScore = 0;
    for (const p of candidates(info, index, scores, touched)) {
      const c = coverageOf(info, index, p);
      if (c > bestScore) {
        bestScore = c;
        best = p;
      }
    }
    const w = Math.max(0, req.weight);
    totalWeight += w;
    const fw = fitWeight(req);
    fitTotal += fw;
    fitCovered += fw * bestScore;
    if (best >= 0) {
      const p = passages[best];
      matches.push({ requirement_id: req.requirement_id, score: round3(bestScore), passage: excerpt(p.text), page: p.page, location_hint: p.location });
    }
    if (bestScore >= COVERED) {
      coveredWeight += w;
      evidencePassages.set(best, passages[best].evidence.length > 0);
    } else {
      missing_requirements.push({ requirement_id: req.requirement_id, section: req.section, text: req.text });
    }
    if (bestScore < WEAK || (passages[best]?.evidence.length ?? 0) === 0) {
      suggestions.push(suggestionFor(info, index, best, bestScore, headings));
    }
  }

  const coverage = totalWeight ? coveredWeight / totalWeight : 0;
  // Evidence: of the distinct passages that answer a requirement, the share an evaluator could check.
  let withEvidence = 0;
  for (const has of evidencePassages.values()) if (has) withEvidence += 1;
  const evidence = evidencePassages.size ? withEvidence / evidencePassages.size : 0;
  // Language match: the solicitation's key terms (stems, not synonyms) the draft uses anywhere.
  const keys = keyTerms(infos);
  let keyTotal = 0;
  let keyHit = 0;
  for (const [s, w] of keys) {
    keyTotal += w;
    if (index.stems.has(s)) keyHit += w;
  }
  const language = keyTotal ? keyHit / keyTotal : 0;
  // Fit is led by weighted coverage; evidence and mirrored language lift it by up to 30%, and
  // neither can make up for requirements that are not answered.
  const weighted = fitTotal ? fitCovered / fitTotal : 0;
  const fit = weighted * (0.7 + 0.2 * evidence + 0.1 * language);

  return {
    fit_score: pct(fit),
    coverage_score: pct(coverage),
    evidence_score: pct(evidence),
    language_match_score: pct(language),
    missing_requirements,
    suggestions,
    matches,
  };
}

