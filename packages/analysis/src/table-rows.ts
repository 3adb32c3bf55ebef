import { splitSentences } from './segment';

/**
 * Table rows as text extraction lays them out: a cell that wraps continues on the next line with
 * the row's first cell empty ("|    |adds, changes.   |    |"), and a value cell may hold several
 * sentences, each its own requirement (TABLE-CELL-SENT).
 */

/** The cells of a "|"-delimited line, empty ones kept in place (outer pipes dropped). */
export function pipeCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/**
 * A row line that only carries the wrapped rest of the row above: its first cell is empty and
 * another is not, or its first cell goes on in lower case from an unfinished first cell above
 * ("|Chiller plant |Upon request|" then "|operational logs |  |").
 */
export function continuesRow(line: string, previousRow: string): boolean {
  if (!line.includes('|') || !previousRow.includes('|')) return false;
  const cells = pipeCells(line);
  const above = pipeCells(previousRow);
  if (cells.length < 2 || cells.length !== above.length || !cells.some((c) => c !== '')) return false;
  return cells[0] === '' || (/^[a-z]/.test(cells[0]) && above[0] !== '' && !/[.;:!?]$/.test(above[0]));
}

/** The row above with a continuation line's cells joined onto its own, cell by cell. */
export function joinRowLines(previousRow: string, line: string): string {
  const above = pipeCells(previousRow);
  const below = pipeCells(line);
  return `|${above.map((c, i) => [c, below[i] ?? ''].filter(Boolean).join(' ')).join('|')}|`;
}

const MIN_SENTENCE_WORDS = 4;

/**
 * The units a row's text becomes: itself, or, when it is a label and a value ("Performance
 * Standard | Code must have test coverage. All areas are tested.") or a single cell holding
 * several full sentences, one unit per sentence (the label kept in front of each).
 */
export function rowSentences(rowText: string): Array<{ text: string; offset: number }> {
  const cells = rowText.split(' | ');
  if (cells.length > 2) return [{ text: rowText, offset: 0 }];
  const value = cells.at(-1) ?? '';
  const sentences = splitSentences(value);
  const full = sentences.filter((s) => s.text.split(/\s+/).length >= MIN_SENTENCE_WORDS && /[.?!]["”’)\]]*$/.test(s.text));
  if (sentences.length < 2 || full.length < sentences.length - 1) return [{ text: rowText, offset: 0 }];
  const label = cells.length === 2 ? `${cells[0]} | ` : '';
  const valueAt = rowText.length - value.length;
  return sentences.map((s) => ({ text: `${label}${s.text}`, offset: valueAt + s.offset }));
}
