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

export interface Conflict {
  requirement_id: string;
  section: SectionCode;
  text: string;
  rule: ConflictRule;
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
const NEGATION = /\b(?:no|not|never|without|neither|nor|none|avoid(?:s|ing)?|refrain(?:s|ing)? from|rather than|instead of|free of|excluding)\b[^.;:]{0,40}$/i;

function negatedBefore(sentence: string, at: number): boolean {
  return NEGATION.test(sentence.slice(Math.max(0, at - 60), at));
}

const excerpt = (t: string) => (t.length <= 240 ? t : `${t.slice(0, t.lastIndexOf(' ', 239))}…`);

/** Non-generic terms the sentence shares with a set of requirement terms. */
function shared(sentence: DraftSentence, terms: Set<string>, exclude?: Set<string>): string[] {
  const out = new Set<string>();
  for (const t of sentence.analysed.tokens) if (terms.has(t.term) && !isGeneric(t.term) && !exclude?.has(t.term)) out.add(t.term);
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// 1. Prohibitions: "Offerors will not be able to use or present slides, graphs, charts …",
//    "No … may be included", "are cautioned not to …", "Do not …".

const PROHIBITION =
  /\b(?:(?:shall|must|will|may|can|should)\s+not\s+(?:be\s+(?:able|allowed|permitted)\s+to\s+)?|cannot\s+|are\s+(?:cautioned|advised)\s+not\s+to\s+|(?:is|are)\s+(?:not\s+(?:allowed|permitted)|prohibited|forbidden)\s+(?:to\s+|from\s+)?|^do\s+not\s+|^no\s+)(.+)$/i;
// Prohibitions that are limits or conditions, handled elsewhere or not a thing a draft does.
const NOT_A_THING = /\b(?:exceed|later than|less than|more than|be (?:considered|accepted|evaluated|reimbursed|answered|returned|allocated)|except|unless)\b/i;

/**
 * What a prohibition forbids: its terms, and its object — the first word after the forbidden verb
 * ("use or present slides, graphs …" → slides; "use subcontractors for help desk staffing" →
 * subcontractors), which a contradicting sentence must name.
 */
function prohibitedTerms(req: Requirement): { terms: Set<string>; object: string } | null {
  const m = PROHIBITION.exec(req.text);
  if (!m || NOT_A_THING.test(m[1])) return null;
  const verb = /^(?:[a-z]+(?:\s*,?\s*(?:or|and)\s+[a-z]+)*)\s+/i.exec(m[1]);
  // "No cost or pricing information may be included": the object comes first, no verb before it.
  const rest = verb && !/^\s*no\s/i.test(req.text) ? m[1].slice(verb[0].length) : m[1];
  const object = analyse(rest).tokens.find((t) => !isGeneric(t.term))?.term;
  const terms = new Set(analyse(m[1]).tokens.filter((t) => !isGeneric(t.term)).map((t) => t.term));
  return object && terms.size ? { terms, object } : null;
}

// ---------------------------------------------------------------------------------------------
// 2. Limits: "at least 60 calendar days", "no more than 3 projects", "within 10 days".

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90,
};
const NUM = `(\\d[\\d,]*(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = '((?:calendar |business |working )?(?:days?|weeks?|months?|years?|hours?|minutes?)|percent|%|projects?|references?|examples?|contracts?)';
const MIN = new RegExp(`\\b(?:at least|a minimum of|minimum of|no (?:less|fewer) than|not (?:less|fewer) than)\\s+(?:\\(?\\d+\\)?\\s+)?${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`, 'gi');
const MAX = new RegExp(`\\b(?:no more than|not more than|not to exceed|a maximum of|maximum of|up to|within)\\s+(?:\\(?\\d+\\)?\\s+)?${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`, 'gi');
const STATED = new RegExp(`\\b${NUM}\\s*(?:\\(\\d+\\)\\s*)?${UNIT}`, 'gi');

const toNumber = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s.replace(/,/g, ''));
/** "calendar days" and "days" agree; "business days" stays apart. */
const unitKey = (u: string) => {
  const l = u.toLowerCase().replace(/%/, 'percent');
  const business = /business|working/.test(l) ? 'business ' : '';
  const base = l.replace(/^(?:calendar|business|working)\s+/, '').replace(/s$/, '');
  return business + base;
};

interface Limit {
  kind: 'min' | 'max';
  value: number;
  unit: string;
  phrase: string;
}

function limitsOf(text: string): Limit[] {
  const out: Limit[] = [];
  for (const [re, kind] of [
    [MIN, 'min'],
    [MAX, 'max'],
  ] as const) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) out.push({ kind, value: toNumber(m[1]), unit: unitKey(m[2]), phrase: m[0] });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 3. Contrary qualities: the solicitation mandates open / public / government-owned, the draft
//    commits to private / proprietary / its own intellectual property (and the like).

const CONTRARY: Array<{ mandated: RegExp; opposite: RegExp; what: string }> = [
  {
    mandated: /\b(?:open[- ]source|publicly[- ]available|public(?:ly)?|public domain|open license|non-?proprietary)\b/i,
    opposite: /\b(?:private|proprietary|closed(?:[- ]source)?|internal[- ]only|confidential|restricted access)\b/i,
    what: 'open or public',
  },
  {
    mandated: /\b(?:property of the (?:u\.?s\.? )?government|government[- ]owned|unlimited rights|public domain|owned by the government)\b/i,
    opposite: /\b(?:(?:our|its|their|remains?|retains?|retain)\b[^.]{0,40}\bintellectual property|intellectual property of|proprietary|(?:retains?|keeps?) (?:all )?(?:rights|ownership)|licensed to (?:the )?(?:government|agency|client|customer|[A-Z]{2,}))\b/i,
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

const RECURRING_REQ = /\b(?:throughout|at regular intervals|regularly|periodic(?:ally)?|ongoing|continuous(?:ly)?|(?:each|every)\s+(?:applicable\s+)?(?:sprint|iteration|release|increment|cycle)|not (?:just|only) at the (?:beginning|start|end))\b/i;
const RECURRING_DRAFT =
  /\b(?:(?:each|every|per)\s+(?:\w+\s+)?(?:sprint|iteration|release|increment|cycle|week|month|quarter|review|demo)s?|throughout|ongoing|continuous(?:ly)?|regular(?:ly)?|recurring|weekly|bi-?weekly|monthly|daily|quarterly|from (?:the )?(?:first|day one|start)|in sprints? \d+\s*[-–]\s*\d+|(?:sessions|tests|interviews) in (?:every|each) )\b/i;
const ONE_TIME =
  /\b(?:(?:during|in) the (?:first|initial|final|last|opening) (?:sprint|iteration|phase|week|month|release)|sprint (?:1|one|zero|0)\b|kick-?off|discovery (?:phase|workshops?)|at the (?:start|beginning|end|close|conclusion)\b|once (?:the )?(?:\w+ ){0,3}(?:is|are|has been|have been) (?:complete|completed|finished|done|built|delivered|live)|before (?:go-?live|launch|deployment|production)|(?:after|at) (?:go-?live|launch)|user acceptance testing|\bUAT\b|(?:only|just) (?:once|at))/i;

// ---------------------------------------------------------------------------------------------
// 5. Mandated presence: "must participate", "must attend", "must be present".

const PRESENCE_REQ = /\b(?:must|shall|will be required to|are required to)\s+(?:\w+\s+)?(?:participate|attend|be present|present in person|appear)\b/i;
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
const KEEP_REQ = /\b(?:existing|current(?:ly)?|legacy|must (?:work|integrate|interface|be compatible) with|shall (?:work|integrate|interface|be compatible) with|must be developed using|using|enhance|maintain|extend|within [\w’' ]+ standards)\b/i;

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
  const add = (req: Requirement, rule: ConflictRule, s: DraftSentence, reason: string) => {
    if (found.has(req.requirement_id)) return;
    found.set(req.requirement_id, { requirement_id: req.requirement_id, section: req.section, text: req.text, rule, passage: excerpt(s.text), page: s.page, location_hint: s.location, reason });
  };
  // What each sentence states, read once: figures with units, opposing qualities, replacements,
  // substitutions (each requirement then looks only at the sentences that could contradict it).
  const stated = sentences.map((s) => {
    const out: Array<{ value: number; unit: string; phrase: string }> = [];
    STATED.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = STATED.exec(s.text)) !== null) out.push({ value: toNumber(m[1]), unit: unitKey(m[2]), phrase: m[0] });
    return out;
  });
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
        add(req, 'prohibited', s, `The solicitation rules this out; the draft plans it (${hits.length ? first.word : ''}).`);
        break;
      }
      if (found.has(req.requirement_id)) continue;
    }

    const limits = limitsOf(text);
    if (limits.length) {
      // The thing limited ("quotes … valid"), not the unit: "5 calendar days" and "90 calendar
      // days" share "calendar days" whatever they are about.
      const units = new Set(limits.flatMap((l) => analyse(l.phrase).tokens.map((t) => t.term)));
      const topic = new Set([...f.terms].filter((t) => !isGeneric(t) && !units.has(t)));
      for (const i of withFigures) {
        const s = sentences[i];
        const hits = shared(s, topic);
        if (!hits.some(distinctive) && hits.length < 2) continue;
        let hit: Limit | null = null;
        let said = '';
        for (const st of stated[i]) {
          for (const l of limits) {
            if (l.unit !== st.unit) continue;
            if ((l.kind === 'min' && st.value < l.value) || (l.kind === 'max' && st.value > l.value)) {
              hit = l;
              said = st.phrase;
            }
          }
          // A stated figure within a bound on the same unit settles it.
          if (hit || limits.some((l) => l.unit === st.unit)) break;
        }
        if (hit) {
          add(req, 'limit', s, `The solicitation requires ${hit.phrase}; the draft states ${said}.`);
          break;
        }
      }
      if (found.has(req.requirement_id)) continue;
    }

    CONTRARY.forEach((c, ci) => {
      if (found.has(req.requirement_id)) return;
      const mm = c.mandated.exec(text);
      if (!mm) return;
      const mandatedTerms = new Set(analyse(mm[0]).tokens.map((t) => t.term));
      for (const o of opposites[ci]) {
        const s = sentences[o.i];
        // On the same subject: a shared topic word outside the opposing phrase itself.
        const subject = new Set([...f.terms].filter((t) => !o.terms.has(t) && (!mandatedTerms.has(t) || mandatedTerms.size > 1)));
        if (!shared(s, subject, o.terms).length) continue;
        add(req, 'contrary', s, `The solicitation requires it to be ${c.what}; the draft says "${o.match}".`);
        break;
      }
    });
    if (found.has(req.requirement_id)) continue;

    if (RECURRING_REQ.test(text)) {
      const topic = new Set([...f.terms].filter((t) => !isGeneric(t) && distinctive(t)));
      const about = sentences.filter((s) => !s.deferred && shared(s, topic).length > 0);
      // Scheduled only at one point (kickoff, first sprint, before go-live) and never recurring.
      const once = about.find((s) => ONE_TIME.test(s.text));
      if (once && !about.some((s) => RECURRING_DRAFT.test(s.text))) {
        add(req, 'one-time', once, 'The solicitation requires this throughout the work; the draft schedules it only once.');
        continue;
      }
    }

    if (PRESENCE_REQ.test(text)) {
      const topic = new Set([...f.terms].filter((t) => !isGeneric(t)));
      for (const i of substitutes) {
        const s = sentences[i];
        // About the same occasion: the sentence, or its section, names it.
        const context = sectionTerms.get(s.section) ?? new Set();
        let n = 0;
        for (const t of topic) if (context.has(t)) n += 1;
        if (!n && !shared(s, topic).length) continue;
        add(req, 'substitute', s, 'The solicitation requires these people to take part; the draft sends someone else.');
        break;
      }
      if (found.has(req.requirement_id)) continue;
    }

    if (KEEP_REQ.test(text)) {
      const names = namedThings(text);
      if (names.length) {
        for (const i of replacements) {
          const s = sentences[i];
          const lower = s.text.toLowerCase();
          const name = names.find((n) => new RegExp(`(?:^|[^a-z0-9])${n.replace(/[.+#]/g, '\\$&')}(?:$|[^a-z0-9])`).test(lower));
          if (!name) continue;
          add(req, 'replaced', s, `The solicitation requires working with ${name === name.toUpperCase() ? name : s.text.slice(lower.indexOf(name), lower.indexOf(name) + name.length)}; the draft replaces it.`);
          break;
        }
      }
    }
  }

  // Spread: to lead-ins of the same paragraph and to requirements that cite it.
  const conflictedParagraphs = new Map<string, Conflict>();
  for (const c of found.values()) {
    const p = paragraphOf(c.requirement_id);
    if (p && !conflictedParagraphs.has(p)) conflictedParagraphs.set(p, c);
  }
  if (conflictedParagraphs.size) {
    for (const req of candidates) {
      if (found.has(req.requirement_id)) continue;
      const own = paragraphOf(req.requirement_id);
      let source: Conflict | undefined;
      if (own && /:\s*$/.test(req.text)) source = conflictedParagraphs.get(own);
      for (const ref of referencedParagraphs(req.text)) source ??= conflictedParagraphs.get(ref);
      if (!source) continue;
      found.set(req.requirement_id, {
        requirement_id: req.requirement_id,
        section: req.section,
        text: req.text,
        rule: 'referenced',
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
