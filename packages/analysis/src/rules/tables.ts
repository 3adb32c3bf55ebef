import {
  CHECKLIST_TABLE,
  DELIVERABLE_TABLE,
  DUE_ROW,
  GOVERNMENT_LABEL,
  OBLIGATION_LABEL,
  PARENTHETICAL,
  RATING_ROW,
  RATING_TABLE,
  RECORD_KEY_LABEL,
  STANDARDS_TABLE,
} from '../cues';
import type { Rule, UnitContext, Verdict } from './types';

/** Rules for table rows: label/value records, rating scales, checklists, deliverable and standards tables. */

const row = (tableHeader: string, extra: Partial<UnitContext> = {}) => ({
  kind: 'row' as const,
  section: 'C' as const,
  tableHeader,
  ...extra,
});
const cells = (t: string) => t.split(' | ');
const NONE: Verdict = { level: 'none', cue: null };
const DEADLINE_COLUMN = /\b(?:due|deadlines?|closing)\b/i;
const OFFEROR_EVENT = /\b(?:questions?|quotes?|quotations?|proposals?|offers?|submissions?|responses?|registration|acknowledg\w+)\b/i;
const BUYER_EVENT = /\b(?:released|issued|posted|answered|published|awarded?|anticipated)\b/i;

export const obligationLabel: Rule = {
  id: 'table.standard-row',
  stage: 'unit',
  priority: 10,
  description:
    'A label/value row whose label states what the contractor must achieve (standard, objective, quality level) is a requirement, even as a first row.',
  decide: ({ text, ctx }) =>
    ctx.kind === 'row' && cells(text).length === 2 && OBLIGATION_LABEL.test(cells(text)[0]) ? { level: 'weak', cue: 'table' } : null,
  examples: {
    fire: [
      { text: 'Performance Standard | 95% of calls answered within 4 hours', ctx: row('Performance Objective | Respond promptly') },
      { text: 'Acceptable Quality Level | No more than 2 errors a month', ctx: row('') },
    ],
    silent: [
      { text: 'Method of Surveillance | Monthly review', ctx: row('') },
      { text: 'Performance Standard | 95% of calls', ctx: { section: 'C', kind: 'sentence' } },
    ],
  },
};

export const recordKey: Rule = {
  id: 'table.record-key',
  stage: 'unit',
  priority: 20,
  description:
    "In a record-per-deliverable table, the rows naming the record, its assessment method or its due date are not separate requirements (TABLE-ROWS); the surveillance method is the buyer's side.",
  decide: ({ text, ctx }) =>
    ctx.kind === 'row' && cells(text).length === 2 && (GOVERNMENT_LABEL.test(cells(text)[0]) || RECORD_KEY_LABEL.test(cells(text)[0]))
      ? NONE
      : null,
  examples: {
    fire: [
      { text: 'Method of Surveillance | Monthly review of the call log', ctx: row('') },
      { text: 'Method of Assessment | Automated testing', ctx: row('') },
      { text: 'Deliverable 3 | Monthly status report', ctx: row('') },
      { text: 'Due Date | Every sprint', ctx: row('') },
    ],
    silent: [{ text: 'Performance Standard | Every sprint', ctx: row('') }],
  },
};

export const tableHeader: Rule = {
  id: 'table.header-row',
  stage: 'unit',
  priority: 30,
  description: "A table's header row names columns; it requires nothing.",
  decide: ({ ctx }) => (ctx.kind === 'row' && ctx.isTableHeader ? NONE : null),
  examples: {
    fire: [{ text: 'Task | Standard | AQL', ctx: row('Task | Standard | AQL', { isTableHeader: true }) }],
    silent: [{ text: 'Mowing | Grass below 4 inches | 98%', ctx: row('Task | Standard | AQL') }],
  },
};

export const ratingRow: Rule = {
  id: 'table.rating-definition',
  stage: 'unit',
  priority: 40,
  description: 'Rows of a rating scale (adjectival ratings, colours, risk or confidence levels) define the scale; they require nothing.',
  decide: ({ text, ctx }) => {
    if (ctx.kind !== 'row') return null;
    const header = ctx.tableHeader ?? '';
    return RATING_ROW.test(text) || (RATING_TABLE.test(header) && !DELIVERABLE_TABLE.test(header)) ? NONE : null;
  },
  examples: {
    fire: [
      { text: 'Marginal | Proposal has not demonstrated an adequate approach.', ctx: row('Adjectival Rating | Description') },
      { text: 'Superior | The proposal far exceeds the requirements.', ctx: row('Rating | Description') },
      { text: 'Somewhat Relevant | Similar scope to this effort.', ctx: row('Relevancy | Definition') },
    ],
    silent: [{ text: 'Monthly report | 5th workday', ctx: row('Deliverable | Due') }],
  },
};

export const groupLabel: Rule = {
  id: 'table.group-label',
  stage: 'unit',
  priority: 50,
  description: 'A group label inside a checklist ("Section II—Technical Data") or a note in parentheses.',
  decide: ({ text, ctx }) => (ctx.kind === 'row' && (PARENTHETICAL.test(text) || /^section\s+[ivx\d]+\b/i.test(text)) ? NONE : null),
  examples: {
    fire: [{ text: '(See paragraph L.4 for format)', ctx: row('Volume | Included') }],
    silent: [{ text: 'Signed cover letter', ctx: row('Volume | Included') }],
  },
};

export const rowOwnCue: Rule = {
  id: 'table.row-own-cue',
  stage: 'context',
  priority: 10,
  description: "A row's own shall/must/should, or an exclusion, decides before the table it sits in.",
  decide: ({ ctx, own }) =>
    ctx.kind === 'row' && (own.level === 'strong' || own.level === 'should' || own.level === 'excluded') ? own : null,
  examples: {
    fire: [{ text: 'Reports | The Contractor shall deliver reports monthly.', ctx: row('Item | Text') }],
    silent: [{ text: 'Reports | Monthly', ctx: row('Item | Text') }],
  },
};

export const requirementTable: Rule = {
  id: 'table.requirement-row',
  stage: 'context',
  priority: 20,
  description:
    'Each row of a deliverables, checklist or standards table (or a row with a due date) is something to deliver or meet; other rows are data.',
  decide: ({ text, ctx }) => {
    if (ctx.kind !== 'row') return null;
    const header = ctx.tableHeader ?? '';
    // Column titles, not a first row's values, make a checklist ("Item | Included | Reviewed") or a
    // deadline table ("Item | Date responses due | Format": COVER-FIELDS).
    const columns = header
      .split(' | ')
      .slice(1)
      .filter((c) => c.length <= 30);
    // In a deadline table only the offeror's own events count, not "Solicitation released".
    const offerorsDeadline = columns.some((c) => DEADLINE_COLUMN.test(c)) && OFFEROR_EVENT.test(text) && !BUYER_EVENT.test(text);
    const checklist = offerorsDeadline || columns.some((c) => CHECKLIST_TABLE.test(c));
    return DELIVERABLE_TABLE.test(header) || checklist || STANDARDS_TABLE.test(header) || DUE_ROW.test(text)
      ? { level: 'weak', cue: 'table' }
      : null;
  },
  examples: {
    fire: [
      { text: 'Grounds maintenance | Grass kept below 4 inches | 98%', ctx: row('Task | Performance Standard | AQL') },
      { text: 'Signed cover letter', ctx: row('Volume | Included | Page limit') },
      { text: 'Technical questions | March 3 at noon | Email', ctx: row('Item | Date responses due | Format') },
    ],
    silent: [
      { text: 'Jane Doe | 555-0100', ctx: row('Name | Phone') },
      { text: '1 | June 21 | Solicitation released', ctx: row('No. | Due Dates | Event') },
    ],
  },
};

export const dataRow: Rule = {
  id: 'table.data-row',
  stage: 'context',
  priority: 30,
  description: 'Any other row is data (names, prices, contacts): an imperative-looking first cell does not make it a duty.',
  decide: ({ ctx }) => (ctx.kind === 'row' ? NONE : null),
  examples: {
    fire: [{ text: 'Support desk | 555-0100', ctx: row('Office | Phone') }],
    silent: [{ text: 'Support the help desk.', ctx: { section: 'C', kind: 'sentence' } }],
  },
};

export const TABLE_RULES: readonly Rule[] = [
  obligationLabel,
  recordKey,
  tableHeader,
  ratingRow,
  groupLabel,
  rowOwnCue,
  requirementTable,
  dataRow,
];
