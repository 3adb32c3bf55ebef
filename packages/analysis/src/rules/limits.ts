import { GOVERNMENT_HANDLING, LIMIT, SOW_LEAD_IN } from '../cues';
import { BUYER_PROCESS_NOUNS, alternation } from './lexicon';
import { clauseSubject, headNoun, subjectIsOfferor } from './subject';

const BUYER_HANDLED = new RegExp(`\\bwill${GOVERNMENT_HANDLING.source.slice(1)}`, 'i');
// The subject ends where its verb starts: "The technical session | will last ...".
const VERB_AFTER_SUBJECT = /\b(?:will|shall|must|should|may|can|is|are|was|were|lasts?)\b/i;
const BUYER_EVENT_NOUN = new RegExp(`^(?:${alternation(BUYER_PROCESS_NOUNS)})$`, 'i');
import type { Rule } from './types';

/** Cue-stage rules for limits and statement-of-work scope. */

// A limit the buyer sets for itself or a third party ("The Government will respond no later than ..."), or permissive ("may be up to").
const PERMISSIVE_BEFORE = /\bmay\s+(?:\w+\s+){0,4}$/i;

export const limit: Rule = {
  id: 'limit.length',
  stage: 'cue',
  priority: 200,
  description:
    'A page, length, font, count or time limit ("limited to 10 pages", "12-point font", "no later than") binds the offeror, unless the buyer is its subject; with "may" it is advice.',
  patterns: [PERMISSIVE_BEFORE],
  decide: ({ text, ctx }) => {
    const m = LIMIT.exec(text) ?? /\bmaximum (length|number of pages|page count)\b/i.exec(text);
    if (!m || !subjectIsOfferor(text, m.index, ctx.lexicon)) return null;
    // "not to exceed $1.4 million" is the contract's ceiling (a term), and a limit on the buyer's own
    // event ("Each interview session will last no more than 45 minutes") is its schedule.
    // "A maximum of four reports will be requested": the buyer's handling sets the count.
    if (BUYER_HANDLED.test(text)) return null;
    if (
      /^\s*\$/.test(text.slice(m.index + m[0].length)) ||
      BUYER_EVENT_NOUN.test(headNoun(clauseSubject(text.slice(Math.max(0, m.index - 160), m.index)).split(VERB_AFTER_SUBJECT)[0]))
    )
      return null;
    // MOD-MAY: "Resumes may be no more than two pages" caps a permission: advice.
    if (PERMISSIVE_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) return { level: 'should', cue: 'may' };
    return { level: 'weak', cue: 'limit' };
  },
  examples: {
    fire: [
      'The technical volume is limited to 15 pages.',
      'Text in 12-point font, single-spaced.',
      'Questions no later than March 3.',
      'Past performance references may include no more than three contracts.',
    ],
    silent: [
      'The Government will respond no later than March 10.',
      'Award is anticipated in June.',
      'Option years will be at a reduced level of effort, not to exceed $1.4 million each.',
      'The technical session will last no more than 45 minutes.',
      'A maximum of four special reports will be requested each year.',
    ],
  },
};

export const sowScope: Rule = {
  id: 'scope.sow-includes',
  stage: 'cue',
  priority: 210,
  description:
    'A statement of work\'s "The efforts to be ordered include, but are not limited to: <the work>" states the contractor\'s work inline (as a bare lead-in, list.sow-lead-in hands it to the items).',
  decide: ({ text, ctx }) =>
    ctx.section === 'C' && !ctx.leadIn && /\bincludes?,? but (are|is) not limited to\b/i.test(text) && SOW_LEAD_IN.test(text)
      ? { level: 'weak', cue: 'scope' }
      : null,
  examples: {
    fire: [
      {
        text: 'The types of efforts to be ordered include, but are not limited to: scheduling, reporting and audits.',
        ctx: { section: 'C' },
      },
    ],
    silent: [
      {
        text: 'The types of efforts to be ordered include, but are not limited to: scheduling, reporting and audits.',
        ctx: { section: 'L' },
      },
      { text: 'The types of efforts to be ordered include, but are not limited to:', ctx: { section: 'C', leadIn: true } },
    ],
  },
};

// "Questions due: March 3", "Offer validity period: 90 days" (COVER-FIELDS): a deadline set as a field.
const DEADLINE_FIELD =
  /^(?:(?:questions?|offers?|quotes?|quotations?|proposals?|responses?|submissions?|applications?)\s+(?:are\s+)?due(?:\s+date)?|(?:offer|quote|proposal|response)\s+due\s+date|closing\s+date|(?:offer|quote|quotation|proposal)\s+(?:validity|acceptance)(?:\s+period)?|period\s+of\s+acceptance)\s*[:|]\s*\S/i;

export const deadlineField: Rule = {
  id: 'field.deadline',
  stage: 'cue',
  priority: 205,
  description:
    'A cover-page or schedule field setting the offeror a deadline ("Questions due: March 3", "Offer validity period: 90 days") is a requirement.',
  patterns: [DEADLINE_FIELD],
  decide: ({ text }) => (DEADLINE_FIELD.test(text) && text.length <= 200 ? { level: 'weak', cue: 'deadline' } : null),
  examples: {
    fire: ['Questions due: March 3, 2026, 2:00 p.m. Eastern', 'Offer validity period: 90 days', 'Closing Date | May 15, 2026'],
    silent: ['Questions were answered in Amendment 2.', 'Date of award: June 1'],
  },
};

export const LIMIT_RULES: readonly Rule[] = [limit, sowScope, deadlineField];
