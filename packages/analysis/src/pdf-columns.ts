/**
 * Two-column pages (issue 22 item 3). pdf.js gives a two-column page's text by baseline, so each
 * physical line holds the left column's words, a wide gap, then the right column's: read as it
 * comes, every line would be a two-cell table row interleaving two unrelated paragraphs. A person
 * reads the left column down, then the right one. A page is read so when a vertical gutter near
 * its middle is crossed by no line below its (full-width) title lines, and both sides are prose:
 * lines of many words, filling their side from top to bottom. A table is not: its label column is
 * sparse (short cells, then space while the description wraps), or its sides hold cells of a few
 * words.
 */
import type { Line } from './pdf-lines';

export interface Columns {
  /** Full-width lines above the columns (a title, a heading spanning both). */
  top: Line[];
  left: Line[];
  right: Line[];
}

// Fewer lines than this on a side is not a column of prose.
const MIN_SIDE_LINES = 6;
// Mean characters per line on each side: prose columns are at least this full.
const MIN_MEAN_CHARS = 20;
// A side's lines must cover this share of its vertical span at the page's line step.
const MIN_DENSITY = 0.6;
// The gutter lies in the middle band of the text's width.
const BAND = [0.3, 0.7] as const;

const crosses = (l: Line, x: number) => l.cells.some((c) => c.x < x && c.right > x);

function part(l: Line, keep: (c: Line['cells'][number]) => boolean, lead: boolean): Line | null {
  const cells = l.cells.filter(keep);
  if (cells.length === 0) return null;
  return {
    ...l,
    cells,
    left: cells[0].x,
    right: Math.max(...cells.map((c) => c.right)),
    chars: cells.reduce((n, c) => n + c.text.length, 0),
    boldLead: lead ? l.boldLead : null,
  };
}

/** A side is prose: enough lines, wordy, filling its span at the line step, rarely split in cells. */
function prose(side: Line[], step: number): boolean {
  if (side.length < MIN_SIDE_LINES) return false;
  const mean = side.reduce((n, l) => n + l.chars, 0) / side.length;
  if (mean < MIN_MEAN_CHARS) return false;
  if (side.filter((l) => l.cells.length > 1).length > side.length * 0.2) return false;
  const size = side.reduce((n, l) => n + l.size, 0) / side.length;
  const span = side[0].y - side[side.length - 1].y;
  return span <= 0 || (side.length - 1) * step * size >= span * MIN_DENSITY;
}

/** The page's two columns and the full-width lines above them; null for a page read line by line. */
export function splitColumns(lines: Line[], step: number): Columns | null {
  if (lines.length < MIN_SIDE_LINES) return null;
  const left = Math.min(...lines.map((l) => l.left));
  const right = Math.max(...lines.map((l) => l.right));
  const width = right - left;
  if (width <= 0) return null;
  // Most pages are one column: their lines each run over the whole middle band. Those leave at once.
  const [from, to] = [left + width * BAND[0], left + width * BAND[1]];
  const open = lines.filter((l) => !l.cells.some((c) => c.x <= from && c.right >= to)).length;
  if (open < MIN_SIDE_LINES) return null;
  // The x in the middle band crossed by the fewest lines (a line's cells never overlap, so counting
  // cells counts lines): one pass over the cells into a 2 pt grid. Only title lines may cross it.
  const n = Math.floor((to - from) / 2) + 1;
  const diff = new Int32Array(n + 1);
  for (const l of lines) {
    for (const c of l.cells) {
      const i0 = Math.max(0, Math.floor((c.x - from) / 2) + 1);
      const i1 = Math.min(n - 1, Math.ceil((c.right - from) / 2) - 1);
      if (i0 <= i1) {
        diff[i0]++;
        diff[i1 + 1]--;
      }
    }
  }
  let best: { x: number; crossing: number } | null = null;
  for (let i = 0, count = 0; i < n; i++) {
    count += diff[i];
    if (!best || count < best.crossing) best = { x: from + i * 2, crossing: count };
  }
  if (!best) return null;
  const gutter = best.x;
  const firstBelow = lines.findIndex((l) => !crosses(l, gutter));
  if (firstBelow < 0 || lines.slice(firstBelow).some((l) => crosses(l, gutter))) return null;
  const top = lines.slice(0, firstBelow);
  const leftSide: Line[] = [];
  const rightSide: Line[] = [];
  for (const l of lines.slice(firstBelow)) {
    const a = part(l, (c) => c.right <= gutter, true);
    const b = part(l, (c) => c.x >= gutter, a === null);
    if (a) leftSide.push(a);
    if (b) rightSide.push(b);
  }
  if (!prose(leftSide, step) || !prose(rightSide, step)) return null;
  return { top, left: leftSide, right: rightSide };
}
