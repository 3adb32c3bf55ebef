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

import { splitColumns } from './pdf-columns';
import type { Rule } from './pdf-rules';

/** One pdf.js text item, reduced to what layout needs. */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
  /** The font's name without its subset tag, when pdf.js resolved it. */
  font?: string;
  bold?: boolean;
  italic?: boolean;
  /** A filled form field's value placed at the field's position, not page text. */
  field?: boolean;
}

interface Cell {
  x: number;
  right: number;
  text: string;
}

export interface Line {
  y: number;
  size: number;
  left: number;
  right: number;
  cells: Cell[];
  /** Most of the line's characters are set bold. */
  bold: boolean;
  /** Characters on the line (for typography statistics). */
  chars: number;
  /** Only form field values on this line. */
  field: boolean;
  /** Bold words opening a line that goes on in regular type ("Submissions. Offerors shall ..."). */
  boldLead: string | null;
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

// A cell holding only a paragraph number or a bullet: "1.1", "5.0", "L.4", "a.", "(b)", "●".
const MARKER_CELL = /^(?:\d{1,2}(?:\.\d{1,3})*\.?|[A-Z]\.\d{1,3}(?:\.\d{1,3})*\.?|\(?[a-z]{1,3}[.)]|\(\d{1,2}\)|\d{1,2}\)|[-*•▪◦●○■□➢✓–])$/;

/** The size most of a line's characters are set in (a footnote mark or a drop cap does not count). */
function dominantSize(group: TextItem[]): number {
  const bySize = new Map<number, number>();
  for (const g of group) {
    const k = Math.round(g.size * 2) / 2;
    bySize.set(k, (bySize.get(k) ?? 0) + g.str.trim().length);
  }
  let best = 0;
  let bestChars = -1;
  for (const [k, n] of bySize) if (n > bestChars) [best, bestChars] = [k, n];
  return best || median(group.map((g) => g.size)) || 10;
}

/** Leading bold runs of a line whose rest is regular type, as text; null when there are none. */
function boldLead(group: TextItem[]): string | null {
  let i = 0;
  while (i < group.length && (group[i].bold || !group[i].str.trim())) i++;
  if (i === 0 || i === group.length) return null;
  const lead = group
    .slice(0, i)
    .map((g) => g.str)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return lead || null;
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
    // "1.1 <tab> Purpose", "● <tab> Change Management": a number or bullet set off by a tab is the
    // line's own marker, not a table column.
    if (cells.length === 2 && MARKER_CELL.test(cells[0].text)) {
      cells[0].text = `${cells[0].text} ${cells[1].text}`;
      cells[0].right = cells[1].right;
      cells.pop();
    }
    const chars = group.reduce((n, g) => n + g.str.trim().length, 0);
    const boldChars = group.reduce((n, g) => n + (g.bold ? g.str.trim().length : 0), 0);
    lines.push({
      y: median(group.map((g) => g.y)),
      size: dominantSize(group),
      left: cells[0].x,
      right: Math.max(...cells.map((c) => c.right)),
      cells: cells.filter((c) => c.text.length > 0),
      bold: chars > 0 && boldChars / chars >= 0.6,
      chars,
      field: group.every((g) => g.field),
      boldLead: boldLead(group),
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

/** Type sizes of a document: the body size and the larger sizes headings are set in. */
export interface Typography {
  /** The size most characters are set in. */
  body: number;
  /** Body text itself is bold (then bold marks nothing). */
  bodyBold: boolean;
  /** Sizes larger than the body that short, unpunctuated lines use, largest first: level 1, 2, … */
  headingSizes: number[];
}

// A line set this much larger than the body reads as a heading (11 pt body: 12.5 pt and up).
const LARGER = 1.12;

/** Body size, whether the body is bold, and the heading sizes, over every page of a document. */
export function measureTypography(pages: Array<TextItem[] | PageLines>): Typography {
  const chars = new Map<number, number>();
  const boldChars = new Map<number, number>();
  const all: Line[] = [];
  for (const page of pages) {
    for (const l of asLines(page)) {
      if (l.field) continue;
      all.push(l);
      chars.set(l.size, (chars.get(l.size) ?? 0) + l.chars);
      if (l.bold) boldChars.set(l.size, (boldChars.get(l.size) ?? 0) + l.chars);
    }
  }
  let body = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [body, most] = [size, n];
  const bodyBold = most > 0 && (boldChars.get(body) ?? 0) / most > 0.5;
  const sizes = new Set<number>();
  for (const l of all) if (l.size >= body * LARGER && l.cells.length === 1 && headingText(lineText(l))) sizes.add(l.size);
  return { body: body || 10, bodyBold, headingSizes: [...sizes].sort((a, b) => b - a) };
}

// Words a title does not end on: a line ending in one was cut from a sentence.
const DANGLING = /\b(a|an|the|of|to|for|and|or|in|on|at|by|with|from|as|that|which|is|are|be|must|shall|will)$/i;

/** A title reads as one: short, starts like a title, no sentence punctuation at its end. */
export function headingText(t: string): boolean {
  const s = t.trim();
  if (s.length < 2 || s.length > 120 || s.includes(' | ')) return false;
  if (!/^[A-Z0-9(“"]/.test(s) || /^\(\s/.test(s) || !/[A-Za-z]{2}/.test(s)) return false;
  const words = s.split(/\s+/).length;
  if (words > 14) return false;
  if (/[.;,]["”’)]?$/.test(s) && !/^\d{1,2}(\.\d{1,3})*\.$/.test(s)) return false;
  if (s.endsWith(':') && words > 6) return false;
  if (DANGLING.test(s.replace(/:$/, ''))) return false;
  return !(/\b(shall|must|should)\b/i.test(s) && words > 8);
}

/** A heading's level from its type: sizes above the body rank 1, 2, …; bold at body size comes next. */
function headingLevel(l: Line, typo: Typography | undefined): number | null {
  if (!typo || l.cells.length !== 1 || l.field) return null;
  if (l.size >= typo.body * LARGER) {
    const i = typo.headingSizes.findIndex((s) => l.size >= s - 0.25);
    return (i < 0 ? typo.headingSizes.length : i) + 1;
  }
  if (l.bold && !typo.bodyBold && l.size >= typo.body - 0.5) return typo.headingSizes.length + 1;
  return null;
}

// A run-in title opening a paragraph: a few bold words ending in "." or ":" ("Submissions. …").
function runInTitle(l: Line, typo: Typography | undefined): string | null {
  if (!typo || typo.bodyBold || !l.boldLead || l.cells.length !== 1) return null;
  const lead = l.boldLead;
  const text = l.cells[0].text;
  if (!text.startsWith(lead) || text.length - lead.length < 3) return null;
  const words = lead.split(/\s+/).length;
  if (words > 8 || !/^[A-Z0-9(]/.test(lead) || !/[.:]$/.test(lead)) return null;
  if (/\b(shall|must|will|should|may)\b/i.test(lead) || /^\(?[a-z0-9]{1,3}[.)]$/i.test(lead)) return null;
  return lead;
}

/** A page's reading text and where typographic headings sit in it. */
export interface LaidOutPage {
  text: string;
  /** Offsets of heading lines in `text`, with their typographic level (1 = largest). */
  headings: Array<{ start: number; level: number }>;
}

/** The reading text of one page: one line per paragraph or table row, blank lines between blocks. */
export function layoutPage(page: TextItem[] | PageLines, geometry?: PageGeometry, typography?: Typography): string {
  return layoutPageWithHeadings(page, geometry, typography).text;
}

/** As layoutPage, and the headings its type marks (larger or bold short lines, bold run-in titles). */
export function layoutPageWithHeadings(
  page: TextItem[] | PageLines,
  geometry?: PageGeometry,
  typography?: Typography,
  rules: Rule[] = [],
): LaidOutPage {
  const lines = asLines(page);
  if (lines.length === 0) return { text: '', headings: [] };
  const g = geometry ?? measureGeometry([lines]);
  // A two-column page is read column by column, each with its own margins (pdf-columns.ts).
  const columns = splitColumns(lines, g.step);
  if (columns) {
    const within = (side: Line[]): PageGeometry => ({
      left: quantile(
        side.map((l) => l.left),
        0.1,
      ),
      right: quantile(
        side.map((l) => l.right),
        0.95,
      ),
      step: g.step,
    });
    const parts = [columns.top, columns.left, columns.right].filter((side) => side.length > 0);
    return joinParts(parts.map((side) => layoutPageWithHeadings(side, side === columns.top ? g : within(side), typography, rules)));
  }
  const width = Math.max(1, g.right - g.left);
  const out: Array<{ text: string; level?: number }> = [];
  // The row being built (possibly over several physical lines), and its column positions.
  let current: { text: string; cells: Cell[] | null } | null = null;
  let prev: Line | null = null;
  let prevHeading = false;
  let headerCells = 0;

  const emit = () => {
    if (current) out.push({ text: current.cells ? current.cells.map((c) => c.text).join(' | ') : current.text });
    current = null;
  };
  const tight = (a: Line, b: Line) => a.y - b.y <= g.step * a.size * PARAGRAPH_GAP;

  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const dy = prev ? prev.y - l.y : 0;
    const gap = prev !== null && dy > g.step * prev.size * PARAGRAPH_GAP;
    if (gap) {
      emit();
      out.push({ text: '' });
    }
    // A heading set in its own type: its lines (up to three) are joined and stand alone.
    // Bold at body size marks a heading only when it stands apart (space above it, or the top of
    // the page): a bold line inside a run of short lines is an emphasised item.
    const level = headingLevel(l, typography);
    const apart = prev === null || gap || prevHeading || l.size >= (typography?.body ?? 0) * LARGER;
    prevHeading = false;
    if (level !== null && apart) {
      let j = i;
      let text = lineText(l);
      while (
        j + 1 < lines.length &&
        j - i < 2 &&
        headingLevel(lines[j + 1], typography) === level &&
        tight(lines[j], lines[j + 1]) &&
        !ROW_START.test(lineText(lines[j + 1]))
      ) {
        text = joinWrapped(text, lineText(lines[j + 1]));
        j++;
      }
      if (headingText(text)) {
        emit();
        out.push({ text, level });
        prevHeading = true;
        prev = lines[j];
        i = j;
        headerCells = 0;
        continue;
      }
    }
    // A table: its rows are rebuilt from the columns' positions, each row whole however its cells wrap.
    const table = l.cells.length >= 2 ? tableRows(lines, i, g, rules) : null;
    if (table) {
      emit();
      for (const row of table.rows) out.push({ text: row });
      prev = lines[table.end];
      i = table.end;
      headerCells = 0;
      continue;
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
    const lead = runInTitle(l, typography);
    if (lead) {
      out.push({ text: lead, level: (typography?.headingSizes.length ?? 0) + 2 });
      current = { text: l.cells[0].text.slice(lead.length).trim(), cells: null };
    } else {
      current = isTableLine ? { text: '', cells: l.cells.map((c) => ({ ...c })) } : { text: lineText(l), cells: null };
    }
    // The first line with separators after a gap or plain text is a table's first row.
    const pipes = lineText(l).split(' | ').length;
    if (pipes < 2) headerCells = 0;
    else if (headerCells === 0 || gap) headerCells = pipes;
    prev = l;
  }
  emit();
  return assemble(out);
}

// Vertical steps inside a table this many body line steps apart still belong to it (a cell's
// second paragraph, a row's padding); more is the end of the table.
const TABLE_GAP = 3.5;
// A step this much larger than a table's tightest one is a row boundary (cell padding, even the
// point or so a word processor adds between rows) or a paragraph; line positions are exact to
// well under that.
const ROW_STEP = 1.03;

/**
 * A table starting at line `i`: the lines that follow whose cells all sit in its columns (from
 * its first line's cell positions) belong to it. A line with no cell in the first column carries
 * on the row above (a wrapped or vertically centred cell, a cell's second paragraph). A line with
 * a first-column cell starts a row, except where the table pads its rows (row starts sit a larger
 * step below the line before): there a first-column line at the tight in-cell step is the first
 * column wrapping. Each row comes out as `cell | cell` in column order.
 */
function tableRows(lines: Line[], i: number, g: PageGeometry, rules: Rule[] = []): { end: number; rows: string[] } | null {
  const first = lines[i];
  const size = first.size;
  const cols = first.cells.map((c) => c.x);
  const tol = size * 1.5;
  const colOf = (x: number): number => {
    const near = cols.findIndex((c) => Math.abs(c - x) < tol);
    if (near >= 0) return near;
    for (let k = cols.length - 1; k >= 0; k--) if (cols[k] <= x) return k;
    return -1;
  };
  const members: Array<{ line: Line; cols: number[] }> = [{ line: first, cols: first.cells.map((_, k) => k) }];
  let j = i;
  while (j + 1 < lines.length) {
    const l = lines[j + 1];
    const p = lines[j];
    if (p.y - l.y > g.step * p.size * TABLE_GAP || Math.abs(l.size - size) > size * 0.15) break;
    const idx = l.cells.map((c) => colOf(c.x));
    if (idx.some((k) => k < 0)) break;
    // A cell running over the next column's start is a paragraph after the table, not a cell.
    if (l.cells.some((c, k) => idx[k] + 1 < cols.length && c.right > cols[idx[k] + 1] + size * 0.5)) break;
    if (new Set(idx).size !== idx.length) break;
    members.push({ line: l, cols: idx });
    j++;
  }
  // Where the page rules its rows, a rule between two lines is the row boundary and nothing else is
  // (pdf-rules.ts): rows set as tight as their wrapped lines stay whole.
  const left = first.left;
  const right = Math.max(...members.map((m) => m.line.right));
  const ruleBetween = (above: Line, below: Line) =>
    rules.some(
      (r) =>
        r.y < above.y - size * 0.1 &&
        r.y > below.y + size * 0.5 &&
        r.x1 <= left + size &&
        r.x2 >= Math.min(right, left + (right - left) / 2),
    );
  const ruled = members.some((m, k) => k > 0 && ruleBetween(members[k - 1].line, m.line));
  const steps = members.slice(1).map((m, k) => (members[k].line.y - m.line.y) / size);
  const tight = steps.length ? Math.min(...steps) : 0;
  const padded = members.some((m, k) => k > 0 && m.cols[0] === 0 && steps[k - 1] > tight * ROW_STEP);
  const rows: string[][][] = [];
  members.forEach((m, k) => {
    // Without padding to tell, a first column going on in lower case at the tight step is a wrap.
    const wraps = m.cols[0] === 0 && k > 0 && steps[k - 1] <= tight * 1.05 && /^[a-z]/.test(m.line.cells[0].text);
    const starts =
      k === 0 ||
      (ruled ? ruleBetween(members[k - 1].line, m.line) : m.cols[0] === 0 && (padded ? steps[k - 1] > tight * ROW_STEP : !wraps));
    if (starts) rows.push(cols.map(() => []));
    const row = rows[rows.length - 1];
    m.line.cells.forEach((c, n) => row[m.cols[n]].push(c.text));
  });
  return {
    end: j,
    rows: rows.map((r) =>
      r
        .map((parts) => parts.reduce((a, b) => (a ? joinWrapped(a, b) : b), ''))
        .filter((t) => t.length > 0)
        .join(' | '),
    ),
  };
}

/** Lines to text (no leading, trailing or doubled blank lines), with heading offsets. */
function assemble(out: Array<{ text: string; level?: number }>): LaidOutPage {
  const headings: LaidOutPage['headings'] = [];
  let text = '';
  let blank = true;
  for (const o of out) {
    if (!o.text) {
      blank = true;
      continue;
    }
    if (text) text += blank ? '\n\n' : '\n';
    if (o.level !== undefined) headings.push({ start: text.length, level: o.level });
    text += o.text;
    blank = false;
  }
  return { text, headings };
}

// A block's last line ends a sentence, a list lead-in or a title.
const ENDS_BLOCK = /[.?!:;]["”’)\]]*$/;

/**
 * The parts of a page read one after another (its title lines, left column, right column). A
 * sentence running from the foot of one column to the head of the next (no closing punctuation,
 * the next starting in lower case) is joined; otherwise each part is its own block.
 */
function joinParts(parts: LaidOutPage[]): LaidOutPage {
  let text = '';
  const headings: LaidOutPage['headings'] = [];
  for (const p of parts) {
    if (!p.text) continue;
    const last = text.slice(text.lastIndexOf('\n') + 1);
    const lastIsHeading = headings.some((h) => h.start === text.lastIndexOf('\n') + 1);
    const runsOn =
      text && last && !ENDS_BLOCK.test(last) && !lastIsHeading && /^[a-z]/.test(p.text) && !p.headings.some((h) => h.start === 0);
    const sep = !text ? '' : runsOn ? (/[A-Za-z][-‐]$/.test(last) ? '' : ' ') : '\n\n';
    const offset = text.length + sep.length;
    text += sep + p.text;
    headings.push(...p.headings.map((h) => ({ ...h, start: h.start + offset })));
  }
  return { text, headings };
}

/** Join a wrapped line to the next: no space after a hyphen at the break ("front-" + "end"). */
function joinWrapped(a: string, b: string): string {
  // "front-" + "end", "Front-" + "End": a word broken at its hyphen closes up.
  if (/[A-Za-z][-‐]$/.test(a) && /^[A-Za-z]/.test(b)) return a + b;
  return `${a} ${b}`;
}
