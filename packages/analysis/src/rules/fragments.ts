import { IMPERATIVE_VERBS } from '../cues';
import { CLAUSE_CONTINUERS, FORM_FIELD_NAMES, FORM_FIELD_VERBS, FORM_PROMPTS, alternation } from './lexicon';
import type { Rule, Verdict } from './types';

/**
 * Unit-stage rules for pieces that say nothing a bidder could comply with on their own: a clause
 * cut before its rest, a form's blank, a questionnaire's prompt (issue 23, fragments; LIST-TITLES).
 * They read a unit of a few words only: a whole sentence never matches.
 */

const NONE: Verdict = { level: 'none', cue: null };
const words = (t: string) => t.trim().split(/\s+/);
// Every unit passes these rules: a long one is no fragment, and is let through before any work.
const SHORT = 90;

// "The Contractor shall", "Quote must", "Orders may be", "Indicate the", "State beginning and": the
// last word needs a continuation that a page, cell or line break cut off.
const CUT_END = new RegExp(`(?:^|\\s)(?:${alternation(CLAUSE_CONTINUERS)})$`, 'i');
// Anything that closes a clause or announces what follows: such a unit was not cut.
const CLOSED = /[.?!:;,)\]"”’-]$/;

export const cutClause: Rule = {
  id: 'fragment.cut-clause',
  stage: 'unit',
  priority: 76,
  description:
    'Under four words ending on a modal, an article, a conjunction or a preposition ("The Contractor shall", "Indicate the"), or an imperative verb alone ("Describe"), is a clause cut before its rest: nothing to comply with on its own.',
  patterns: [CUT_END, CLOSED],
  decide: ({ text, ctx }) => {
    if (text.length > SHORT) return null;
    const t = text.replace(/^[[(]+/, '').trim();
    const w = words(t);
    if (ctx.leadIn || w.length >= 4 || CLOSED.test(t)) return null;
    if (CUT_END.test(t)) return NONE;
    return w.length === 1 && IMPERATIVE_VERBS.has(w[0]!.toLowerCase()) ? NONE : null;
  },
  examples: {
    fire: [
      'The Contractor shall',
      'Offerors must',
      { text: 'Orders may be', ctx: { section: 'other' } },
      { text: 'Indicate the', ctx: { section: 'C' } },
      { text: 'State beginning and', ctx: { section: 'other', kind: 'item' } },
      '[The offeror shall',
      'Describe',
    ],
    silent: [
      'Submit two copies.',
      'The Contractor shall:',
      { text: 'Provide monthly reports', ctx: { section: 'C', kind: 'item' } },
      { text: 'Travel to and from', ctx: { section: 'C', leadIn: true } },
      'The offeror shall submit the technical volume and',
      { text: 'Describe.', ctx: { section: 'L', kind: 'item' } },
    ],
  },
};

const FIELD = alternation(FORM_FIELD_NAMES);
// "Print Name/Title Date", "Contract No:/Type", "First Name 2.", "REQUISITION NO.", "E-mail 14.": one
// or more field names, an optional signing verb before them and the form's box number after them.
const FORM_FIELD = new RegExp(
  `^(?:(?:${alternation(FORM_FIELD_VERBS)})\\s+)?(?:${FIELD})(?:[:/]+\\s*(?:${FIELD}|type)|\\s+(?:${FIELD}))*\\.?:?(?:\\s\\d{1,2}\\.)?$`,
  'i',
);
const FORM_PROMPT = new RegExp(`^(?:${alternation(FORM_PROMPTS)})[.?!:]?$`, 'i');

export const formEntry: Rule = {
  id: 'title.form-entry',
  stage: 'unit',
  priority: 75,
  description:
    'A form\'s blank ("Print Name", "Contract No.", "E-mail 14.") or a questionnaire\'s prompt or answer ("Please explain", "Don\'t know") is something to fill in, not a requirement (LIST-TITLES field names, outside a list too).',
  patterns: [FORM_FIELD, FORM_PROMPT],
  decide: ({ text, ctx }) => {
    if (text.length > SHORT) return null;
    const t = text.trim();
    if (ctx.leadIn || words(t).length > 5) return null;
    return FORM_FIELD.test(t) || FORM_PROMPT.test(t) ? NONE : null;
  },
  examples: {
    fire: [
      { text: 'Print Name', ctx: { section: 'other' } },
      { text: 'Print Name/Title Date', ctx: { section: 'other' } },
      { text: 'Insert Digital Signature', ctx: { section: 'other' } },
      { text: 'Contract No:/Type', ctx: { section: 'other', kind: 'row', tableHeader: 'Reference' } },
      { text: 'REQUISITION NO.', ctx: { section: 'M' } },
      { text: 'First Name 2.', ctx: { section: 'C' } },
      { text: 'Please explain', ctx: { section: 'other' } },
      { text: "Don't know", ctx: { section: 'other' } },
      { text: 'Do not know.', ctx: { section: 'M' } },
    ],
    silent: [
      'Print two copies of the price volume.',
      'Include the contract number on each invoice.',
      { text: 'Please explain any gaps in employment.', ctx: { section: 'L' } },
      { text: 'Name:', ctx: { section: 'L', leadIn: true } },
      { text: 'Past Performance', ctx: { section: 'M' } },
    ],
  },
};

export const FRAGMENT_RULES: readonly Rule[] = [formEntry, cutClause];
