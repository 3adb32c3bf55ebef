/**
 * A cell value safe to put in a CSV or .xlsx a person opens in Excel or Sheets: text a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so a requirement line like "=HYPERLINK(...)" taken from a solicitation, or a task
 * title a user typed, stays text (OWASP "CSV injection"). Numbers pass; null becomes empty.
 */
export function neutraliseFormula(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
