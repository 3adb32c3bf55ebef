/**
 * Rebuilds a page's reading text from pdf.js text items and their positions. pdf.js hands back
 * runs of glyphs with x/y; without layout, wrapped paragraphs, wrapped table rows and table
 * columns all come out as unrelated short lines. Here:
 * - items on one baseline form a line; a wide horizontal gap between items is a table column
 *   and becomes " | ";
 * - a vertical gap clearly wider than the page's line spacing is a paragraph break (a blank line);
 * - a line that runs to the right margin continues on the next line (a wrapped paragraph or a
 *   wrapped table row) and is joined to it;
 * - in a column table, a following line whose cells sit only under some of the row's columns
 *   (no first column) continues those cells.
 */

/** One pdf.js text item, reduced to what layout needs. */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
}

interface Cell {
  x: number;
  right: number;
  text: string;
}

interface Line {
  y: number;
  size: number;
  left: number;
  right: number;
  cells: Cell[];
}

// A horizontal gap this many font sizes wide separates table columns, not words (a justified line
// stretches word spaces to well under one font size).
const COLUMN_GAP = 1.2;
// A vertical step this much larger than the usual line step is a paragraph break.
const PARAGRAPH_GAP = 1.3;
// A line ending within this share of the text width from the right margin was wrapped.
const WRAP_SLACK = 0.16;

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}

function asLines(page: TextItem[] | PageLines): Line[] {
  return page.length > 0 && 'cells' in page[0] ? (page as Line[]) : toLines(page as TextItem[]);
}

/** Group items into lines (top to bottom) and each line into cells (left to right). */
function toLines(items: TextItem[]): Line[] {
  const usable = items.filter((i) => i.str.trim().length > 0);
  usable.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  let group: TextItem[] = [];
  const flush = () => {
    if (group.length === 0) return;
    group.sort((a, b) => a.x - b.x);
    const size = median(group.map((g) => g.size)) || 10;
    const cells: Cell[] = [];
    for (const it of group) {
      const last = cells.at(-1);
      const gap = last ? it.x - last.right : Infinity;
      if (last && gap < COLUMN_GAP * size) {
        const space = gap > size * 0.12 && !last.text.endsWith(' ') && !it.str.startsWith(' ') ? ' ' : '';
        last.text += space + it.str;
        last.right = Math.max(last.right, it.x + it.width);
      } else {
        cells.push({ x: it.x, right: it.x + it.width, text: it.str });
      }
    }
    for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
    lines.push({
      y: median(group.map((g) => g.y)),
      size,
      left: cells[0].x,
      right: Math.max(...cells.map((c) => c.right)),
      cells: cells.filter((c) => c.text.length > 0),
    });
    group = [];
  };
  for (const it of usable) {
    const anchor = group[0];
    if (anchor && Math.abs(anchor.y - it.y) > Math.max(anchor.size, it.size) * 0.45) flush();
    group.push(it);
  }
  flush();
  return lines.filter((l) => l.cells.length > 0);
}

/** Layout figures shared by all pages of a document: text block edges and line step. */
export interface PageGeometry {
  left: number;
  right: number;
  /** Usual baseline-to-baseline distance relative to the font size. */
  step: number;
}

/** Lines of one page, grouped once and shared by measureGeometry and layoutPage. */
export type PageLines = ReturnType<typeof toLines>;
export const pageLines = (items: TextItem[]): PageLines => toLines(items);

/** Margins and line spacing measured over every page, so a short page is read like the others. */
export function measureGeometry(pages: Array<TextItem[] | PageLines>): PageGeometry {
  const lefts: number[] = [];
  const rights: number[] = [];
  const steps: number[] = [];
  for (const page of pages) {
    const lines = asLines(page);
    lines.forEach((l, i) => {
      lefts.push(l.left);
      rights.push(l.right);
      const next = lines[i + 1];
      if (next) {
        const dy = l.y - next.y;
        if (dy > 0) steps.push(dy / l.size);
      }
    });
  }
  return { left: quantile(lefts, 0.1), right: quantile(rights, 0.95), step: quantile(steps, 0.3) || 1.2 };
}

// Lines that open a list item, a numbered paragraph or a UCF section: never the rest of a wrapped line.
const ROW_START = /^\s*(?:[-*•▪◦●○■□➢✓]|\(?[a-z0-9]{1,3}[.)]\s|[A-Z]\.\d{1,3}(\.\d{1,3})*\.?\s|\d{1,2}(\.\d{1,3})+\.?\s|SECTION [A-M]\b)/;

function lineText(l: Line): string {
  return l.cells.map((c) => c.text).join(' | ');
}

/** The reading text of one page: one line per paragraph or table row, blank lines between blocks. */
export function layoutPage(page: TextItem[] | PageLines, geometry?: PageGeometry): string {
  const lines = asLines(page);
  if (lines.length === 0) return '';
  const g = geometry ?? measureGeometry([lines]);
  const width = Math.max(1, g.right - g.left);
  const out: string[] = [];
  // The row being built (possibly over several physical lines), and its column positions.
  let current: { text: string; cells: Cell[] | null } | null = null;
  let prev: Line | null = null;
  let headerCells = 0;

  const emit = () => {
    if (current) out.push(current.cells ? current.cells.map((c) => c.text).join(' | ') : current.text);
    current = null;
  };

  for (const l of lines) {
    const dy = prev ? prev.y - l.y : 0;
    const gap = prev !== null && dy > g.step * prev.size * PARAGRAPH_GAP;
    if (gap) {
      emit();
      out.push('');
    }
    const isTableLine = l.cells.length >= 2;
    if (current && prev && !gap) {
      const cur = current as { text: string; cells: Cell[] | null };
      // A column table row whose cells wrap: the next line fills only some columns, never the first.
      if (cur.cells && cur.cells.length >= 2) {
        const cols = cur.cells;
        const aligned = l.cells.every((c) => cols.some((col) => Math.abs(col.x - c.x) < prev!.size * 1.5));
        const firstEmpty = !l.cells.some((c) => Math.abs(c.x - cols[0].x) < prev!.size * 1.5);
        if (aligned && firstEmpty) {
          for (const c of l.cells) {
            const col = cols.reduce((best, x) => (Math.abs(x.x - c.x) < Math.abs(best.x - c.x) ? x : best));
            col.text = joinWrapped(col.text, c.text);
          }
          prev = l;
          continue;
        }
      }
      // A line that reached the right margin was wrapped: the next line carries on, unless it
      // opens a list item or a numbered paragraph of its own.
      const wrapped = prev.right >= g.right - width * WRAP_SLACK && !/:\s*$/.test(lineText(prev));
      // A row typeset with its separators ("a | b | c") is complete once it has as many cells as
      // the table's first row: the next line starts the next row, even after a full-width line.
      const rowComplete = headerCells > 1 && cur.text.split(' | ').length >= headerCells && lineText(l).includes(' | ');
      if (wrapped && !isTableLine && !rowComplete && !ROW_START.test(lineText(l)) && !cur.cells) {
        cur.text = joinWrapped(cur.text, lineText(l));
        prev = l;
        continue;
      }
    }
    emit();
    current = isTableLine ? { text: '', cells: l.cells.map((c) => ({ ...c })) } : { text: lineText(l), cells: null };
    // The first line with separators after a gap or plain text is a table's first row.
    const pipes = lineText(l).split(' | ').length;
    if (pipes < 2) headerCells = 0;
    else if (headerCells === 0 || gap) headerCells = pipes;
    prev = l;
  }
  emit();
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** Join a wrapped line to the next: no space after a hyphen at the break ("front-" + "end"). */
function joinWrapped(a: string, b: string): string {
  if (/[A-Za-z][-‐]$/.test(a) && /^[a-z]/.test(b)) return a + b;
  return `${a} ${b}`;
}
