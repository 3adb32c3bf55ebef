import { EVALUATION_VERB, EVALUATION_VOCAB, HIGH_IMPORTANCE, IMPERATIVE_VERBS, PARTY_WORD, PROCESS_PASSIVE } from '../cues';
import { EMPTY_DOCUMENT_LEXICON, type DocumentLexicon } from './document-lexicon';
import { BUYER_NAMES, BUYER_SHORT_NAMES, alternation } from './lexicon';
import { NOT_A_REQUIREMENT } from './exclusions';
import type { Rule } from './types';

/** Rules of the evaluation part (Section M): the buyer's process is not a criterion; its criteria are. */

// "The Government / the evaluators / we ..." opening a sentence, with what follows it.
const BUYER_OPENING = new RegExp(
  `^(?:[^,]{0,60},\\s*)?(?:the\\s+)?(?:technical\\s+)?(?:${alternation(BUYER_NAMES)}|source selection \\w+|${alternation(BUYER_SHORT_NAMES)})\\b\\s+(?<rest>.{0,60})`,
  'i',
);

// The document's buyer names as sentence openings, built once per document lexicon.
const openings = new WeakMap<DocumentLexicon, RegExp[]>();
function lexiconOpenings(lex: DocumentLexicon): RegExp[] {
  let found = openings.get(lex);
  if (!found) {
    found = [lex.buyerAcronym, lex.buyerName]
      .filter((re): re is RegExp => re !== null)
      .map((re) => new RegExp(`^(?:the\\s+)?(?:${re.source})\\s+`, re.flags));
    openings.set(lex, found);
  }
  return found;
}

function buyerOpening(t: string, lex: DocumentLexicon): { subject: string; rest: string } | null {
  const m = BUYER_OPENING.exec(t);
  if (m) return { subject: m[0].slice(0, m[0].length - (m.groups?.rest ?? '').length), rest: m.groups?.rest ?? '' };
  // The buyer under the name the document gives it ("FDA will evaluate ...").
  for (const re of lexiconOpenings(lex)) {
    const n = re.exec(t);
    if (n) return { subject: n[0], rest: t.slice(n[0].length, n[0].length + 60) };
  }
  return null;
}

/** In the evaluation part, a buyer sentence is a criterion only when it says how offers are judged or award decided. */
export function isBuyerProcess(t: string, lex: DocumentLexicon = EMPTY_DOCUMENT_LEXICON): boolean {
  const m = buyerOpening(t, lex);
  if (!m || PARTY_WORD.test(m.subject)) return false;
  if (/^(may|might|can|could|reserves?|retains?)\b/i.test(m.rest)) return true;
  // "The Government will not evaluate travel costs": what the buyer leaves out of its process.
  if (/^(?:will|shall|does|do)\s+not\s+(?!consider|accept)\w/i.test(m.rest)) return true;
  if (HIGH_IMPORTANCE.test(t)) return false;
  // The verb right after the subject decides: "will evaluate", "intends to award" are criteria;
  // "anticipates a single award", "will compute" are process.
  const verb = /^(?:(?:will|shall|must|also|then|not)\s+)*(\w+)/i.exec(m.rest)?.[1] ?? '';
  return !EVALUATION_VERB.test(verb);
}

export const buyerProcess: Rule = {
  id: 'evaluation.buyer-process',
  stage: 'cue',
  priority: 60,
  description: "The buyer's own process in the evaluation part (reservations, computing, anticipating) is no criterion.",
  decide: ({ text, ctx }) => (ctx.section === 'M' && isBuyerProcess(text, ctx.lexicon) ? NOT_A_REQUIREMENT : null),
  examples: {
    fire: [
      { text: 'The Government anticipates making a single award.', ctx: { section: 'M' } },
      { text: 'The Government may hold discussions with offerors in the competitive range.', ctx: { section: 'M' } },
      { text: 'The Government will not evaluate travel costs.', ctx: { section: 'M' } },
    ],
    silent: [
      { text: 'The Government will evaluate the staffing plan for realism.', ctx: { section: 'M' } },
      { text: 'The Government anticipates making a single award.', ctx: { section: 'L' } },
    ],
  },
};

// Notifying, inviting or contacting the offeror is the buyer's process whoever the subject is.
const PARTY_NOTICE = /\bwill (?:then )?(?:not )?be (?:notified|invited|contacted|informed|advised|scheduled)\b/i;
// "X will receive one of the ratings described in Table M-1", "rated using the table below": the scale's use.
const RATING_PROCESS =
  /\bwill (?:receive|be assigned) (?:an? |one of the )?(?:\w+ )?(?:\w+ )?ratings?\b|\brated using\b|\bratings? (?:described|defined|shown|listed) (?:in|below|above)\b/i;

export const processPassive: Rule = {
  id: 'evaluation.process-passive',
  stage: 'cue',
  priority: 70,
  description:
    'Buyer handling in the passive in the evaluation part ("scores will then be added") is process, unless the offeror is the subject.',
  patterns: [PARTY_NOTICE, RATING_PROCESS],
  decide: ({ text, ctx }) =>
    ctx.section === 'M' &&
    ((PROCESS_PASSIVE.test(text) && !PARTY_WORD.test(text.split(/\bwill\b/i)[0])) || PARTY_NOTICE.test(text) || RATING_PROCESS.test(text))
      ? NOT_A_REQUIREMENT
      : null,
  examples: {
    fire: [
      { text: 'Price scores will then be added to the technical scores.', ctx: { section: 'M' } },
      { text: 'Offerors in the competitive range will be invited to an oral presentation.', ctx: { section: 'M' } },
      { text: 'The staffing factor will receive one of the ratings described in Table 2.', ctx: { section: 'M' } },
    ],
    silent: [{ text: 'Past performance will be evaluated for recency.', ctx: { section: 'M' } }],
  },
};

// "Technical Factors used for evaluation:": a caption over the factors, with no verb of its own.
const FINITE_OR_MODAL = /\b(?:is|are|was|were|has|have|do|does|will|shall|must|should|may|can|could|would)\b/i;

// "Include total price only:", "If yes, complete the following:", "Please return ... to:": an instruction, not a caption.
const asksSomething = (t: string) =>
  /\bplease\b/i.test(t) || t.split(/,\s*/).some((clause) => IMPERATIVE_VERBS.has(clause.trim().split(/\s+/)[0].toLowerCase()));

export const factorCaption: Rule = {
  id: 'evaluation.factor-caption',
  stage: 'cue',
  priority: 75,
  description:
    'In the evaluation part, a caption over a list of factors ("Technical Factors used for evaluation:") says nothing of its own: its items are the factors (FP-EVAL-PROCESS).',
  patterns: [FINITE_OR_MODAL],
  decide: ({ text, ctx }) =>
    ctx.section === 'M' &&
    ctx.leadIn &&
    text.endsWith(':') &&
    text.split(/\s+/).length <= 8 &&
    !FINITE_OR_MODAL.test(text) &&
    !asksSomething(text)
      ? { level: 'none', cue: null }
      : null,
  examples: {
    fire: [
      { text: 'Technical Factors used for evaluation:', ctx: { section: 'M', leadIn: true } },
      { text: 'Non-price factors:', ctx: { section: 'M', leadIn: true } },
    ],
    silent: [
      { text: 'The following factors shall be used to evaluate offers:', ctx: { section: 'M', leadIn: true } },
      { text: 'Key personnel proposed have demonstrated experience in:', ctx: { section: 'M', leadIn: true } },
      { text: 'Technical Factors used for evaluation:', ctx: { section: 'L', leadIn: true } },
      { text: 'If yes, complete the following:', ctx: { section: 'M', leadIn: true } },
    ],
  },
};

const M_PLAIN_CRITERION =
  /\b(factors?|subfactors?|criteri(a|on)|evaluat(e|ed|es|ing)|assess(ed|es|ing)?|rated|scored|considered|reviewed|weighted|demonstrat\w*|best value|trade-?off|select\w*|intend\w*|reasonabl\w*|lowest)\b/i;

export const criterion: Rule = {
  id: 'evaluation.criterion',
  stage: 'cue',
  priority: 220,
  description:
    'In the evaluation part, a statement that names a factor, an evaluation or relative importance, or a question, is a criterion.',
  patterns: [M_PLAIN_CRITERION],
  decide: ({ text: t, ctx }) => {
    if (ctx.section !== 'M' || !(EVALUATION_VOCAB.test(t) || t.endsWith('?'))) return null;
    if (/^there (will|shall|is|are) /i.test(t) && !M_PLAIN_CRITERION.test(t)) return null;
    if (!/\b(will|shall|must|should|may)\b/i.test(t) && !t.endsWith('?') && !HIGH_IMPORTANCE.test(t) && !M_PLAIN_CRITERION.test(t))
      return null;
    // MOD-MAY: "may" alone in the evaluation part reserves a choice; it is a criterion only when it evaluates.
    if (/\bmay\b/i.test(t) && !/\b(will|shall|must|should)\b/i.test(t) && !M_PLAIN_CRITERION.test(t) && !t.endsWith('?')) return null;
    return { level: 'weak', cue: 'criterion' };
  },
  examples: {
    fire: [
      { text: 'Technical approach will be evaluated for feasibility and risk.', ctx: { section: 'M' } },
      { text: 'Does the approach demonstrate an understanding of the requirement?', ctx: { section: 'M' } },
      { text: 'Technical factors are significantly more important than price.', ctx: { section: 'M' } },
    ],
    silent: [
      { text: 'Contract months are assumed to be the same length.', ctx: { section: 'M' } },
      { text: 'Technical approach will be evaluated for feasibility and risk.', ctx: { section: 'C' } },
      { text: 'Pricing information may include labor rates.', ctx: { section: 'M' } },
    ],
  },
};

export const EVALUATION_RULES: readonly Rule[] = [buyerProcess, processPassive, factorCaption, criterion];
