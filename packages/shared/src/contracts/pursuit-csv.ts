import { z } from 'zod';

/**
 * The pursuit CSV (issue 26 item 6): the header row of GET /pursuits/export.csv, in order. The
 * names are stable (scripts and spreadsheets key on them); a new column is added at the end.
 */
export const PURSUIT_CSV_COLUMNS = [
  'notice_id',
  'solicitation_number',
  'title',
  'agency',
  'stage',
  'capture_owner_email',
  'estimated_value',
  'p_win',
  'p_go',
  'weighted_value',
  'expected_award_date',
  'next_action',
  'next_action_due',
  'competitors',
  'teaming_partners',
  'notes',
  'incumbent',
  'page_budget',
  'workspace_url',
  'outcome',
  'award_value',
  'winner',
  'outcome_reasons',
  'outcome_reason_text',
  'debrief_date',
  'lessons_learned',
  // A recompete tracked from the radar has no notice yet: its award is its key.
  'award_key',
] as const;
export type PursuitCsvColumn = (typeof PURSUIT_CSV_COLUMNS)[number];

/** The columns an import writes (through the same rules as the pursuit editor and a stage move). */
export const PURSUIT_CSV_WRITABLE = [
  'stage',
  'capture_owner_email',
  'estimated_value',
  'p_win',
  'p_go',
  'expected_award_date',
  'next_action',
  'next_action_due',
  'competitors',
  'teaming_partners',
  'notes',
  'incumbent',
  'page_budget',
] as const satisfies readonly PursuitCsvColumn[];

/** Largest pursuit CSV an import takes, in bytes and in data rows (the import runs while the caller waits). */
export const PURSUIT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PURSUIT_CSV_MAX_ROWS = 3_000;

export const PURSUIT_IMPORT_ACTIONS = ['created', 'updated', 'unchanged', 'refused'] as const;

export const PursuitImportRowSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The notice id the row named (or the one its solicitation number matched); null when neither. */
  notice_id: z.string().nullable(),
  action: z.enum(PURSUIT_IMPORT_ACTIONS),
  /** Why a row was refused (nothing of it was applied); null otherwise. */
  reason: z.string().nullable(),
});
export type PursuitImportRow = z.infer<typeof PursuitImportRowSchema>;

/** POST /pursuits/import: what happened to every row, and the counts. */
export const PursuitImportReportSchema = z.object({
  counts: z.object({
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  rows: z.array(PursuitImportRowSchema),
  /** Header names that are not pursuit columns (their cells were not read). */
  ignored_columns: z.array(z.string()),
});
export type PursuitImportReport = z.infer<typeof PursuitImportReportSchema>;
