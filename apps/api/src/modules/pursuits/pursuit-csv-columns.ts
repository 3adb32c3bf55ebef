import {
  OUTCOME_LABELS,
  OUTCOME_REASON_LABELS,
  weightedValue,
  type OutcomeReason,
  type PursuitCsvColumn,
  type UpdatePursuitBody,
} from '@biddesk/shared';
import type { PursuitCsvRow } from './pursuit-csv.repository';

/** How lists of names sit in one cell. */
const LIST_SEPARATOR = '; ';

type Cell = string | number | null;
type Writable = keyof Omit<UpdatePursuitBody, 'owner_id'>;

/** What an import cell becomes: a value for the pursuit editor's field, or why it cannot. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface CsvColumn {
  name: PursuitCsvColumn;
  /** The cell's value in the export. */
  value: (row: PursuitCsvRow, ctx: { publicUrl: string; stageName: (id: string) => string }) => Cell;
  /**
   * For a column the import writes through PATCH /pursuits/{id}'s body: the field, the cell read
   * as its value (blank clears it), and whether that value is what the pursuit holds now.
   */
  write?: { field: Writable; parse: (cell: string) => Parsed<unknown>; equals: (value: unknown, row: PursuitCsvRow) => boolean };
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

/** A number cell: blank is null; "$1,250,000" and "70%" are read as numbers. */
function number(label: string, cell: string): Parsed<number | null> {
  const text = cell
    .trim()
    .replace(/^\$|%$/g, '')
    .replace(/[,\s]/g, '');
  if (text === '') return ok(null);
  const n = Number(text);
  return Number.isFinite(n) ? ok(n) : { ok: false, reason: `${label} "${cell.trim()}" is not a number` };
}
const text = (cell: string) => ok(cell.trim() === '' ? null : cell.trim());
const names = (cell: string) =>
  ok(
    cell
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const sameList = (a: unknown, b: string[]) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
/** A stored numeric (15,2) and a typed number are equal to the cent. */
const sameNumber = (a: unknown, b: number | null) =>
  a === null || b === null ? a === b : Math.round(Number(a) * 100) === Math.round(b * 100);

const outcomeOf = (r: PursuitCsvRow) => (r.outcome !== null && r.outcome === r.stageOutcome ? r : null);

/**
 * The columns, in PURSUIT_CSV_COLUMNS order. Read-only columns (title, agency, weighted value,
 * workspace, outcome) are exported for the review and not read back: the outcome is recorded with
 * its reasons in the pipeline, the weighted value follows its inputs.
 */
export const CSV_COLUMNS: CsvColumn[] = [
  { name: 'notice_id', value: (r) => r.noticeId },
  { name: 'solicitation_number', value: (r) => r.solicitationNumber },
  { name: 'title', value: (r) => r.title },
  { name: 'agency', value: (r) => r.agency },
  { name: 'stage', value: (r, c) => c.stageName(r.stageId) },
  { name: 'capture_owner_email', value: (r) => r.ownerEmail },
  {
    name: 'estimated_value',
    value: (r) => r.estimatedValue,
    write: { field: 'estimated_value', parse: (c) => number('estimated_value', c), equals: (v, r) => sameNumber(v, r.estimatedValue) },
  },
  { name: 'p_win', value: (r) => r.pWin, write: { field: 'p_win', parse: (c) => number('p_win', c), equals: (v, r) => v === r.pWin } },
  { name: 'p_go', value: (r) => r.pGo, write: { field: 'p_go', parse: (c) => number('p_go', c), equals: (v, r) => v === r.pGo } },
  { name: 'weighted_value', value: (r) => weightedValue(r.estimatedValue, r.pWin, r.pGo) },
  {
    name: 'expected_award_date',
    value: (r) => r.expectedAwardDate,
    write: { field: 'expected_award_date', parse: text, equals: (v, r) => v === r.expectedAwardDate },
  },
  { name: 'next_action', value: (r) => r.nextAction, write: { field: 'next_action', parse: text, equals: (v, r) => v === r.nextAction } },
  {
    name: 'next_action_due',
    value: (r) => r.nextActionDue,
    write: { field: 'next_action_due', parse: text, equals: (v, r) => v === r.nextActionDue },
  },
  {
    name: 'competitors',
    value: (r) => r.competitors.join(LIST_SEPARATOR),
    write: { field: 'competitors', parse: names, equals: (v, r) => sameList(v, r.competitors) },
  },
  {
    name: 'teaming_partners',
    value: (r) => r.teamingPartners.join(LIST_SEPARATOR),
    write: { field: 'teaming_partners', parse: names, equals: (v, r) => sameList(v, r.teamingPartners) },
  },
  // Notes are kept as typed (not trimmed), as the pursuit editor keeps them.
  { name: 'notes', value: (r) => r.notes, write: { field: 'notes', parse: (c) => ok(c), equals: (v, r) => v === r.notes } },
  { name: 'incumbent', value: (r) => r.incumbent, write: { field: 'incumbent', parse: text, equals: (v, r) => v === r.incumbent } },
  {
    name: 'page_budget',
    value: (r) => r.pageBudget,
    write: { field: 'page_budget', parse: (c) => number('page_budget', c), equals: (v, r) => v === r.pageBudget },
  },
  { name: 'workspace_url', value: (r, c) => (r.workspaceId ? `${c.publicUrl}/workspace/${r.workspaceId}` : null) },
  { name: 'outcome', value: (r) => (outcomeOf(r) ? OUTCOME_LABELS[r.outcome!] : null) },
  { name: 'award_value', value: (r) => outcomeOf(r)?.awardValue ?? null },
  { name: 'winner', value: (r) => outcomeOf(r)?.winner ?? null },
  {
    name: 'outcome_reasons',
    value: (r) =>
      outcomeOf(r)
        ?.reasons?.map((x) => OUTCOME_REASON_LABELS[x as OutcomeReason] ?? x)
        .join(LIST_SEPARATOR) ?? null,
  },
  { name: 'outcome_reason_text', value: (r) => outcomeOf(r)?.reasonText ?? null },
  { name: 'debrief_date', value: (r) => outcomeOf(r)?.debriefDate ?? null },
  { name: 'lessons_learned', value: (r) => outcomeOf(r)?.lessonsLearned ?? null },
  { name: 'award_key', value: (r) => r.awardKey },
];
