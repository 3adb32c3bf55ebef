import { stringify } from 'csv-stringify/sync';

/**
 * Characters a spreadsheet may start a formula with, with their full-width forms (Excel in East
 * Asian locales reads a full-width ＝ as =).
 */
const FORMULA = '=+\\-@＝＋－＠';
/** A cell starting (after any spaces) with a formula character, a tab or a carriage return. */
const FORMULA_START = new RegExp(`^(?:\\s*[${FORMULA}]|[\\t\\r])`);
/**
 * A formula behind a separator: `x;=1+1` is two cells, the second a formula, for a reader whose
 * list separator is `;` (most of Europe) — quoting does not help there, since that reader does not
 * see the comma-separated quotes — and some readers split on tab, `|` or a line break too.
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([,;\\t|\\r\\n])(?=\\s*[${FORMULA}])`, 'g');

/**
 * A cell value safe to put in a CSV or .xlsx a person opens in Excel or Sheets (OWASP "CSV
 * injection"): text a spreadsheet could run as a formula — starting with = + - @ (or their
 * full-width forms, also after spaces), a tab or a carriage return — gets a leading apostrophe, and
 * so does every stretch after a separator that would start with one, so a requirement line like
 * "=HYPERLINK(...)" taken from a solicitation, or a task title a user typed, stays text however the
 * file is split. Numbers pass; null becomes empty. Applying it twice changes nothing more.
 */
export function neutraliseFormula(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

/**
 * Rows as CSV for a spreadsheet: every cell neutralised, every text field quoted (with `"`
 * doubled), so no separator inside a field ever starts a new cell whatever the reader's list
 * separator; UTF-8 with a BOM so Excel reads it right. The one CSV writer of the API.
 */
export function spreadsheetCsv(headers: string[], rows: (string | number | null | undefined)[][]): Buffer {
  const csv = stringify(
    rows.map((row) => row.map(neutraliseFormula)),
    { header: true, columns: headers.map((h) => String(neutraliseFormula(h))), quoted_string: true },
  );
  return Buffer.from(`\uFEFF${csv}`, 'utf8');
}

/** A neutralising apostrophe: at the start, or after a separator, before what would be a formula. */
const NEUTRALISED_START = new RegExp(`^'(?=\\s*[${FORMULA}]|[\\t\\r])`);
const NEUTRALISED_AFTER_SEPARATOR = new RegExp(`([,;\\t|\\r\\n])'(?=\\s*[${FORMULA}])`, 'g');

/**
 * The text a cell held before neutraliseFormula, for a CSV BidDesk wrote coming back in (the
 * pursuit import): the apostrophes it added are taken off, so "-5% margin" exported as
 * "'-5% margin" is read back as typed. An apostrophe a person typed before a formula character is
 * taken off too; the importer compares with the exported form first, so an unchanged cell stays
 * unchanged either way.
 */
export function restoreNeutralised(cell: string): string {
  return cell.replace(NEUTRALISED_AFTER_SEPARATOR, '$1').replace(NEUTRALISED_START, '');
}
