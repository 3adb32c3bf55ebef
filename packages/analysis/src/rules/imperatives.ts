import {
  AMBIGUOUS_VERBS,
  BE_IMPERATIVE,
  DETERMINER,
  IF_POSSIBLE,
  IMPERATIVE_PREFIX,
  IMPERATIVE_VERBS,
  OPTIONAL_CONDITION,
  PROHIBITIVE_IMPERATIVE,
} from '../cues';
import type { Rule } from './types';

/** Cue-stage rules for imperatives: "Submit ...", "Do not ...", "NOTE: Provide ...", "(Include ...)". */

// "NOTE:", "Important:", "Reminder -" before an imperative.
const NOTE_PREFIX = /^(?:note|nb|important|reminder|caution)\s*[:–—-]\s*/i;
// A long subordinate clause before the verb: "When the draft is complete and reviewed by the team, submit ..."
const AFTER_LEAD_CLAUSE = /^[^,]{3,160},\s+(?:please\s+)?([a-z][a-z-]+)\s+(\S+)/;

function verbAt(first: string, next: string | undefined): boolean {
  const v = first.toLowerCase();
  if (!IMPERATIVE_VERBS.has(v)) return false;
  if (!AMBIGUOUS_VERBS.has(v)) return true;
  // "Use 12-point font", "Label each volume": a noun does not take a number or determiner after it.
  return next !== undefined && (DETERMINER.test(next) || /^(and|or|with|to)$/i.test(next) || /^\d/.test(next));
}

/** An imperative after a lead clause ("If not, indicate the amount"), or null. */
export function imperativeAfterClause(t: string): string | null {
  const m = AFTER_LEAD_CLAUSE.exec(t.replace(/^[“"‘'(]+/, '').replace(NOTE_PREFIX, ''));
  return m && verbAt(m[1], m[2]) ? m[1] : null;
}

/** The imperative verb that opens `t` (after a prefix, a note label, an opening parenthesis or a lead clause), or null. */
export function imperativeVerb(t: string): string | null {
  const unquoted = t.replace(/^[“"‘'(]+/, '').replace(NOTE_PREFIX, '');
  const stripped = unquoted.replace(IMPERATIVE_PREFIX, '');
  const prefixed = stripped !== t;
  const words = stripped.split(/\s+/);
  // A verb at the start must be capitalised like a sentence start ("Submit"), not a mid-list fragment.
  if ((prefixed ? /^[A-Za-z][a-z-]+$/ : /^[A-Z][a-z-]+$/).test(words[0] ?? '') && verbAt(words[0], words[1]?.replace(/[,.;:]$/, '')))
    return words[0];
  // "Two weeks prior to conclusion, provide a transition plan."
  const afterLead = AFTER_LEAD_CLAUSE.exec(stripped);
  if (afterLead && verbAt(afterLead[1], afterLead[2])) return afterLead[1];
  return null;
}

export const prohibition: Rule = {
  id: 'imperative.prohibition',
  stage: 'cue',
  priority: 80,
  description: '"Do not ...", "Never ...": a prohibition in the imperative binds like "shall not".',
  decide: ({ text }) =>
    PROHIBITIVE_IMPERATIVE.test(text.replace(NOTE_PREFIX, '').replace(IMPERATIVE_PREFIX, '')) ? { level: 'strong', cue: 'do not' } : null,
  patterns: [NOTE_PREFIX],
  examples: {
    fire: ['Do not submit hard copies.', 'Please do not include pricing in the technical volume.', 'NOTE: Do not staple the volumes.'],
    silent: ['Offerors do not need to attend.'],
  },
};

// "Number 647", "Test 3": a verb-like word and a number with nothing else is a label, not an order.
const WORD_AND_NUMBER = /^[A-Za-z]+\s+[\d][\d\s.,:/-]*$/;

export const imperative: Rule = {
  id: 'imperative.verb',
  stage: 'cue',
  priority: 190,
  description:
    'A sentence opening with an imperative verb (after "Please", "Step 2:", "NOTE:", a parenthesis or a lead clause) is a must; softened ("if possible", "if helpful") a should.',
  patterns: [AFTER_LEAD_CLAUSE, WORD_AND_NUMBER],
  decide: ({ text }) => {
    if (WORD_AND_NUMBER.test(text)) return null;
    const verb = imperativeVerb(text) ?? (BE_IMPERATIVE.test(text.replace(/^[^,]{3,100},\s+/, '')) ? 'be' : null);
    if (!verb || OPTIONAL_CONDITION.test(text)) return null;
    return IF_POSSIBLE.test(text) ? { level: 'should', cue: 'if possible' } : { level: 'weak', cue: 'imperative' };
  },
  examples: {
    fire: [
      'Please provide a point of contact for invoicing.',
      'Use 12-point Arial font for all narrative text.',
      'Before submitting, be sure to sign the cover page.',
      'NOTE: Submit the form with the quote.',
      '(Include the CAGE code on the cover page.)',
      'When the draft plan has been reviewed by the program office and all comments resolved, deliver the final plan.',
      'If possible, provide a sample monthly report.',
      'NOTE: If the information was given elsewhere in your proposal, please identify the page.',
      'Show the basis of the estimate.',
      'Provide a sample monthly report, if helpful.',
      'Include the following, if applicable:',
    ],
    silent: [
      'Design deliverables are listed in Attachment 2.',
      'If you would like updates, subscribe to the mailing list.',
      'the offeror shall submit',
      'Number 647',
      'Number 216 217',
    ],
  },
};

export const IMPERATIVE_RULES: readonly Rule[] = [prohibition, imperative];
