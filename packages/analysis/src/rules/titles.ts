import { NOT_A_REQUIREMENT } from './exclusions';
import type { Rule } from './types';

/** Unit-stage rules for titles: run-in paragraph titles, stand-alone titles, evaluation factors. */

// Headings whose lettered paragraphs are the evaluation factors themselves ("M.2.1 Technical Factors").
const FACTOR_HEADING = /\b(factors?|subfactors?|criteri(a|on)|elements?)\b/i;
// "Factor 1: Technical Approach", "Subfactor B – Staffing": a factor named without a lead-in (LIST-M-NOLEAD).
const NAMED_FACTOR = /^(?:evaluation\s+)?(?:factor|sub-?factor|criterion|element)\s+(?:\d{1,2}|[A-H]|[ivx]{1,4})\b\s*[:.–—-]?\s*\S/i;

/** A title set on its own or run into a paragraph ("c. Page Numbering."): no verb, a few words, each significant word capitalised. */
export function titleOnly(t: string): boolean {
  const s = t
    .replace(/^[\d.-]+\s+/, '')
    .replace(/[.:]$/, '')
    .trim();
  const words = s.split(/\s+/);
  if (words.length === 0 || words.length > 10 || /[.?!;]/.test(s)) return false;
  if (/\b(shall|must|will|should|may|is|are|be)\b/i.test(s)) return false;
  return words.every((w) => w.length <= 3 || /^[^a-z]/.test(w) || /^(and|of|the|for|to|with|or|in|on)$/.test(w));
}

export const namedFactor: Rule = {
  id: 'title.named-factor',
  stage: 'unit',
  priority: 55,
  description: 'In the evaluation part, "Factor 1: Technical Approach" names an evaluation factor even with no lead-in before it.',
  patterns: [NAMED_FACTOR],
  decide: ({ text, ctx }) =>
    ctx.kind !== 'row' && ctx.section === 'M' && NAMED_FACTOR.test(text) && text.split(/\s+/).length <= 12 && !/[.?!]\s+\S/.test(text)
      ? { level: 'weak', cue: 'factor' }
      : null,
  examples: {
    fire: [
      { text: 'Factor 1: Technical Approach', ctx: { section: 'M' } },
      { text: 'Subfactor B – Staffing Plan', ctx: { section: 'M' } },
    ],
    silent: [
      { text: 'Factor 1: Technical Approach', ctx: { section: 'L' } },
      { text: 'Factor 1 is more important than Factor 2. Price is least important.', ctx: { section: 'M' } },
    ],
  },
};

export const letteredFactor: Rule = {
  id: 'title.lettered-factor',
  stage: 'unit',
  priority: 60,
  description: 'A lettered title under a factors heading in the evaluation part is an evaluation factor.',
  patterns: [FACTOR_HEADING],
  decide: ({ ctx, title }) =>
    ctx.kind !== 'row' && ctx.section === 'M' && ctx.marker && title && FACTOR_HEADING.test(ctx.headingTitle ?? '')
      ? { level: 'weak', cue: 'factor' }
      : null,
  examples: {
    fire: [{ text: 'Staffing Approach.', ctx: { section: 'M', marker: 'a', headingTitle: 'TECHNICAL FACTORS' } }],
    silent: [{ text: 'Staffing Approach.', ctx: { section: 'M', marker: 'a', headingTitle: 'GENERAL' } }],
  },
};

export const runInTitle: Rule = {
  id: 'title.heading',
  stage: 'unit',
  priority: 70,
  description:
    'A run-in paragraph title ("c. Page Numbering. Number every page.") or a stand-alone title in the evaluation part is a heading.',
  decide: ({ ctx, title }) =>
    ctx.kind !== 'row' && (ctx.runIn || (ctx.section === 'M' && ctx.kind !== 'item')) && title ? NOT_A_REQUIREMENT : null,
  examples: {
    fire: [
      { text: 'Page Numbering.', ctx: { section: 'L', runIn: true } },
      { text: 'Past Performance', ctx: { section: 'M' } },
    ],
    silent: [
      { text: 'Page Numbering.', ctx: { section: 'L' } },
      { text: 'Number every page of each volume.', ctx: { section: 'L', runIn: true } },
    ],
  },
};

// "Termination for cause." run into its clause paragraph: a sentence-case noun phrase of a few words,
// closed by a period and nothing else, no verb (DUPLICATES: a run-in title cut from its sentence).
const RUN_IN_PHRASE = /^[A-Z][^.?!;:]{0,60}\.$/;
const VERB_LIKE = /\b(shall|must|will|should|may|can|is|are|was|were|be|has|have)\b/i;
const wordCount = (t: string) => t.trim().split(/\s+/).length;

export const runInPhrase: Rule = {
  id: 'title.run-in-phrase',
  stage: 'unit',
  priority: 72,
  description:
    'A few sentence-case words closed by a period that open a paragraph ("(m) Termination for cause. The Government may ...") are the paragraph\'s title, not a requirement: the sentence after it is judged on its own.',
  patterns: [RUN_IN_PHRASE, VERB_LIKE],
  // Evaluation factor titles ("(b) Understanding.") are criteria of their own (title.lettered-factor).
  decide: ({ text, ctx, own }) =>
    ctx.kind !== 'row' &&
    ctx.runIn &&
    ctx.section !== 'M' &&
    text.endsWith('.') &&
    RUN_IN_PHRASE.test(text) &&
    wordCount(text) <= 6 &&
    !VERB_LIKE.test(text) &&
    own.level === 'none'
      ? NOT_A_REQUIREMENT
      : null,
  examples: {
    fire: [
      { text: 'Termination for cause.', ctx: { section: 'other', kind: 'item', runIn: true, marker: 'm' } },
      { text: 'Risk of loss.', ctx: { section: 'C', runIn: true } },
    ],
    silent: [
      { text: 'Termination for cause.', ctx: { section: 'other', kind: 'item', marker: 'm' } },
      { text: 'Submit two copies.', ctx: { section: 'L', runIn: true } },
      { text: 'Prices are firm.', ctx: { section: 'other', runIn: true } },
      { text: 'Understanding.', ctx: { section: 'M', runIn: true, marker: 'b' } },
    ],
  },
};

export const titleOverParagraph: Rule = {
  id: 'title.over-paragraph',
  stage: 'unit',
  priority: 73,
  description:
    'A lettered or numbered title alone on its line with a paragraph after it ("B. Intermittent Reports" then the paragraph about them) heads that paragraph; it is not an item of the list before it (LIST-TITLES).',
  // In the evaluation part a lettered title is a factor of its own (title.lettered-factor).
  decide: ({ ctx, own, title }) =>
    ctx.kind === 'item' && ctx.overParagraph && ctx.marker && ctx.section !== 'M' && title && !ctx.leadIn && own.level === 'none'
      ? NOT_A_REQUIREMENT
      : null,
  examples: {
    fire: [{ text: 'Intermittent Reports', ctx: { section: 'C', kind: 'item', marker: 'b', overParagraph: true } }],
    silent: [
      { text: 'Intermittent Reports', ctx: { section: 'C', kind: 'item', marker: 'b' } },
      { text: 'Past Performance', ctx: { section: 'M', kind: 'item', marker: 'b', overParagraph: true } },
      { text: 'Provide monthly reports', ctx: { section: 'C', kind: 'item', marker: 'b', overParagraph: true } },
    ],
  },
};

// "POC Name:", "Contract value:", "Freight Terms:": a caption with nothing after it, a blank to fill.
const FIELD_CAPTION = /^[A-Z][^.?!;:]{0,50}:$/;

export const fieldCaption: Rule = {
  id: 'title.field-caption',
  stage: 'unit',
  priority: 74,
  description:
    'A caption of up to four words ending in a colon with no list after it ("POC Name:", "Contract Value:") is a field of a form to fill in, not a requirement (LIST-TITLES, FORM-FIELDS).',
  patterns: [FIELD_CAPTION],
  decide: ({ text, ctx, own }) =>
    !ctx.leadIn && text.endsWith(':') && FIELD_CAPTION.test(text) && wordCount(text) <= 4 && !VERB_LIKE.test(text) && own.level === 'none'
      ? NOT_A_REQUIREMENT
      : null,
  examples: {
    fire: [
      { text: 'POC Name:', ctx: { kind: 'row', tableHeader: 'Reference 1: Contract Title' } },
      { text: 'Contract Period of Performance:', ctx: { section: 'L', kind: 'item' } },
    ],
    silent: [
      { text: 'Technical Volume:', ctx: { section: 'L', leadIn: true } },
      { text: 'Submit offers to:', ctx: { section: 'L' } },
      { text: 'Offerors must:', ctx: { section: 'L' } },
    ],
  },
};

export const TITLE_RULES: readonly Rule[] = [namedFactor, letteredFactor, runInTitle, runInPhrase, titleOverParagraph, fieldCaption];
