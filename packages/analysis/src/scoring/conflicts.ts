import type { Requirement, SectionCode } from '../types';
import type { DraftSentence, SplitDraft } from './passages';
import { paragraphOf, referencedParagraphs } from './structure';
import { analyse, isGeneric, type Token } from './text';

/**
 * Where a draft contradicts an explicit constraint of the solicitation. Each rule reads the
 * requirement's own wording for the constraint (something forbidden, a minimum or maximum, a
 * mandated quality, a recurring activity, a mandated presence, a named technology or product to
 * keep) and looks for a draft sentence on the same topic that commits to the opposite. A
 * sentence that negates the offending words ("we will use no slides") is not a conflict. Rules
 * are written for proposal language in general, never for one solicitation's terms.
 */

export type ConflictRule = 'prohibited' | 'limit' | 'contrary' | 'one-time' | 'substitute' | 'replaced' | 'referenced';

/**
 * A conflict the rule is sure of, or a check: the same pattern read with less certainty (the topic
 * is shared only through the section around the sentence, or through one common word), which a
 * reviewer confirms before it counts against the draft.
 */
export type ConflictSeverity = 'conflict' | 'check';

/** Confidence at or above which a finding is a conflict; below it is a check for a reviewer. */
export const CONFLICT_CONFIDENCE = 0.7;

export interface Conflict {
  requirement_id: string;
  section: SectionCode;
  text: string;
  rule: ConflictRule;
  /** The clause of the requirement that states the constraint, shown beside the draft's sentence. */
  clause: string;
  /** 0-1: how sure the rule is that both sides speak of the same thing. */
  confidence: number;
  severity: ConflictSeverity;
  /** The draft sentence that contradicts the requirement. */
  passage: string;
  page: number | null;
  location_hint: string;
  /** What the constraint is and what the draft says, in a sentence. */
  reason: string;
}

interface ReqFacts {
  req: Requirement;
  terms: Set<string>;
  tokens: Token[];
}

// Sentence-level negation just before the offending words: "no slides", "without proprietary
// components", "rather than rebuild", "never".
const NEGATION =
  /\b(?:no|not|never|without|neither|nor|none|avoid(?:s|ing)?|refrain(?:s|ing)? from|rather than|instead of|free of|excluding)\b[^.;:]{0,40}$/i;

function negatedBefore(sentence: string, at: number): boolean {
  return NEGATION.test(sentence.slice(Math.max(0, at - 60), at));
}

const excerpt = (t: string) => (t.length <= 240 ? t : `${t.slice(0, t.lastIndexOf(' ', 239))}…`);

// Evaluative words every proposal uses of itself ("competitive rates", "proven team", "innovative
// approach"): sharing one with a requirement says nothing about being on the same subject.
const EVALUATIVE = new Set(
  'competitive innovative proven reasonable fair high low quality best better excellent efficient effective flexible timely responsive cost-effective affordable superior outstanding exceptional modern new current currently full complete successful significant major critical unique leading world-class agile robust seamless'
    .split(' ')
    .flatMap((w) => analyse(w).tokens.map((t) => t.term)),
);
const isTopic = (term: string) => !isGeneric(term) && !EVALUATIVE.has(term);

/** Topic terms (not generic, not evaluative) the sentence shares with a set of requirement terms. */
function shared(sentence: DraftSentence, terms: Set<string>, exclude?: Set<string>): string[] {
  const out = new Set<string>();
  for (const t of sentence.analysed.tokens) if (terms.has(t.term) && isTopic(t.term) && !exclude?.has(t.term)) out.add(t.term);
  return [...out];
}

/** The clause of a requirement that holds `at` (cut at sentence ends and semicolons). */
function clauseAt(text: string, at: number): string {
  if (at < 0) return excerpt(text);
  const before = text.slice(0, at);
  const start = Math.max(before.lastIndexOf('; ') + 1, before.search(/[.!?]\s+[A-Z][^.!?]*$/) + 1, 0);
  const rest = text.slice(at);
  const endRel = rest.search(/;\s|[.!?](?:\s|$)/);
  const end = endRel < 0 ? text.length : at + endRel + 1;
  return excerpt(text.slice(start, end).trim());
}

// ---------------------------------------------------------------------------------------------
// 1. Prohibitions: "Offerors will not be able to use or present slides, graphs, charts …",
//    "No … may be included", "are cautioned not to …", "Do not …".

const PROHIBITION =
  /\b(?:(?:shall|must|will|may|can|should)\s+not\s+(?:be\s+(?:able|allowed|permitted)\s+to\s+)?|cannot\s+|are\s+(?:cautioned|advised)\s+not\s+to\s+|(?:is|are)\s+(?:not\s+(?:allowed|permitted)|prohibited|forbidden)\s+(?:to\s+|from\s+)?|^do\s+not\s+|^no\s+)(.+)$/i;
// Prohibitions that are limits or conditions, handled elsewhere or not a thing a draft does.
const NOT_A_THING =
  /\b(?:exceed|later than|less than|more than|be (?:considered|accepted|evaluated|reimbursed|answered|returned|allocated)|except|unless)\b/i;

/**
 * What a prohibition forbids: its terms, and its object — the first word after the forbidden verb
 * ("use or present slides, graphs …" → slides; "use subcontractors for help desk staffing" →
 * subcontractors), which a contradicting sentence must name.
 */
function prohibitedTerms(req: Requirement): { terms: Set<string>; object: string; at: number } | null {
  const m = PROHIBITION.exec(req.text);
  if (!m || NOT_A_THING.test(m[1])) return null;
  const verb = /^(?:[a-z]+(?:\s*,?\s*(?:or|and)\s+[a-z]+)*)\s+/i.exec(m[1]);
  // "No cost or pricing information may be included": the object comes first, no verb before it.
  const rest = verb && !/^\s*no\s/i.test(req.text) ? m[1].slice(verb[0].length) : m[1];
  const object = analyse(rest).tokens.find((t) => isTopic(t.term))?.term;
  const terms = new Set(
    analyse(m[1])
      .tokens.filter((t) => isTopic(t.term))
      .map((t) => t.term),
  );
  return object && terms.size ? { terms, object, at: m.index } : null;
}

// ---------------------------------------------------------------------------------------------
// 2. Limits: "at least 60 calendar days", "no more than 3 projects", "within 10 days".

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};
const NUM = `(\\d[\\d,]*(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT =
  '((?:calendar |business |working )?(?:days?|weeks?|months?|years?|hours?|minutes?)|percent|%|projects?|references?|examples?|contracts?|pages?|points?|pts?\\b|words?|characters?)';
const MIN = new RegExp(
  `\\b(?:at least|a minimum of|minimum of|no (?:less|fewer) than|not (?:less|fewer) than)\\s+(?:\\(?\\d+\\)?\\s+)?${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`,
  'gi',
);
const MAX = new RegExp(
  `\\b(?:no more than|not more than|not to exceed|a maximum of|maximum of|up to|within)\\s+(?:\\(?\\d+\\)?\\s+)?${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`,
  'gi',
);
const STATED = new RegExp(`\\b${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`, 'gi');
// A figure reported as a change ("fell from 31 to 9 percent", "cut review time by 40 percent") is a
// result, not a commitment: it says nothing about what the draft promises for this quantity.
const REPORTED_CHANGE =
  /(?:\bfrom\s+\S+\s+(?:to|down to|up to)\s*|\b(?:fell|rose|dropped|declined|reduced|increased|decreased|cut|grew|improved|lowered|raised|shrank)\b[^.;]{0,40}?\b(?:to|by)\s*)$/i;

const toNumber = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s.replace(/,/g, ''));
/** "calendar days" and "days" agree; "business days" stays apart; "pt" and "points" agree. */
const unitKey = (u: string) => {
  const l = u
    .toLowerCase()
    .replace(/%/, 'percent')
    .replace(/^pts?$/, 'point');
  const business = /business|working/.test(l) ? 'business ' : '';
  const base = l.replace(/^(?:calendar|business|working)\s+/, '').replace(/s$/, '');
  return business + base;
};

interface Figure {
  value: number;
  unit: string;
  phrase: string;
  /** Topic terms next to the figure in its clause: what the number is a number of. */
  quantity: Set<string>;
}

interface Limit extends Figure {
  kind: 'min' | 'max';
  at: number;
}

const LIMIT_WORDS = new Set(
  analyse('least minimum maximum exceed more less fewer up within calendar business working').tokens.map((t) => t.term),
);

/**
 * What a figure measures: the topic words next to it in the same clause ("at least 90 percent
 * code coverage" → code, coverage; "12 percent of our staff" → staff). Unit words and the limit's
 * own words are left out.
 */
function quantityOf(text: string, start: number, end: number): Set<string> {
  const before = text.slice(0, start);
  const cutBefore = Math.max(...[';', ':', '. ', '(', '—', ' – ', ' while ', ' whereas ', ' but '].map((c) => before.lastIndexOf(c)));
  const after = text.slice(end);
  const stops = [';', ':', '. ', ')', '—', ' – ', ' while ', ' whereas ', ' but ', ', '].map((c) => after.indexOf(c)).filter((i) => i >= 0);
  const cutAfter = stops.length ? Math.min(...stops) : after.length;
  // The words right next to the figure name what it counts: four before ("reports run about 12
  // pages"), three after ("90 percent code coverage", "12 percent of our staff").
  const left = before
    .slice(cutBefore < 0 ? 0 : cutBefore)
    .split(/\s+/)
    .filter(Boolean)
    .slice(-4)
    .join(' ');
  const right = after.slice(0, cutAfter).split(/\s+/).filter(Boolean).slice(0, 3).join(' ');
  const unit = new Set(analyse(text.slice(start, end)).tokens.map((t) => t.term));
  return new Set(
    [...analyse(left).tokens, ...analyse(right).tokens].map((t) => t.term).filter((t) => isTopic(t) && !unit.has(t) && !LIMIT_WORDS.has(t)),
  );
}

function limitsOf(text: string): Limit[] {
  const out: Limit[] = [];
  for (const [re, kind] of [
    [MIN, 'min'],
    [MAX, 'max'],
  ] as const) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      out.push({
        kind,
        value: toNumber(m[1]),
        unit: unitKey(m[2]),
        phrase: m[0],
        at: m.index,
        quantity: quantityOf(text, m.index, m.index + m[0].length),
      });
    }
  }
  return out;
}

/** Figures a draft sentence commits to (reported changes left out), each with what it measures. */
function figuresOf(text: string): Figure[] {
  const out: Figure[] = [];
  STATED.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STATED.exec(text)) !== null) {
    if (REPORTED_CHANGE.test(text.slice(Math.max(0, m.index - 60), m.index))) continue;
    out.push({ value: toNumber(m[1]), unit: unitKey(m[2]), phrase: m[0], quantity: quantityOf(text, m.index, m.index + m[0].length) });
  }
  return out;
}

const violates = (l: Limit, value: number) => (l.kind === 'min' ? value < l.value : value > l.value);
const sameQuantity = (a: Set<string>, b: Set<string>) => [...a].filter((t) => b.has(t));

// ---------------------------------------------------------------------------------------------
// 3. Contrary qualities: the solicitation mandates open / public / government-owned, the draft
//    commits to private / proprietary / its own intellectual property (and the like).

const CONTRARY: Array<{ mandated: RegExp; opposite: RegExp; what: string }> = [
  {
    mandated: /\b(?:open[- ]source|publicly[- ]available|public(?:ly)?|public domain|open license|non-?proprietary)\b/i,
    // "closed" only of code or a licence: "each sprint closed by a review" is not closed source.
    opposite:
      /\b(?:private|proprietary|closed[- ]source|closed (?:code|codebase|repositor(?:y|ies)|licen[cs]e|system|platform)|internal[- ]only|confidential|restricted access)\b/i,
    what: 'open or public',
  },
  {
    mandated:
      /\b(?:property of the (?:u\.?s\.? )?government|government[- ]owned|unlimited rights|public domain|owned by the government)\b/i,
    opposite:
      /\b(?:(?:our|its|their|remains?|retains?|retain)\b[^.]{0,40}\bintellectual property|intellectual property of|proprietary|(?:retains?|keeps?) (?:all )?(?:rights|ownership)|licensed to (?:the )?(?:government|agency|client|customer|[A-Z]{2,}))\b/i,
    what: 'owned by the Government',
  },
  {
    mandated: /\b(?:on[- ]site|onsite|at the government(?:['’]s)? (?:site|facility|facilities))\b/i,
    opposite: /\b(?:fully remote|remotely|off[- ]site|offsite)\b/i,
    what: 'on site',
  },
  {
    mandated: /\b(?:within the (?:united states|continental united states|u\.s\.)|conus|domestic(?:ally)?|u\.?s\.? citizens?)\b/i,
    opposite: /\b(?:offshore|overseas|outside the (?:united states|u\.s\.)|near[- ]shore)\b/i,
    what: 'within the United States',
  },
];

// ---------------------------------------------------------------------------------------------
// 4. Recurring activities: "at regular intervals throughout", "every sprint", "ongoing",
//    "not just at the beginning or end" — the draft schedules the activity only once.

const RECURRING_REQ =
  /\b(?:throughout|at regular intervals|regularly|periodic(?:ally)?|ongoing|continuous(?:ly)?|(?:each|every)\s+(?:applicable\s+)?(?:sprint|iteration|release|increment|cycle)|not (?:just|only) at the (?:beginning|start|end))\b/i;
const RECURRING_DRAFT =
  /\b(?:(?:each|every|per)\s+(?:\w+\s+)?(?:sprint|iteration|release|increment|cycle|week|month|quarter|review|demo)s?|throughout|ongoing|continuous(?:ly)?|regular(?:ly)?|recurring|weekly|bi-?weekly|monthly|daily|quarterly|from (?:the )?(?:first|day one|start)|in sprints? \d+\s*[-–]\s*\d+|(?:sessions|tests|interviews) in (?:every|each) )\b/i;
const ONE_TIME =
  /\b(?:(?:during|in) the (?:first|initial|final|last|opening) (?:sprint|iteration|phase|week|month|release)|sprint (?:1|one|zero|0)\b|kick-?off|discovery (?:phase|workshops?)|at the (?:start|beginning|end|close|conclusion)\b|once (?:the )?(?:\w+ ){0,3}(?:is|are|has been|have been) (?:complete|completed|finished|done|built|delivered|live)|before (?:go-?live|launch|deployment|production)|(?:after|at) (?:go-?live|launch)|user acceptance testing|\bUAT\b|(?:only|just) (?:once|at))/i;

// ---------------------------------------------------------------------------------------------
// 5. Mandated presence: "must participate", "must attend", "must be present".

const PRESENCE_REQ =
  /\b(?:must|shall|will be required to|are required to)\s+(?:\w+\s+)?(?:participate|attend|be present|present in person|appear)\b/i;
const SUBSTITUTE =
  /\b(?:in (?:his|her|their) (?:place|stead)|in place of|instead of|on (?:his|her|their) behalf|(?:will|can|could) not (?:attend|participate|be present|be available)|unable to (?:attend|participate|be present)|not be available|substitute(?:d|s)? (?:for|by))\b/i;

// ---------------------------------------------------------------------------------------------
// 6. Replaced names: the solicitation names a technology, product or system to keep working with
//    ("the existing AngularJS front end", "must work with DB2"); the draft replaces, migrates or
//    rebuilds it.

const REPLACE =
  /\b(?:replac(?:e|es|ed|ing)|rebuild(?:s|ing)?|rebuilt|re-?writ(?:e|es|ing|ten)|re-?platform(?:s|ed|ing)?|migrat(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|switch(?:es|ed|ing)?|port(?:s|ed|ing)?|convert(?:s|ed|ing)?|retir(?:e|es|ed|ing)|sunset(?:s|ting)?|abandon(?:s|ed|ing)?|phas(?:e|es|ed|ing) out|discard(?:s|ed|ing)?|instead of|in place of)\b/i;
// A named thing: mixed case, digits or symbols inside a word ("AngularJS", "DB2", "C#", ".NET").
const NAMED = /(?:^|[\s(/])((?:\.?[A-Z][A-Za-z]*[A-Z0-9#+][A-Za-z0-9#+.]*|[A-Z]{2,}[0-9]+|\.NET|[A-Z]#))(?=$|[\s),./:;])/g;
const KEEP_REQ =
  /\b(?:existing|current(?:ly)?|legacy|must (?:work|integrate|interface|be compatible) with|shall (?:work|integrate|interface|be compatible) with|must be developed using|using|enhance|maintain|extend|within [\w’' ]+ standards)\b/i;

function namedThings(text: string): string[] {
  const out = new Set<string>();
  NAMED.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NAMED.exec(text)) !== null) {
    const n = m[1].replace(/[.,]+$/, '');
    // All-caps words of letters only are acronyms of parties and documents (DOL, COR, QASP, API).
    if (/^[A-Z]+$/.test(n)) continue;
    out.add(n.toLowerCase());
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------

/**
 * The requirements a draft contradicts, each once, in requirement order. `candidates` are the
 * requirements whose content the draft is scored on; conflicts found on one spread to a lead-in
 * of the same paragraph ("… including:") and to requirements that refer to its paragraph
 * ("outlined in section 2.2"), both only when requirement ids carry paragraph numbers.
 */
export function findConflicts(candidates: Requirement[], split: SplitDraft, docTerms: Map<string, number>): Conflict[] {
  const { sentences } = split;
  const found = new Map<string, Conflict>();
  const facts: ReqFacts[] = candidates.map((req) => {
    const tokens = analyse(req.text).tokens;
    return { req, tokens, terms: new Set(tokens.map((t) => t.term)) };
  });
  // How many requirements use a term: one used by a handful says what a requirement is about.
  const distinctive = (term: string) => (docTerms.get(term) ?? 0) <= Math.max(3, candidates.length * 0.05);
  const add = (req: Requirement, rule: ConflictRule, s: DraftSentence, reason: string, confidence: number, at: number) => {
    const existing = found.get(req.requirement_id);
    // One finding per requirement: a sure conflict wins over a check found by an earlier rule.
    if (existing && existing.confidence >= confidence) return;
    found.set(req.requirement_id, {
      requirement_id: req.requirement_id,
      section: req.section,
      text: req.text,
      rule,
      clause: clauseAt(req.text, at),
      confidence,
      severity: confidence >= CONFLICT_CONFIDENCE ? 'conflict' : 'check',
      passage: excerpt(s.text),
      page: s.page,
      location_hint: s.location,
      reason,
    });
  };
  const settled = (id: string) => (found.get(id)?.confidence ?? 0) >= CONFLICT_CONFIDENCE;
  // What each sentence states, read once: figures with units and what they measure, opposing
  // qualities, replacements, substitutions (each requirement then looks only at the sentences that
  // could contradict it).
  const stated = sentences.map((s) => (s.deferred ? [] : figuresOf(s.text)));
  const withFigures = sentences.map((_, i) => i).filter((i) => stated[i].length);
  const opposites = CONTRARY.map((c) =>
    sentences.flatMap((s, i) => {
      if (s.deferred) return [];
      const om = c.opposite.exec(s.text);
      return om && !negatedBefore(s.text, om.index) ? [{ i, match: om[0], terms: new Set(analyse(om[0]).tokens.map((t) => t.term)) }] : [];
    }),
  );
  const substitutes = sentences.map((_, i) => i).filter((i) => SUBSTITUTE.test(sentences[i].text));
  const replacements = sentences.flatMap((s, i) => {
    const rm = REPLACE.exec(s.text);
    return rm && !negatedBefore(s.text, rm.index) ? [i] : [];
  });
  // Sentences of the same section as context for topic checks (a heading and its paragraphs).
  const sectionTerms = new Map<number, Set<string>>();
  for (const s of sentences) {
    let set = sectionTerms.get(s.section);
    if (!set) sectionTerms.set(s.section, (set = new Set()));
    for (const t of s.analysed.tokens) set.add(t.term);
  }

  for (const f of facts) {
    const { req } = f;
    const text = req.text;
    const id = req.requirement_id;

    const forbidden = prohibitedTerms(req);
    if (forbidden) {
      for (const s of sentences) {
        if (s.deferred || !s.analysed.tokens.some((t) => t.term === forbidden.object)) continue;
        const hits = shared(s, forbidden.terms);
        const strong = hits.filter(distinctive);
        if (!strong.length && hits.length < 2) continue;
        // The offending word must not sit under a negation in the sentence.
        const first = s.analysed.tokens.find((t) => t.term === forbidden.object)!;
        const at = s.text.toLowerCase().indexOf(first.word);
        if (at >= 0 && negatedBefore(s.text, at)) continue;
        // Sure when the forbidden thing is named with another of the prohibition's words, or is
        // a distinctive word of the solicitation; one common word alone is for a reviewer.
        const confidence = distinctive(forbidden.object) || hits.length >= 2 ? 0.85 : 0.55;
        add(req, 'prohibited', s, `The solicitation rules this out; the draft plans it (${first.word}).`, confidence, forbidden.at);
        if (settled(id)) break;
      }
      if (settled(id)) continue;
    }

    const limits = limitsOf(text);
    if (limits.length) {
      // The thing limited ("quotes … valid"), not the unit: "5 calendar days" and "90 calendar
      // days" share "calendar days" whatever they are about.
      const units = new Set(limits.flatMap((l) => analyse(l.phrase).tokens.map((t) => t.term)));
      const topic = new Set([...f.terms].filter((t) => isTopic(t) && !units.has(t)));
      for (const l of limits) {
        if (settled(id)) break;
        // A figure is compared only with a figure about the same quantity in the same unit
        // ("90 percent test coverage" with a coverage minimum, never "9 percent" of rejections).
        const about = withFigures.flatMap((i) =>
          stated[i].filter((st) => st.unit === l.unit && sameQuantity(l.quantity, st.quantity).length).map((st) => ({ i, st })),
        );
        // The draft states a figure within the bound for this quantity somewhere: it complies.
        if (about.some(({ st }) => !violates(l, st.value))) continue;
        for (const { i, st } of about) {
          if (!violates(l, st.value)) continue;
          const s = sentences[i];
          const hits = shared(s, topic);
          if (!hits.length) continue;
          const common = sameQuantity(l.quantity, st.quantity);
          const confidence = common.some(distinctive) || common.length >= 2 ? 0.9 : 0.6;
          add(req, 'limit', s, `The solicitation requires ${l.phrase}; the draft states ${st.phrase}.`, confidence, l.at);
          break;
        }
      }
      if (settled(id)) continue;
    }

    CONTRARY.forEach((c, ci) => {
      if (settled(id)) return;
      const mm = c.mandated.exec(text);
      if (!mm) return;
      const mandatedTerms = new Set(analyse(mm[0]).tokens.map((t) => t.term));
      for (const o of opposites[ci]) {
        const s = sentences[o.i];
        // On the same subject: a shared topic word outside the opposing phrase itself.
        const subject = new Set([...f.terms].filter((t) => !o.terms.has(t) && (!mandatedTerms.has(t) || mandatedTerms.size > 1)));
        const hits = shared(s, subject, o.terms);
        if (!hits.length) continue;
        const confidence = hits.some(distinctive) || hits.length >= 2 ? 0.85 : 0.55;
        add(req, 'contrary', s, `The solicitation requires it to be ${c.what}; the draft says "${o.match}".`, confidence, mm.index);
        if (settled(id)) break;
      }
    });
    if (settled(id)) continue;

    const recurring = RECURRING_REQ.exec(text);
    if (recurring) {
      const topic = new Set([...f.terms].filter((t) => isTopic(t) && distinctive(t)));
      const about = sentences.filter((s) => !s.deferred && shared(s, topic).length > 0);
      // Scheduled only at one point (kickoff, first sprint, before go-live) and never recurring.
      const onceAll = about.filter((s) => ONE_TIME.test(s.text));
      const once = onceAll[0];
      if (once && !about.some((s) => RECURRING_DRAFT.test(s.text))) {
        // Sure when the sentence shares two topic words, or the draft fixes the activity at two
        // separate points (kickoff and go-live) and nowhere else; one shared word is a check.
        const confidence = onceAll.some((s) => shared(s, topic).length >= 2) || onceAll.length >= 2 ? 0.8 : 0.6;
        add(
          req,
          'one-time',
          once,
          'The solicitation requires this throughout the work; the draft schedules it only once.',
          confidence,
          recurring.index,
        );
        if (settled(id)) continue;
      }
    }

    const presence = PRESENCE_REQ.exec(text);
    if (presence) {
      const topic = new Set([...f.terms].filter(isTopic));
      for (const i of substitutes) {
        const s = sentences[i];
        // About the same occasion: the sentence names it (sure), or only its section does (a check).
        const context = sectionTerms.get(s.section) ?? new Set();
        let n = 0;
        for (const t of topic) if (context.has(t)) n += 1;
        const own = shared(s, topic).length;
        if (!n && !own) continue;
        const occasion = [...topic].some((t) => context.has(t) && distinctive(t));
        add(
          req,
          'substitute',
          s,
          'The solicitation requires these people to take part; the draft sends someone else.',
          own ? 0.8 : occasion || n >= 2 ? 0.75 : 0.55,
          presence.index,
        );
        if (settled(id)) break;
      }
      if (settled(id)) continue;
    }

    const keep = KEEP_REQ.exec(text);
    if (keep) {
      const names = namedThings(text);
      if (names.length) {
        for (const i of replacements) {
          const s = sentences[i];
          const lower = s.text.toLowerCase();
          const name = names.find((n) => new RegExp(`(?:^|[^a-z0-9])${n.replace(/[.+#]/g, '\\$&')}(?:$|[^a-z0-9])`).test(lower));
          if (!name) continue;
          const at = text.toLowerCase().indexOf(name);
          add(
            req,
            'replaced',
            s,
            `The solicitation requires working with ${name === name.toUpperCase() ? name : s.text.slice(lower.indexOf(name), lower.indexOf(name) + name.length)}; the draft replaces it.`,
            0.85,
            at,
          );
          break;
        }
      }
    }
  }

  // Spread: sure conflicts reach lead-ins of the same paragraph and requirements that cite it.
  const conflictedParagraphs = new Map<string, Conflict>();
  for (const c of found.values()) {
    const p = paragraphOf(c.requirement_id);
    if (c.severity === 'conflict' && p && !conflictedParagraphs.has(p)) conflictedParagraphs.set(p, c);
  }
  if (conflictedParagraphs.size) {
    for (const req of candidates) {
      if (found.has(req.requirement_id)) continue;
      const own = paragraphOf(req.requirement_id);
      let source: Conflict | undefined;
      if (own && /:\s*$/.test(req.text)) source = conflictedParagraphs.get(own);
      for (const ref of referencedParagraphs(req.text)) source ??= conflictedParagraphs.get(ref);
      if (!source) continue;
      const refAt = req.text.search(new RegExp(`\\b${(paragraphOf(source.requirement_id) ?? '').replace(/\./g, '\\.')}\\b`));
      found.set(req.requirement_id, {
        requirement_id: req.requirement_id,
        section: req.section,
        text: req.text,
        rule: 'referenced',
        clause: clauseAt(req.text, refAt),
        confidence: source.confidence,
        severity: source.severity,
        passage: source.passage,
        page: source.page,
        location_hint: source.location_hint,
        reason: `The draft contradicts ${source.requirement_id}, which this requirement refers to.`,
      });
    }
  }
  const order = new Map(candidates.map((r, i) => [r.requirement_id, i]));
  return [...found.values()].sort((a, b) => order.get(a.requirement_id)! - order.get(b.requirement_id)!);
}
