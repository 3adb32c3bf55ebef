import { NOT_A_REQUIREMENT } from './exclusions';
import type { Rule } from './types';

/** Unit-stage rules for titles: run-in paragraph titles, stand-alone titles, evaluation factors. */

// Headings whose lettered paragraphs are the evaluation factors themselves ("M.2.1 Technical Factors").
const FACTOR_HEADING = /\b(factors?|subfactors?|criteri(a|on)|elements?)\b/i;
// "Factor 1: Technical Approach", "Subfactor B – Staffing": a factor named without a lead-in (LIST-M-NOLEAD).
const NAMED_FACTOR = /^(?:evaluation\s+)?(?:factor|sub-?factor|criterion|element)\s+(?:\d{1,2}|[A-H]|[ivx]{1,4})\b\s*[:.–—-]?\s*\S/i;

/** A title set on its own or run into a paragraph ("c. Page Numbering."): no verb, a few words, each significant word capitalised. */
export function titleOnly(t: string): boolean {
  const s = t.replace(/^[\d.-]+\s+/, '').replace(/[.:]$/, '').trim();
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
  decide: ({ text, ctx }) => (ctx.kind !== 'row' && ctx.section === 'M' && NAMED_FACTOR.test(text) && text.split(/\s+/).length <= 12 && !/[.?!]\s+\S/.test(text) ? { level: 'weak', cue: 'factor' } : null),
  examples: {
    fire: [{ text: 'Factor 1: Technical Approach', ctx: { section: 'M' } }, { text: 'Subfactor B – Staffing Plan', ctx: { section: 'M' } }],
    silent: [{ text: 'Factor 1: Technical Approach', ctx: { section: 'L' } }, { text: 'Factor 1 is more important than Factor 2. Price is least important.', ctx: { section: 'M' } }],
  },
};

export const letteredFactor: Rule = {
  id: 'title.lettered-factor',
  stage: 'unit',
  priority: 60,
  description: 'A lettered title under a factors heading in the evaluation part is an evaluation factor.',
  patterns: [FACTOR_HEADING],
  decide: ({ ctx, title }) => (ctx.kind !== 'row' && ctx.section === 'M' && ctx.marker && title && FACTOR_HEADING.test(ctx.headingTitle ?? '') ? { level: 'weak', cue: 'factor' } : null),
  examples: {
    fire: [{ text: 'Staffing Approach.', ctx: { section: 'M', marker: 'a', headingTitle: 'TECHNICAL FACTORS' } }],
    silent: [{ text: 'Staffing Approach.', ctx: { section: 'M', marker: 'a', headingTitle: 'GENERAL' } }],
  },
};

export const runInTitle: Rule = {
  id: 'title.heading',
  stage: 'unit',
  priority: 70,
  description: 'A run-in paragraph title ("c. Page Numbering. Number every page.") or a stand-alone title in the evaluation part is a heading.',
  decide: ({ ctx, title }) => (ctx.kind !== 'row' && (ctx.runIn || (ctx.section === 'M' && ctx.kind !== 'item')) && title ? NOT_A_REQUIREMENT : null),
  examples: {
    fire: [{ text: 'Page Numbering.', ctx: { section: 'L', runIn: true } }, { text: 'Past Performance', ctx: { section: 'M' } }],
    silent: [{ text: 'Page Numbering.', ctx: { section: 'L' } }, { text: 'Number every page of each volume.', ctx: { section: 'L', runIn: true } }],
  },
};

export const TITLE_RULES: readonly Rule[] = [namedFactor, letteredFactor, runInTitle];
