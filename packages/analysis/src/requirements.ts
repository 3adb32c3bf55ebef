import {
  ADDRESS_LINE, ADVICE, AMBIGUOUS_VERBS, BE_IMPERATIVE, CAPTION, CHECKLIST_TABLE, CLAUSE_BOUNDARY, CONSEQUENCE, CROSS_REFERENCE,
  DEFINITION, DELIVERABLE_TABLE, DETERMINER, DUE_ROW, EVALUATION_VERB, EVALUATION_VOCAB, EXAMPLES_LEAD_IN, EXCLUSION,
  EXPECTATION, IF_POSSIBLE, GOVERNMENT, GOVERNMENT_LABEL, OBLIGATION_LABEL, STANDARDS_TABLE, GOVERNMENT_ACRONYM, HEDGED_REQUIRED, HIGH_IMPORTANCE, IMPERATIVE_PREFIX, IMPERATIVE_VERBS, LIMIT,
  NON_OBLIGATION, OPTIONAL_CONDITION, PARENTHETICAL, PARTY, PARTY_WORD, PREPOSITION, PROCESS_PASSIVE, PRODUCT,
  PROHIBITIVE_IMPERATIVE, RATING_ROW, RATING_TABLE, REQUIRED_PHRASE, SHOULD_PHRASE, SOLICITATION_NUMBER_LINE, SOW_LEAD_IN,
  THIRD_PARTY,
} from './cues';
import { RequirementIds } from './requirement-ids';
import { finishRequirements } from './requirement-repeats';
import { readsAsSubmissionLogistics } from './section-titles';
import { SectionTracker, describeSectionSource } from './sections';
import { segmentPage, type Unit } from './segment';
import { tableOfContentsLines } from './toc';
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
  /** The unit opens its paragraph and more sentences follow in it (a run-in title "c. Page Numbering."). */
  runIn?: boolean;
  /** The paragraph starts with a list letter or number. */
  marker?: string;
  /** Title of the heading the unit sits under. */
  headingTitle?: string;
}

// Headings whose lettered paragraphs are the evaluation factors themselves ("M.2.1 Technical Factors").
const FACTOR_HEADING = /\b(factors?|subfactors?|criteri(a|on)|elements?)\b/i;

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

// "The Government and the Contractor will agree ..." binds the contractor too.
function isGovernment(subject: string): boolean {
  // A third party counts only as the subject's head ("Customer agencies must ..."), not in a
  // modifier ("All pricing information supplied to customers shall ...").
  return (GOVERNMENT.test(subject) || GOVERNMENT_ACRONYM.test(subject) || (THIRD_PARTY.test(subject) && THIRD_PARTY.test(headNoun(subject)))) && !PARTY_WORD.test(subject);
}

// "... will be performed by the COR": the government acts; "... will be documented by the contractor": the offeror does.
const BY_GOVERNMENT = /^\s+(not\s+)?be\s+\w+(\s+\w+){0,8}?\s+by\s+(the\s+)?(government|contracting officer|co|cor|acor|ko|evaluators?|agency|library)\b/i;
const BY_PARTY = /^\s+(not\s+)?be\s+\w+\s+by\s+(the\s+)?(offerors?|contractors?|vendors?|quoters?|bidders?)\b/i;
// "... shall be returned to the contractor": something the government hands the offeror.
const TO_PARTY = /^\s+(not\s+)?be\s+(returned|provided|given|furnished|sent|made available|issued|paid)\s+to\s+(the\s+)?(offerors?|contractors?|vendors?|quoters?|bidders?)\b/i;
// Passive verbs only the offeror performs ("Changes will be submitted on a page-for-page basis").
const OFFEROR_PASSIVE = /^\s+be\s+(submitted|delivered|prepared|formatted|marked|signed|completed|uploaded|emailed|sent|furnished)\b/i;
// "... shall result in a binding contract": a statement of effect, unless it follows a failure.
const RESULT = /^\s+(not\s+)?result\s+in\b/i;
// "will be evaluated / assessed" in the instructions or evaluation part states how the offer is judged.
const EVALUATED_PASSIVE = /^\s+(also\s+)?be\s+(evaluated|assessed|rated|scored)\b/i;

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
  // The Government (or a third party) is the only actor: not the offeror's, even inside a list.
  let governmentActs = false;
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
      if (gov && !passive) {
        governmentActs = true;
        continue;
      }
      if (TO_PARTY.test(after)) continue;
      if (RESULT.test(after) && !/^failure\b/i.test(t)) continue;
      // "The Contractor shall be evaluated on ..." describes the buyer's evaluation outside L and M.
      if (PARTY.test(head) && EVALUATED_PASSIVE.test(after) && section !== 'L' && section !== 'M') continue;
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
      if (section === 'M') continue;
      if (gov || BY_GOVERNMENT.test(after) || TO_PARTY.test(after)) {
        governmentActs = true;
        continue;
      }
      if (RESULT.test(after) && !/^failure\b/i.test(t)) continue;
      if (BY_PARTY.test(after)) {
        consider({ level: 'strong', cue: 'will' });
        continue;
      }
      if (section === 'L' && EVALUATED_PASSIVE.test(after)) {
        consider({ level: 'weak', cue: 'criterion' });
        continue;
      }
      if (PARTY.test(head)) {
        if (PASSIVE_ON_PARTY.test(after) || /^\s+(not\s+)?(receive|get)\b/i.test(after)) continue;
        consider({ level: 'strong', cue: 'will' });
      } else if ((PRODUCT.test(head) && !GOVERNMENT_HANDLING.test(after)) || OFFEROR_PASSIVE.test(after)) {
        consider({ level: 'strong', cue: 'will' });
      }
    } else if (word === 'may') {
      const neg = /^\s+not\b/i.test(after);
      if (gov) continue;
      if (neg) {
        if (/^\s+not\s+(need|have|be able|apply|be (possible|necessary|required))\b/i.test(after)) continue;
        consider({ level: 'strong', cue: 'may not' });
      } else if (PARTY.test(head) && /^\s+(\w+\s+)?either\b/i.test(after)) {
        // "Offeror may either submit X or Y": a choice between two ways of meeting one requirement.
        consider({ level: 'should', cue: 'may' });
      }
      // Otherwise "Offerors may submit questions ..." grants a permission: nothing to comply with.
    } else if (word === 'cannot' || word === 'can') {
      if (gov) continue;
      if (word === 'cannot' || /^\s+not\b/i.test(after)) consider({ level: 'strong', cue: 'cannot' });
      else if (/^\s+(\S+\s+){0,2}only\b/i.test(after) || /\bonly\s*$/i.test(before)) consider({ level: 'strong', cue: 'can only' });
    }
  }
  return best.level === 'none' && governmentActs ? { level: 'none', cue: 'government' } : best;
}


function imperativeVerb(t: string): string | null {
  const unquoted = t.replace(/^[“"‘'(]+/, '');
  const stripped = unquoted.replace(IMPERATIVE_PREFIX, '');
  const prefixed = stripped !== unquoted;
  const check = (first: string, next: string | undefined): boolean => {
    const v = first.toLowerCase();
    if (!IMPERATIVE_VERBS.has(v)) return false;
    if (!AMBIGUOUS_VERBS.has(v)) return true;
    // "Use 12-point font", "Label each volume": a noun does not take a number or determiner after it.
    return next !== undefined && (DETERMINER.test(next) || /^(and|or|with|to)$/i.test(next) || /^\d/.test(next));
  };
  const words = stripped.split(/\s+/);
  // A verb at the start must be capitalised like a sentence start ("Submit"), not a mid-list fragment.
  if ((prefixed ? /^[A-Za-z][a-z-]+$/ : /^[A-Z][a-z-]+$/).test(words[0] ?? '') && check(words[0], words[1]?.replace(/[,.;:]$/, ''))) return words[0];
  // "Two weeks prior to conclusion, provide a transition plan."
  const afterLead = /^[^,]{3,100},\s+([a-z][a-z-]+)\s+(\S+)/.exec(stripped);
  if (afterLead && check(afterLead[1], afterLead[2])) return afterLead[1];
  return null;
}

// Whose obligation a phrase found at `index` states: none when its subject is the Government, a
// third party, or the effort itself ("This effort is required to provide expertise").
function subjectIsOfferor(t: string, index: number): boolean {
  const before = t.slice(Math.max(0, index - SUBJECT_WINDOW), index);
  const subject = clauseSubject(before);
  if (isGovernment(subject)) return false;
  // "Efforts by the Government to clarify ..., in accordance with FAR 15.207, will not be considered
  // discussions": the Government acts, even when a phrase sits between it and the verb.
  if (/^(?:\S+\s+){0,3}(by|of) the (government|contracting officer)\b|^(the )?(government|contracting officer)\b/i.test(before.trim()) && !PARTY_WORD.test(before)) return false;
  return !/^(effort|efforts|requirement|acquisition|procurement|project|program|solicitation)$/.test(headNoun(subject));
}

function phraseVerdict(re: RegExp, t: string): boolean {
  const m = re.exec(t);
  return m !== null && subjectIsOfferor(t, m.index);
}

// A title set on its own or run into a paragraph ("c. Page Numbering."): no verb, a few words, each
// significant word capitalised.
function titleOnly(t: string): boolean {
  const s = t.replace(/^[\d.-]+\s+/, '').replace(/[.:]$/, '').trim();
  const words = s.split(/\s+/);
  if (words.length === 0 || words.length > 10 || /[.?!;]/.test(s)) return false;
  if (/\b(shall|must|will|should|may|is|are|be)\b/i.test(s)) return false;
  return words.every((w) => w.length <= 3 || /^[^a-z]/.test(w) || /^(and|of|the|for|to|with|or|in|on)$/.test(w));
}

// In the evaluation part, a sentence whose subject is the Government is a criterion only when it says
// how offers are evaluated or award decided; "The Government may ..." is a reservation.
const GOVERNMENT_OPENING =
  /^(?:[^,]{0,60},\s*)?(?:the\s+)?(?:government|contracting officer|(?:technical )?evaluators?|source selection \w+|evaluation (?:board|team|panel)|library|agency|we)\b\s+(?<rest>.{0,60})/i;

function governmentProcess(t: string): boolean {
  const m = GOVERNMENT_OPENING.exec(t);
  const rest = m?.groups?.rest ?? '';
  if (!m || PARTY_WORD.test(m[0].slice(0, m[0].length - rest.length))) return false;
  if (/^(may|might|can|could|reserves?|retains?)\b/i.test(rest)) return true;
  if (HIGH_IMPORTANCE.test(t)) return false;
  // The verb right after the subject decides: "will evaluate", "intends to award" are criteria;
  // "anticipates a single award", "will compute" are process.
  const verb = /^(?:(?:will|shall|must|also|then|not)\s+)*(\w+)/i.exec(rest)?.[1] ?? '';
  return !EVALUATION_VERB.test(verb);
}

// Not a requirement whatever list it sits in (a note, a caption, a definition, the Government's own process).
const NOT_A_REQUIREMENT: Verdict = { level: 'excluded', cue: 'not-a-requirement' };

function cueVerdict(t: string, ctx: UnitContext): Verdict {
  if (EXCLUSION.test(t)) return { level: 'excluded', cue: 'exclusion' };
  if (NON_OBLIGATION.test(t)) return NONE;
  if (PARENTHETICAL.test(t) || DEFINITION.test(t) || SOLICITATION_NUMBER_LINE.test(t)) return NOT_A_REQUIREMENT;
  if (CAPTION.test(t) && t.length < 120 && !/\b(shall|must)\b/i.test(t)) return NOT_A_REQUIREMENT;
  if (CROSS_REFERENCE.test(t) && !/\b(shall|must|should)\b/i.test(t) && !HIGH_IMPORTANCE.test(t)) return NOT_A_REQUIREMENT;
  if (ctx.section === 'M' && governmentProcess(t)) return NOT_A_REQUIREMENT;
  if (ctx.section === 'M' && PROCESS_PASSIVE.test(t) && !PARTY_WORD.test(t.split(/\bwill\b/i)[0])) return NOT_A_REQUIREMENT;

  if (PROHIBITIVE_IMPERATIVE.test(t.replace(IMPERATIVE_PREFIX, ''))) return { level: 'strong', cue: 'do not' };
  // A modal inside parentheses qualifies the sentence; the main clause's own modal decides.
  const bare = t.replace(/\([^()]*\)/g, ' ');
  const bareModal = bare !== t ? modalVerdict(bare, ctx.section) : NONE;
  const modal = bareModal.level !== 'none' ? bareModal : modalVerdict(t, ctx.section);
  if (modal.level === 'strong') return modal;
  const required = REQUIRED_PHRASE.exec(t);
  if (required && !HEDGED_REQUIRED.test(t) && subjectIsOfferor(t, required.index)) return { level: 'strong', cue: 'required' };
  if (modal.cue === 'government' && ctx.section !== 'M') return NOT_A_REQUIREMENT;
  if (phraseVerdict(CONSEQUENCE, t)) return { level: 'strong', cue: 'consequence' };
  if (CONSEQUENCE.test(t)) return NOT_A_REQUIREMENT;
  if (phraseVerdict(EXPECTATION, t)) return { level: 'strong', cue: 'expected' };
  if (modal.level === 'should') return modal;
  if (SHOULD_PHRASE.test(t) || ADVICE.test(t)) return { level: 'should', cue: 'encouraged' };
  if (modal.level === 'weak') return modal;

  const verb = imperativeVerb(t) ?? (BE_IMPERATIVE.test(t.replace(/^[^,]{3,100},\s+/, '')) ? 'be' : null);
  if (verb && !OPTIONAL_CONDITION.test(t)) return IF_POSSIBLE.test(t) ? { level: 'should', cue: 'if possible' } : { level: 'weak', cue: 'imperative' };
  if (LIMIT.test(t) || /\bmaximum (length|number of pages|page count)\b/i.test(t)) return { level: 'weak', cue: 'limit' };
  // A statement of work's "The types of efforts to be ordered include, but are not limited to: ..."
  if (ctx.section === 'C' && /\binclude,? but (are|is) not limited to\b/i.test(t) && SOW_LEAD_IN.test(t)) return { level: 'weak', cue: 'scope' };
  // In the evaluation section, criteria read as plain statements or as questions
  // ("Does the approach demonstrate ...?"). A statement with no modal must name a factor, an
  // evaluation or relative importance ("Contract months are assumed to be the same" is none).
  if (ctx.section === 'M' && (EVALUATION_VOCAB.test(t) || t.endsWith('?'))) {
    if (/^there (will|shall|is|are) /i.test(t) && !M_PLAIN_CRITERION.test(t)) return NONE;
    if (!/\b(will|shall|must|should|may)\b/i.test(t) && !t.endsWith('?') && !HIGH_IMPORTANCE.test(t) && !M_PLAIN_CRITERION.test(t)) return NONE;
    return { level: 'weak', cue: 'criterion' };
  }
  return NONE;
}

const M_PLAIN_CRITERION =
  /\b(factors?|subfactors?|criteri(a|on)|evaluat(e|ed|es|ing)|assess(ed|es|ing)?|rated|scored|considered|reviewed|weighted|demonstrat\w*|best value|trade-?off|select\w*|intend\w*|reasonabl\w*|lowest)\b/i;

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
    // Label/value rows ("Performance Standard | Reports delivered by the 5th workday"): the label says
    // whether the value is the contractor's to meet, even in a table's first row.
    const cells = t.split(' | ');
    if (cells.length === 2 && OBLIGATION_LABEL.test(cells[0])) return { level: 'weak', cue: 'table' };
    if (cells.length === 2 && GOVERNMENT_LABEL.test(cells[0])) return NONE;
    if (ctx.isTableHeader) return NONE;
    const header = ctx.tableHeader ?? '';
    // Rating definitions (colours, adjectives, risk levels) define the scale; they require nothing.
    if (RATING_ROW.test(t) || (RATING_TABLE.test(header) && !DELIVERABLE_TABLE.test(header))) return NONE;
    // A group label inside a checklist ("Section II—Technical Data") or a note in parentheses.
    if (PARENTHETICAL.test(t) || /^section\s+[ivx\d]+\b/i.test(t)) return NONE;
    const own = cueVerdict(t, ctx);
    if (own.level === 'strong' || own.level === 'should' || own.level === 'excluded') return own;
    // Column titles, not a first row's values, make a checklist ("Item | Included | Reviewed").
    const checklist = header.split(' | ').slice(1).some((c) => c.length <= 30 && CHECKLIST_TABLE.test(c));
    if (DELIVERABLE_TABLE.test(header) || checklist || STANDARDS_TABLE.test(header) || DUE_ROW.test(t)) return { level: 'weak', cue: 'table' };
    return NONE;
  }

  // Run-in and stand-alone titles: an evaluation factor when lettered in the evaluation part,
  // otherwise a heading.
  if (titleOnly(t)) {
    if (ctx.section === 'M' && ctx.marker && FACTOR_HEADING.test(ctx.headingTitle ?? '')) return { level: 'weak', cue: 'factor' };
    if (ctx.runIn || (ctx.section === 'M' && ctx.kind !== 'item')) return NOT_A_REQUIREMENT;
  }

  const own = cueVerdict(t, ctx);
  const parent = ctx.kind === 'item' ? ctx.parent : null;
  if (!parent) return own;

  // Items under "not responsible for the following:" or "may include:" are never duties,
  // even when phrased as imperatives; an explicit shall/must of their own still counts.
  const parentIsReq = ['strong', 'should', 'weak'].includes(parent.verdict.level);
  if (parent.exclusion) return NONE;
  if (own.cue === 'not-a-requirement') return own;
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

/** A stable id for the verdict's deciding rule until the rules registry names each rule (issue 23). */
function ruleIdOf(verdict: Verdict, ctx: UnitContext): string {
  const cue = (verdict.cue ?? 'none').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${ctx.kind}.${cue}`;
}

/** Every requirement in a solicitation's pages, in document order, with stable ids (requirement-ids.ts). */
export function extractRequirements(pages: PageText[]): Requirement[] {
  const tracker = new SectionTracker();
  const ids = new RequirementIds();
  const out: Requirement[] = [];

  // Pages are segmented as one text so sentences and lists that run over a page break stay whole;
  // each unit is then given the page it starts on.
  const running = pages.length >= 3 ? runningLines(pages) : new Set<string>();
  const skipLine = (line: string) => PAGE_NUMBER.test(line) || running.has(maskDigits(line));
  const pageStarts: number[] = [];
  const headingLevels = new Map<number, number>();
  let text = '';
  for (const p of pages) {
    pageStarts.push(text.length);
    for (const h of p.headings ?? []) headingLevels.set(text.length + h.start, h.level);
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

  // A table of contents lists titles and pages: none of its lines is a requirement.
  const contents = tableOfContentsLines(text);
  const segments = segmentPage(text, {
    skipLine: (line, start) => contents.has(start) || skipLine(line),
    headingLevel: (start) => headingLevels.get(start),
    typeKnown: pages.some((p) => p.headings !== undefined),
  });
  // A list of two or more address lines ("addressed as follows:") is where to send, not what to do.
  const addressLines = new Map<number, number>();
  for (const seg of segments) {
    if (seg.kind !== 'heading' && seg.parent >= 0 && ADDRESS_LINE.test(seg.text)) addressLines.set(seg.parent, (addressLines.get(seg.parent) ?? 0) + 1);
  }
  // Verdicts of lead-ins, by segment index, for their items.
  const leadVerdicts = new Map<number, { verdict: Verdict; examples: boolean; exclusion: boolean }>();
  let headingTitle = '';
  segments.forEach((seg, index) => {
    if (seg.kind === 'heading') {
      tracker.apply(seg.heading, seg.start);
      ids.heading(seg.heading);
      headingTitle = seg.heading.title || seg.heading.body || '';
      return;
    }
    const unit = seg as Unit;
    ids.see(unit.block);
    // Cover text before the first heading: submission logistics (deadlines, where to send) are L.
    const preamble = tracker.beforeFirstHeading && readsAsSubmissionLogistics(unit.text) && guessSection(unit.text) === 'L';
    const section = preamble ? 'L' : tracker.section;
    const source = preamble ? { reason: 'preamble' as const, heading: null, start: null } : tracker.source;
    const sectionBasis = describeSectionSource(source, section, source.start === null ? null : pageAt(source.start));
    const parentInfo = unit.parent >= 0 ? (leadVerdicts.get(unit.parent) ?? null) : null;
    const prev = segments[index - 1];
    const next = segments[index + 1];
    const firstInBlock = !prev || prev.kind === 'heading' || prev.block !== unit.block;
    const ctx: UnitContext = {
      section,
      kind: unit.kind,
      parent: parentInfo,
      bulleted: unit.bulleted,
      leadIn: unit.leadIn,
      tableHeader: unit.tableHeader,
      isTableHeader: unit.isTableHeader,
      runIn: firstInBlock && next !== undefined && next.kind !== 'heading' && next.block === unit.block,
      marker: firstInBlock ? unit.marker : undefined,
      headingTitle,
    };
    let verdict = judge(unit.text, ctx);
    const parentText = unit.parent >= 0 ? (segments[unit.parent] as Unit).text : '';
    const addressLeadIn = /\b(address(ed)?|mail(ed)?|deliver(ed)?|sent) (to|as follows)\b/i.test(parentText);
    if (unit.parent >= 0 && ((addressLines.get(unit.parent) ?? 0) >= 2 || (addressLeadIn && ADDRESS_LINE.test(unit.text)))) verdict = NONE;
    if (unit.leadIn) {
      // "The following tasks are anticipated:" in a statement of work: no modal, but its items are
      // the contractor's work.
      const sowLeadIn = section === 'C' && verdict.level === 'none' && SOW_LEAD_IN.test(unit.text) && !/\b(may|might|can|could)\b/i.test(unit.text);
      leadVerdicts.set(index, {
        verdict: sowLeadIn ? { level: 'weak', cue: 'scope' } : verdict,
        examples: !sowLeadIn && EXAMPLES_LEAD_IN.test(unit.text.replace(/\s*\(.*?\)\s*$/, '')),
        exclusion: verdict.cue === 'exclusion',
      });
      if (sowLeadIn) return;
    }
    const c = verdictToClass(verdict, unit.text, section);
    if (!c.isRequirement) return;
    out.push({
      requirement_id: ids.next(section, unit),
      section,
      must_or_should: c.must_or_should,
      weight: c.weight,
      text: unit.text,
      page: pageAt(unit.start),
      basis: { rules: [ruleIdOf(verdict, ctx)], cue: verdict.cue, section: sectionBasis },
    });
  });
  return finishRequirements(out);
}
