import { ADVICE, CONSEQUENCE, EXPECTATION, HEDGED_REQUIRED, REQUIRED_PHRASE, SHOULD_PHRASE } from '../cues';
import { clauseSubject, isGovernment, isOfferorSubject, subjectIsOfferor, subordinatePhrase } from './subject';
import { PARTY_WORD } from '../cues';
import { BUYER_PROCESS_NOUNS, alternation } from './lexicon';
import { NOT_A_REQUIREMENT } from './exclusions';
import type { Rule, UnitContext } from './types';

/** Cue-stage rules for obligations phrased without a modal: required, expected, consequences, advice. */

// "X requires Y" with a deliverable or the offer as subject (CUE-LEXICON): what it must contain.
const REQUIRES_CONTENT =
  /^(?:the|each|every|all|this|your)?\s*(?:\w+\s+){0,3}?(?:proposals?|quotes?|quotations?|offers?|volumes?|submissions?|responses?|deliverables?|reports?|plans?|packages?|narratives?)\s+requires?\s+(?!that\b)\w/i;
// A limit negated or hedged ("need not", "is not required to") stays out; negation sits before the phrase.
const NEGATED = /\b(not|never|no longer)\s+(\w+\s+)?$/i;

// The phrase binds the offeror: its subject is not the buyer, it is no relative or unforeseen clause,
// and when the buyer is the sentence's actor the phrase's own subject names the offeror.
function offerorsPhrase(t: string, index: number, ctx: UnitContext, buyerActs: boolean): boolean {
  if (subordinatePhrase(t, index) || !subjectIsOfferor(t, index, ctx.lexicon)) return false;
  return !buyerActs || PARTY_WORD.test(clauseSubject(t.slice(Math.max(0, index - 160), index)));
}

export const required: Rule = {
  id: 'phrase.required',
  stage: 'cue',
  priority: 100,
  description:
    '"is required to", "are mandatory", "X requires Y" with the offeror or its offer as subject, unless hedged ("may be required").',
  patterns: [REQUIRES_CONTENT, NEGATED],
  decide: ({ text, ctx, modal }) => {
    const m = REQUIRED_PHRASE.exec(text);
    if (
      m &&
      !HEDGED_REQUIRED.test(text) &&
      !NEGATED.test(text.slice(Math.max(0, m.index - 20), m.index)) &&
      offerorsPhrase(text, m.index, ctx, modal.buyerActs)
    )
      return { level: 'strong', cue: 'required' };
    return REQUIRES_CONTENT.test(text) ? { level: 'strong', cue: 'requires' } : null;
  },
  examples: {
    fire: [
      'Offerors are required to submit a COI statement.',
      'Each resume is mandatory for key personnel.',
      'The technical volume requires a staffing table.',
    ],
    silent: [
      'Additional data may be required during performance.',
      'The Government is required to publish the award.',
      'This effort is required to provide expertise.',
      'Contractor personnel that are required to obtain a badge will be issued a laptop.',
      'The Government will determine which security controls are required.',
    ],
  },
};

export const consequence: Rule = {
  id: 'cue.consequence',
  stage: 'cue',
  priority: 106,
  description:
    'What befalls a non-compliant offer ("will not be considered", "Failure to ... will", "No ... may be included", "is prohibited"): the duty it implies binds the offeror, whoever the grammatical subject.',
  decide: ({ text }) => (CONSEQUENCE.test(text) ? { level: 'strong', cue: 'consequence' } : null),
  examples: {
    fire: [
      'Quotes received after the closing time will not be considered.',
      'Failure to acknowledge all amendments will render the quote ineligible.',
      'No price changes will be accepted after the closing date.',
      'Use of subcontractors is prohibited.',
      'Proposals that exceed the page limit will be deemed nonresponsive.',
      'The Government will not consider quotes that take exception to the terms.',
      {
        text: 'Statements in the interview that contradict the written quote could result in a lower confidence rating.',
        ctx: { section: 'M' },
      },
    ],
    silent: [
      'Clarifications requested by the Government will be answered by email.',
      'Late quotes are handled under FAR 52.212-1(f).',
      { text: 'A higher rating will result in a better chance of award.', ctx: { section: 'M' } },
    ],
  },
};

export const consequenceOnBuyer: Rule = {
  id: 'cue.consequence-buyer',
  stage: 'cue',
  priority: 105,
  description:
    'A consequence stated of what the buyer itself does ("Clarifications requested by the Government will not be considered discussions") is the buyer\'s process.',
  decide: ({ text, ctx }) => {
    const m = CONSEQUENCE.exec(text);
    return m &&
      !subjectIsOfferor(text, m.index, ctx.lexicon) &&
      !/^failure\b/i.test(text) &&
      !/^no\b/i.test(text) &&
      /\b(government|contracting officer|agency)\b/i.test(text.slice(0, m.index))
      ? NOT_A_REQUIREMENT
      : null;
  },
  examples: {
    fire: [
      'Clarifications requested by the Government will not be considered discussions.',
      'Efforts by the Contracting Officer to clarify, under FAR 15.306, will not be considered discussions.',
    ],
    silent: ['Quotes received after the closing time will not be considered.', 'No price changes will be accepted after the closing date.'],
  },
};

// "expects (that) the contractor / repositories / the labor categories ...": what the buyer expects of
// the offeror and its work, unless what it expects is its own process ("expects these interviews to").
const BUYER_EXPECTS = new RegExp(
  `\\bexpects?\\s+(?!to\\b)(?:that\\s+)?(?!(?:\\w+\\s+){0,3}(?:${alternation(BUYER_PROCESS_NOUNS)})\\b)\\w`,
  'i',
);

export const expectation: Rule = {
  id: 'phrase.expected',
  stage: 'cue',
  priority: 140,
  description:
    '"is expected to", "the Government expects", "is responsible for", "will need to", "it is essential that" with the offeror as subject.',
  decide: ({ text, ctx, modal }) => {
    const m = EXPECTATION.exec(text);
    // "is responsible for" binds only the offeror or its people (FP-SUBJECT-BLIND): "These individuals
    // are responsible for reporting" describes someone else's job.
    const responsibility =
      m !== null &&
      /responsible|need to/i.test(m[0]) &&
      !isOfferorSubject(clauseSubject(text.slice(Math.max(0, m.index - 160), m.index)), ctx.lexicon) &&
      !PARTY_WORD.test(text.slice(0, m.index));
    if (m && !responsibility && offerorsPhrase(text, m.index, ctx, modal.buyerActs)) return { level: 'strong', cue: 'expected' };
    // CUE-BUYER-NAME: "<the buyer, by any of its names> expects (that) the contractor ...".
    const e = BUYER_EXPECTS.exec(text);
    return e && isGovernment(clauseSubject(text.slice(Math.max(0, e.index - 160), e.index)), ctx.lexicon)
      ? { level: 'strong', cue: 'expects' }
      : null;
  },
  patterns: [BUYER_EXPECTS],
  examples: {
    fire: [
      'The Contractor is expected to staff the help desk from 7 a.m.',
      'The Offeror will need to obtain a facility clearance before award.',
      'The Government expects the Contractor to propose a phased transition.',
      'The Government expects repositories to contain a README.',
      'It is essential that all resumes show current certifications.',
      {
        text: 'OFA expects that the contractor will hold weekly demonstrations.',
        ctx: {
          lexicon: { buyerNames: new Set(), buyerAcronyms: new Set(['OFA']), roles: new Set(), buyerName: null, buyerAcronym: /\bOFA\b/ },
        },
      },
    ],
    silent: [
      'The Government is responsible for site access.',
      'Customer agencies are expected to place orders quarterly.',
      'The government expects these interviews to last an hour.',
      'These individuals are responsible for reporting data to the agency.',
      'Data validation rules will need to be adapted to the new format.',
      'The government does not anticipate that contractor personnel will need to access PII.',
      'OFA expects that the contractor will hold weekly demonstrations.',
      'Offerors expect prompt answers.',
      'The Government expects to provide security controls as user stories.',
    ],
  },
};

export const encouraged: Rule = {
  id: 'phrase.encouraged',
  stage: 'cue',
  priority: 160,
  description: '"is encouraged / recommended / preferred", "we suggest", "offerors are cautioned to": advice, a should-requirement.',
  decide: ({ text }) => (SHOULD_PHRASE.test(text) || ADVICE.test(text) ? { level: 'should', cue: 'encouraged' } : null),
  examples: {
    fire: ['Use of color graphics is preferable.', 'Offerors are encouraged to visit the site.', 'We suggest including the following:'],
    silent: ['Offerors shall visit the site.'],
  },
};

export const OBLIGATION_RULES: readonly Rule[] = [required, consequenceOnBuyer, consequence, expectation, encouraged];
