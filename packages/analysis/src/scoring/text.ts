import { stemmer } from 'stemmer';
import { EQUIVALENTS } from './equivalents';

/**
 * Word-level normalisation shared by the draft and the requirements: lower-case words, stopwords
 * out, Porter stems, then a small table of generic proposal synonyms folded onto one canonical stem
 * so a draft that says "our personnel" answers "the Offeror's staff".
 */

// Function words and modal verbs. They carry no topic, and their share of a passage is what tells
// prose ("We will deliver the plan within 30 days") from a keyword list ("plan delivery 30 days").
export const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each either etc few for from further had has ' +
    'have having he her here hers herself him himself his how i if in into is it its itself just least less ' +
    'let me more most my myself neither no nor not now of off on once only or other otherwise ought our ours ' +
    'ourselves out over own per same shall she should so some such than that the their theirs them themselves ' +
    'then there these they this those through thus to too under until up upon us very via was we were what ' +
    'when where whether which while who whom whose why will with within without would you your yours may ' +
    'might must need needs another including include includes included e g ie i e eg its it’s '
  )
    .split(/\s+/)
    .filter(Boolean),
);

// Proposal synonyms: each group folds onto its first word's stem. Generic to proposal writing;
// nothing here is specific to one solicitation. Parties ("we" / "the Offeror") are folded too, so a
// requirement's subject does not count against a draft written in the first person.
const SYNONYM_GROUPS: string[][] = [
  [
    'offeror',
    'offerors',
    'contractor',
    'contractors',
    'vendor',
    'vendors',
    'quoter',
    'quoters',
    'bidder',
    'provider',
    'awardee',
    'company',
    'firm',
  ],
  ['staff', 'staffing', 'personnel', 'employee', 'employees', 'workforce', 'manpower', 'people'],
  ['submit', 'provide', 'deliver', 'furnish', 'supply', 'present', 'submission', 'delivery', 'provision'],
  ['describe', 'explain', 'detail', 'discuss', 'outline', 'demonstrate', 'show', 'illustrate', 'description', 'explanation'],
  ['approach', 'plan', 'methodology', 'method', 'strategy', 'process', 'procedure'],
  ['experience', 'expertise', 'background', 'experienced', 'knowledge', 'knowledgeable'],
  ['ensure', 'assure', 'guarantee'],
  ['proposal', 'quote', 'quotation', 'offer', 'bid', 'response'],
  ['government', 'agency', 'client', 'customer'],
  ['schedule', 'timeline', 'timetable'],
  ['cost', 'price', 'pricing', 'fee'],
  ['manage', 'management', 'oversee', 'oversight', 'administer', 'administration', 'supervise', 'supervision'],
  ['qualification', 'qualifications', 'qualified', 'credential', 'credentials'],
  ['security', 'secure', 'cybersecurity', 'cyber'],
  ['transition', 'handover', 'handoff', 'transfer'],
  ['resume', 'resumes', 'cv', 'biography', 'biographies'],
  ['use', 'utilize', 'utilise', 'employ', 'leverage', 'apply'],
  ['develop', 'build', 'create', 'construct'],
  ['comply', 'compliance', 'compliant', 'conform', 'adhere', 'satisfy', 'fulfill', 'fulfil', 'meet', 'consistent', 'consistency'],
  ['improve', 'enhance', 'optimize', 'improvement', 'enhancement'],
  ['reduce', 'minimize', 'decrease', 'lower', 'mitigate', 'mitigation'],
  ['subcontractor', 'subcontractors', 'partner', 'partners', 'teammate', 'teammates'],
  ['past', 'prior', 'previous', 'recent'],
  ['sprint', 'iteration'],
  ['deadline', 'due'],
  ['problem', 'issue', 'incident'],
  ['correct', 'fix', 'resolve', 'remediate', 'remediation', 'resolution'],
  ['identify', 'detect', 'specify', 'designate', 'identification', 'detection'],
  ['retain', 'keep', 'retention'],
  ['position', 'role'],
  ['capable', 'skilled', 'competent', 'capability', 'skill', 'skills', 'proficiency', 'proficient'],
  ['monitor', 'track', 'tracking', 'monitoring'],
  ['train', 'training', 'educate', 'education', 'onboard', 'onboarding'],
  ['guideline', 'guidelines', 'guide', 'guidance', 'handbook'],
  ['document', 'documentation', 'doc', 'docs'],
  [
    'collaborate',
    'collaboration',
    'collaborative',
    'collaborating',
    'coordinate',
    'coordination',
    'coordinating',
    'cooperate',
    'cooperation',
    'jointly',
  ],
  ['implement', 'implementation', 'execute', 'execution'],
  ['end', 'ends', 'conclusion', 'conclude', 'concludes', 'completion', 'expiration', 'close-out', 'closeout'],
  ['assist', 'assistance', 'help', 'aid'],
  ['attend', 'attendance', 'participate', 'participation', 'join'],
  ['periodic', 'periodically', 'regular', 'regularly', 'recurring', 'cadence'],
];

// Canonical stems that every proposal and every instruction uses: they still count, at a fraction
// of a topic word's weight, and never count as "key terms" of a solicitation.
const GENERIC_WORDS = [
  'offeror',
  'submit',
  'describe',
  'proposal',
  'government',
  'requirement',
  'section',
  'page',
  'volume',
  'factor',
  'evaluate',
  'evaluation',
  'ability',
  'information',
  'following',
  'provided',
  'able',
  'addition',
  'additional',
  'appropriate',
  'ensure',
  'use',
  'within',
  'contract',
  'work',
  'applicable',
  'identify',
  'relevant',
  'specific',
  'perform',
  'performance',
  'task',
  'order',
  'clearly',
  'list',
  'each',
  'one',
  'two',
  'three',
  'address',
  'well',
  // Evaluation adjectives: every factor asks for a "strong", "sound", "detailed" "technical" approach.
  'technical',
  'strong',
  'clear',
  'detailed',
  'comprehensive',
  'effective',
  'sound',
  'robust',
  'overall',
  'proposed',
  'demonstrated',
  'understanding',
  'adequate',
  'acceptable',
  'major',
  // Light words of any instruction: they frame what is asked without being what is asked.
  'allow',
  'successfully',
  'successful',
  'available',
  'made',
  'make',
  'conduct',
  'conducted',
  'possible',
  'whenever',
  'necessary',
  'various',
  'certain',
  'related',
  'regarding',
  'respective',
  'particularly',
  'meaning',
  'otherwise',
  'reasonable',
  'intend',
  'intends',
  'expected',
  'required',
  'requirement',
  'requirements',
  'particular',
  'necessarily',
  'exist',
  'exists',
  'way',
];

const stemCache = new Map<string, string>();

/** Porter stem of a lower-case word, cached (drafts repeat their vocabulary). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(word);
    stemCache.set(word, s);
  }
  return s;
}

const CANONICAL = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const head = stem(group[0]);
  for (const w of group) CANONICAL.set(stem(w), head);
}

/** The stem a synonym group folds onto, or the stem itself. */
export function canonical(stemmed: string): string {
  return CANONICAL.get(stemmed) ?? stemmed;
}

// Equivalent names (equivalents.ts): one pass of one expression finds any of them; the matched
// text, lower-cased with hyphens as spaces, says which concept it names. A single-word acronym also
// folds its own word onto the concept.
const conceptOf = new Map<string, string>();
const normaliseName = (s: string) => s.toLowerCase().replace(/[\s-]+/g, ' ');
for (const [concept, names] of EQUIVALENTS) {
  for (const name of names) {
    conceptOf.set(normaliseName(name), `=${concept}`);
    const acronym = /^([A-Z][A-Z0-9]+)(?:-\d+)?$/.exec(name);
    if (acronym && /[A-Z]{2}/.test(acronym[1])) CANONICAL.set(stem(acronym[1].toLowerCase()), `=${concept}`);
  }
}
const CONCEPT_NAMES = [...conceptOf.keys()].sort((a, b) => b.length - a.length);
const CONCEPT = new RegExp(
  `(?<![a-z0-9])(?:${CONCEPT_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[\\s-]*')).join('|')})(?![a-z0-9])`,
  'g',
);

const GENERIC = new Set(GENERIC_WORDS.map((w) => canonical(stem(w))));

/** Canonical stems that say little about topic (parties, "submit", "describe", ...). */
export function isGeneric(term: string): boolean {
  return GENERIC.has(term);
}

/** One content word of a text: its surface form, stem and canonical (synonym-folded) stem. */
export interface Token {
  word: string;
  stem: string;
  term: string;
  /** A word inside a name of a concept ("authority" in "Authority to Operate"): the concept's term
   * stands for it, so a requirement is not judged on the words of a name the draft gives otherwise. */
  inConcept?: boolean;
  /** For a concept's term: the terms of the words its name stands for (see `inConcept`). */
  covers?: string[];
}

export interface Analysed {
  /** Content words in order (stopwords and numbers removed). */
  tokens: Token[];
  /** Every word including stopwords, for style measures. */
  wordCount: number;
  stopwordCount: number;
  /** Numbers as written, commas dropped ("25,000" → "25000"; "99.9"). */
  numbers: string[];
}

const PARTY = canonical(stem('offeror'));
const EXPERIENCE = canonical(stem('experience'));
const COUNT_WORDS = new Set(
  'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen twenty thirty several many'.split(' '),
);
const PARTY_PRONOUNS = new Set(['we', 'our', 'ours', 'us']);
const WORD = /[a-z0-9]+(?:[.,:][0-9]+)*/g;
const DIGIT = /^[0-9]/;

/** Splits text into content tokens and counts; linear in its length. */
export function analyse(text: string): Analysed {
  const tokens: Token[] = [];
  const numbers: string[] = [];
  let wordCount = 0;
  let stopwordCount = 0;
  // "Prior to" is "before" (a function phrase), not the "prior" of "prior experience".
  const lower = text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/\bprior to\b/g, 'before')
    // An "end-user" is a user, not an end; "front end", "front-end" and "frontend" are one word.
    .replace(/\bend[- ](users?)\b/g, '$1')
    .replace(/\b(front|back)[- ]end(s?)\b/g, '$1end$2');
  const starts: number[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  let previous = '';
  while ((m = WORD.exec(lower)) !== null) {
    const w = m[0];
    wordCount += 1;
    // "Eleven years of C#", "8 years leading Scrum teams": a count of years is experience.
    if ((w === 'years' || w === 'year') && (DIGIT.test(previous) || COUNT_WORDS.has(previous))) {
      tokens.push({ word: w, stem: EXPERIENCE, term: EXPERIENCE });
      starts.push(m.index);
    }
    previous = w;
    if (DIGIT.test(w)) {
      numbers.push(w.replace(/,/g, '').replace(/[.:]$/, ''));
      continue;
    }
    if (STOPWORDS.has(w) || w.length < 2) {
      stopwordCount += 1;
      // "We" / "our" are the offeror speaking: kept as the party term, still counted as function words.
      if (PARTY_PRONOUNS.has(w)) {
        tokens.push({ word: w, stem: w, term: PARTY });
        starts.push(m.index);
      }
      continue;
    }
    const s = stem(w);
    tokens.push({ word: w, stem: s, term: canonical(s) });
    starts.push(m.index);
  }
  const words = tokens.length;
  // Concepts named in other words ("WCAG 2.1" and "Section 508"): one term both sides share.
  CONCEPT.lastIndex = 0;
  while ((m = CONCEPT.exec(lower)) !== null) {
    const concept = conceptOf.get(normaliseName(m[0]));
    if (!concept) continue;
    const token: Token = { word: m[0], stem: concept, term: concept };
    tokens.push(token);
    // A name of several words stands for its words ("documented inline", "authority to operate"),
    // and so does the concept's general name ("an Agile framework" is met by Scrum). A member named
    // alone ("Scrum") stays its own word too: Kanban does not answer it.
    if (!/[\s-]/.test(m[0]) && normaliseName(m[0]) !== normaliseName(concept.slice(1))) continue;
    const from = m.index;
    const to = m.index + m[0].length;
    for (let i = 0; i < words; i++) {
      if (starts[i] < from || starts[i] >= to) continue;
      tokens[i].inConcept = true;
      (token.covers ??= []).push(tokens[i].term);
    }
  }
  return { tokens, wordCount, stopwordCount, numbers };
}

/** Unordered key for two adjacent content terms: "transition plan" and "plan for transition" agree. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

/** Pair keys of adjacent content terms (distinct terms only). */
export function pairs(tokens: Token[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < tokens.length; i++) {
    const a = tokens[i - 1].term;
    const b = tokens[i].term;
    if (a !== b) out.add(pairKey(a, b));
  }
  return out;
}
