import { ADDRESS_LINE, MODAL_VERB, SOW_LEAD_IN } from '../cues';
import { criterion } from './evaluation';
import { CORE_PARTY_NOUNS, FORM_FIELD_NAMES, alternation } from './lexicon';
import type { LeadInVerdict, Rule, UnitContext, Verdict } from './types';

/** Context-stage rules for list items: what an item takes from its lead-in, and when it takes nothing. */

const NONE: Verdict = { level: 'none', cue: null };
const binding = (v: Verdict) => v.level === 'strong' || v.level === 'should';
const isRequirement = (v: Verdict) => binding(v) || v.level === 'weak';
const lead = (level: Verdict['level'], extra: Partial<LeadInVerdict> = {}): LeadInVerdict => ({
  verdict: { level, cue: level === 'none' ? null : 'shall', rules: ['modal.binding'] },
  examples: false,
  exclusion: false,
  ...extra,
});
const item = (parent: LeadInVerdict, extra: Partial<UnitContext> = {}): Partial<UnitContext> => ({ kind: 'item', parent, ...extra });
const wordsOf = (t: string) => t.trim().split(/\s+/).length;
const hasParent = (ctx: UnitContext): ctx is UnitContext & { parent: LeadInVerdict } => ctx.kind === 'item' && !!ctx.parent;

/** Lead-ins that ask for a number of the listed options: only the lead-in is a requirement (LIST-CHOICE). */
export const CHOICE_LEAD_IN =
  /\b(?:at least|a minimum of|minimum of|no (?:fewer|less) than|up to|one or more|(?:choose|select|pick|address|identify)\s+(?:\w+\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty))\s+(?:\(\d+\)\s+)?(?:\d+\s+|one\s+|two\s+|three\s+|four\s+|five\s+|six\s+|seven\s+|eight\s+|nine\s+|ten\s+|twelve\s+|fifteen\s+|twenty\s+)?(?:\(\d+\)\s+)?(?:of|from)\s+the\s+(?:following|list|areas|options|topics|items)\b/i;
/** Lead-ins that say where to send something ("shall be delivered to:", "addressed as follows:"). */
export const ADDRESS_LEAD_IN =
  /\b(?:address(?:ed)?|mail(?:ed)?|deliver(?:ed)?|sen[dt]|ship(?:ped)?|forward(?:ed)?|hand-carr(?:y|ied)|courier(?:ed)?)\s+(?:\w+\s+){0,3}?(?:to|as follows|at)\b/i;
/** "<thing> must:" with nothing else: a fragment whose items carry the duty (LIST-TITLES). */
export const BARE_LEAD_IN =
  /^(?:the\s+|each\s+|all\s+|every\s+)?(?:[\w/-]+\s+){0,3}(?:shall|must|should|will)(?:\s+(?:also|be able to|at a minimum))?\s*:$/i;
/** "The Contractor shall--": a bare modal stub cut before its sub-items by a dash (FAR style). */
const BARE_DASH_STUB =
  /^(?:the\s+|each\s+|all\s+|every\s+)?(?:[\w/-]+\s+){0,3}(?:shall|must|should|will)(?:\s+(?:also|be able to|at a minimum))?\s*(?:--?|—|–)$/i;
// A form field's name as a list item ("Name:", "Telephone number", "Signature") is a blank to fill, not a duty (LIST-TITLES).
// The field names are the lexicon's, shared with title.form-entry (rules/fragments.ts) outside lists.
const FIELD_NAME = new RegExp(
  `^(?:(?:company|firm|${alternation(CORE_PARTY_NOUNS)})\\s+)?(?:${alternation(FORM_FIELD_NAMES)})(?:\\s+(?:number|no\\.?|address))?\\s*:?$`,
  'i',
);
// A quoted legend inside a list ("“Use or disclosure of data ...”") is text to print, not a duty.
const QUOTED = /^["“][^"”]{3,}["”]\.?$/;

// A sub-title inside a list ("PRICING:", "E-Mail Notifications:") or a clause stub cut before its
// sub-items ("(3) For long-term contracts--"): the items under it belong to the outer lead-in.
const CUT_STUB = /(?:--|—)$/;
const ENDS_IN_FUNCTION_WORD = /\b(?:to|at|by|for|of|with|from|in|on|and|or|the|a|an)\s*:$/i;

export const exclusionLeadIn: Rule = {
  id: 'list.exclusion-lead-in',
  stage: 'context',
  priority: 100,
  description: 'Items under "is not responsible for the following:" are never duties.',
  decide: ({ ctx }) => (hasParent(ctx) && ctx.parent.exclusion ? NONE : null),
  examples: {
    fire: [{ text: 'Provide badges', ctx: item(lead('excluded', { exclusion: true })) }],
    silent: [{ text: 'Provide badges', ctx: item(lead('strong')) }],
  },
};

export const addressBlock: Rule = {
  id: 'list.address-block',
  stage: 'context',
  priority: 105,
  description:
    'Under a send/deliver-to lead-in, the address lines are where to send, not what to do; an item with its own duty stays (ADDRESS-LIST).',
  patterns: [ADDRESS_LEAD_IN],
  decide: ({ text, ctx, own }) => {
    if (!hasParent(ctx) || !ADDRESS_LEAD_IN.test(ctx.parentText ?? '') || binding(own)) return null;
    const addressLike = ADDRESS_LINE.test(text) || (own.level === 'none' && text.split(/\s+/).length <= 12 && !/[.?!]$/.test(text));
    return addressLike ? NONE : null;
  },
  examples: {
    fire: [
      { text: 'Attn: Contracting Officer, Room 210', ctx: item(lead('strong'), { parentText: 'Packages shall be addressed as follows:' }) },
      { text: 'Department of Veterans Affairs', ctx: item(lead('strong'), { parentText: 'Proposals shall be delivered to:' }) },
    ],
    silent: [
      {
        text: 'Offerors shall mark the package with the solicitation number.',
        ctx: item(lead('strong'), { parentText: 'Packages shall be addressed as follows:' }),
      },
      { text: 'Department of Veterans Affairs', ctx: item(lead('strong'), { parentText: 'The proposal shall include:' }) },
      {
        text: '1200 Main Street, Suite 4',
        ctx: item(lead('strong'), { parentText: 'Offerors shall list all office locations, including:' }),
      },
    ],
  },
};

export const subTitleLeadIn: Rule = {
  id: 'list.sub-title',
  stage: 'context',
  priority: 107,
  description:
    'Inside a list, a capitalised sub-title ending in a colon, or a clause stub cut before its sub-items ("Commercial items that--"), is no row: a sub-title\'s items keep the outer lead-in\'s duty; a stub says nothing alone (LIST-TITLES).',
  patterns: [CUT_STUB],
  itemsGet: 'parent',
  decide: ({ text, ctx, own, title }) => {
    if (!hasParent(ctx) || own.level !== 'none') return null;
    if (CUT_STUB.test(text)) return NONE;
    // "One copy to:" ends in a preposition: a lead-in phrase (where to send), not a title.
    const subTitle =
      ctx.leadIn && wordsOf(text) <= 4 && text.endsWith(':') && !ENDS_IN_FUNCTION_WORD.test(text) && (title || text === text.toUpperCase());
    return subTitle ? NONE : null;
  },
  examples: {
    fire: [
      { text: 'E-Mail Notifications:', ctx: item(lead('strong'), { leadIn: true }) },
      { text: 'PRICING:', ctx: item(lead('strong'), { leadIn: true }) },
      { text: 'For long-term contracts--', ctx: item(lead('strong')) },
    ],
    silent: [
      { text: 'analytical results:', ctx: item(lead('strong'), { leadIn: true }) },
      { text: 'E-Mail Notifications:', ctx: item(lead('strong')) },
      { text: 'One Copy to:', ctx: item(lead('strong'), { leadIn: true }) },
      { text: 'The Contractor shall--', ctx: item(lead('strong'), { leadIn: true }) },
    ],
  },
};

export const itemNotRequirement: Rule = {
  id: 'list.item-not-a-requirement',
  stage: 'context',
  priority: 110,
  description: 'A note, caption, definition or quoted legend in a list is not a requirement whatever the lead-in.',
  patterns: [QUOTED, FIELD_NAME],
  itemsGet: 'parent',
  decide: ({ text, ctx, own }) => {
    if (!hasParent(ctx)) return null;
    if (own.cue === 'not-a-requirement') return own;
    return QUOTED.test(text) || FIELD_NAME.test(text) ? NONE : null;
  },
  examples: {
    fire: [
      { text: '(End of list)', ctx: item(lead('strong')) },
      { text: '“Proprietary data – use limited to evaluation”', ctx: item(lead('strong')) },
      { text: 'Telephone number:', ctx: item(lead('strong')) },
      { text: 'Company name', ctx: item(lead('strong')) },
    ],
    silent: [
      { text: 'A cover letter', ctx: item(lead('strong')) },
      { text: 'Name of the proposed project manager', ctx: item(lead('strong')) },
    ],
  },
};

export const choiceLeadIn: Rule = {
  id: 'list.choice-lead-in',
  stage: 'context',
  priority: 115,
  description:
    'Under "address at least three of the following:" the options are a menu: only the lead-in and items with their own duty are requirements.',
  decide: ({ ctx, own }) => (hasParent(ctx) && ctx.parent.choice && ctx.section !== 'M' ? (binding(own) ? own : NONE) : null),
  examples: {
    fire: [{ text: 'Cloud deployment', ctx: item(lead('strong', { choice: true })) }],
    silent: [{ text: 'Cloud deployment', ctx: item(lead('strong')) }],
  },
};

export const evaluationItem: Rule = {
  id: 'evaluation.list-item',
  stage: 'context',
  priority: 120,
  description: 'In the evaluation part every listed item is a criterion or factor; a nested lead-in says nothing until its items do.',
  decide: ({ ctx, own }) => {
    if (!hasParent(ctx) || ctx.section !== 'M' || own.level === 'excluded') return null;
    if (own.level !== 'none' || ctx.leadIn) return own;
    // Options under a choice lead-in are what the evaluators look for, not each a factor.
    if (ctx.parent.choice) return NONE;
    return { level: 'weak', cue: isRequirement(ctx.parent.verdict) ? 'criterion' : 'factor', rules: [criterion.id] };
  },
  examples: {
    fire: [
      { text: 'Technical approach', ctx: item(lead('none'), { section: 'M' }) },
      { text: 'Key personnel qualifications', ctx: item(lead('weak'), { section: 'M' }) },
    ],
    silent: [{ text: 'Technical approach', ctx: item(lead('none'), { section: 'L' }) }],
  },
};

export const unledCriterion: Rule = {
  id: 'evaluation.unled-bullet',
  stage: 'context',
  priority: 125,
  description:
    'In the evaluation part, a bullet with no lead-in sentence (criteria under a lettered factor title) is a criterion (LIST-M-NOLEAD).',
  // A bullet with a modal of its own says what it says; only noun-phrase criteria are taken.
  decide: ({ text, ctx, own }) =>
    ctx.section === 'M' &&
    ctx.bulleted &&
    !ctx.parent &&
    !ctx.leadIn &&
    own.level === 'none' &&
    own.cue === null &&
    !MODAL_VERB.test(text) &&
    !QUOTED.test(text)
      ? { level: 'weak', cue: 'criterion' }
      : null,
  examples: {
    fire: [{ text: 'Recognition of potential difficulties in performance.', ctx: { section: 'M', bulleted: true } }],
    silent: [
      { text: 'Recognition of potential difficulties in performance.', ctx: { section: 'L', bulleted: true } },
      { text: 'Recognition of potential difficulties.', ctx: { section: 'M' } },
      { text: 'Offerors may be given the opportunity to clarify minor errors.', ctx: { section: 'M', bulleted: true } },
      { text: '"Limitation of liability."', ctx: { section: 'M', bulleted: true } },
    ],
  },
};

export const noDutyLeadIn: Rule = {
  id: 'list.examples-lead-in',
  stage: 'context',
  priority: 130,
  description:
    'Items under a lead-in that obliges nothing, or lists examples ("such as:"), count only with a shall/must/should of their own.',
  decide: ({ ctx, own }) =>
    hasParent(ctx) && (!isRequirement(ctx.parent.verdict) || ctx.parent.examples) ? (binding(own) ? own : NONE) : null,
  examples: {
    fire: [
      { text: 'Weekend staffing', ctx: item(lead('none')) },
      { text: 'Java', ctx: item(lead('strong', { examples: true })) },
    ],
    silent: [{ text: 'Weekend staffing', ctx: item(lead('strong')) }],
  },
};

export const itemOwnCue: Rule = {
  id: 'list.own-cue',
  stage: 'context',
  priority: 140,
  description:
    "An item's own shall/must/should decides over its lead-in's (MOD-ITEM: its own imperative or limit does not; it takes the lead-in's strength).",
  decide: ({ ctx, own }) => (hasParent(ctx) && (binding(own) || own.level === 'excluded') ? own : null),
  examples: {
    fire: [{ text: 'The cover letter shall be signed.', ctx: item(lead('should')) }],
    silent: [{ text: 'Describe the approach.', ctx: item(lead('should')) }],
  },
};

export const inheritLeadIn: Rule = {
  id: 'list.inherit-lead-in',
  stage: 'context',
  priority: 150,
  description: 'Items inherit their lead-in\'s obligation ("shall include the following:" → must; "should address:" → should).',
  decide: ({ ctx }) =>
    hasParent(ctx)
      ? { level: ctx.parent.verdict.level === 'should' ? 'should' : 'weak', cue: 'list-item', rules: ctx.parent.verdict.rules }
      : null,
  examples: {
    fire: [
      { text: 'A cover letter', ctx: item(lead('strong')) },
      { text: 'Describe the approach.', ctx: item(lead('should')) },
    ],
    silent: [{ text: 'A cover letter', ctx: { kind: 'sentence' } }],
  },
};

export const bareLeadIn: Rule = {
  id: 'list.bare-lead-in',
  stage: 'context',
  priority: 90,
  description: 'A bare "<thing> must:" lead-in is a fragment: its items carry the duty, the lead-in itself is no row (LIST-TITLES).',
  patterns: [BARE_LEAD_IN, BARE_DASH_STUB],
  itemsGet: 'own',
  // "The Contractor shall--" / "The plan shall—" is the same stub, cut before its sub-items by a dash.
  decide: ({ text, ctx, own }) =>
    ((ctx.leadIn && BARE_LEAD_IN.test(text)) || (/[-—–]$/.test(text) && BARE_DASH_STUB.test(text))) && isRequirement(own) ? NONE : null,
  examples: {
    fire: [
      { text: 'The System must:', ctx: { leadIn: true } },
      { text: 'Each resume shall:', ctx: { leadIn: true } },
      { text: 'The Contractor shall--', ctx: { kind: 'item' } },
      'The plan shall—',
    ],
    silent: [
      { text: 'The proposal shall include the following:', ctx: { leadIn: true } },
      { text: 'The System must:', ctx: { leadIn: false } },
    ],
  },
};

// "Examples shall include:", "Submission should address:": a lead-in of a few words, a subject and a
// verb with nothing to do until its items say it (LIST-TITLES).
const SHORT_LEAD_IN_VERB = /\b(?:shall|must|should|will)(?:\s+(?:include|contain|address|cover|provide|consist\s+of|be))?\s*:$/i;

export const shortLeadIn: Rule = {
  id: 'list.short-lead-in',
  stage: 'context',
  priority: 91,
  description:
    'A lead-in of under four words ending in "shall include:" or "should address:" says nothing its items do not: the items carry the duty, the lead-in is no row.',
  patterns: [SHORT_LEAD_IN_VERB],
  itemsGet: 'own',
  decide: ({ text, ctx, own }) => (ctx.leadIn && isRequirement(own) && wordsOf(text) < 4 && SHORT_LEAD_IN_VERB.test(text) ? NONE : null),
  examples: {
    fire: [
      { text: 'Examples shall include:', ctx: { leadIn: true } },
      { text: 'Submission should address:', ctx: { leadIn: true } },
    ],
    silent: [
      { text: 'Each volume shall include the following:', ctx: { leadIn: true } },
      { text: 'Examples shall include:', ctx: { leadIn: false } },
    ],
  },
};

export const sowLeadIn: Rule = {
  id: 'list.sow-lead-in',
  stage: 'context',
  priority: 95,
  description:
    'A statement-of-work lead-in with no modal ("The following tasks are anticipated:") is no row itself, but its items are the contractor\'s work.',
  itemsGet: { level: 'weak', cue: 'scope', rules: ['list.sow-lead-in'] },
  decide: ({ text, ctx, own }) =>
    ctx.section === 'C' && ctx.leadIn && own.level === 'none' && SOW_LEAD_IN.test(text) && !/\b(may|might|can|could)\b/i.test(text)
      ? NONE
      : null,
  examples: {
    fire: [
      { text: 'The following tasks are anticipated:', ctx: { section: 'C', leadIn: true } },
      { text: 'The types of efforts to be ordered include, but are not limited to:', ctx: { section: 'C', leadIn: true } },
    ],
    silent: [
      { text: 'Surge activities may include:', ctx: { section: 'C', leadIn: true } },
      { text: 'The following tasks are anticipated:', ctx: { section: 'L', leadIn: true } },
    ],
  },
};

// "Items may include:", "The narrative may address:" in the instructions or evaluation part (LIST-SOFT-LEAD).
const PERMISSIVE_LEAD_IN = /\bmay\s+(?:also\s+)?(?:include|contain|address|cover|consist\s+of|describe|discuss|cite)\b/i;

export const softLeadIn: Rule = {
  id: 'list.soft-lead-in',
  stage: 'context',
  priority: 96,
  description:
    'In the instructions or evaluation part, a lead-in saying what the offer "may include:" recommends its items: the lead-in and its items are should-requirements.',
  patterns: [PERMISSIVE_LEAD_IN],
  decide: ({ text, ctx, own }) =>
    ctx.leadIn &&
    (ctx.section === 'L' || ctx.section === 'M') &&
    own.level === 'none' &&
    own.cue !== 'not-a-requirement' &&
    PERMISSIVE_LEAD_IN.test(text)
      ? { level: 'should', cue: 'may' }
      : null,
  examples: {
    fire: [
      { text: 'Using titled subparagraphs, the narrative may include:', ctx: { leadIn: true } },
      { text: 'Strengths may include:', ctx: { section: 'M', leadIn: true } },
    ],
    silent: [
      { text: 'Surge activities may include:', ctx: { section: 'C', leadIn: true } },
      { text: 'The narrative may include charts.', ctx: { section: 'L' } },
    ],
  },
};

export const LIST_RULES: readonly Rule[] = [
  bareLeadIn,
  shortLeadIn,
  subTitleLeadIn,
  sowLeadIn,
  softLeadIn,
  exclusionLeadIn,
  addressBlock,
  itemNotRequirement,
  choiceLeadIn,
  evaluationItem,
  unledCriterion,
  noDutyLeadIn,
  itemOwnCue,
  inheritLeadIn,
];
