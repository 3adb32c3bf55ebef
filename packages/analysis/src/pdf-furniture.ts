import type { Line, PageLines } from './pdf-lines';

/**
 * Page furniture: running headers and footers (a solicitation number, an agency name, "Procurement
 * Sensitive", a URL and print date) and page numbers in any form. They are dropped before lines
 * become paragraphs, so a sentence or a list running over a page break is not cut by them and the
 * space they leave never closes a block.
 */

// How far into a page's top and bottom furniture sits: the first and last few lines.
const EDGE_LINES = 3;
// A line recurring at a page edge on this share of the pages is running furniture.
const MIN_SHARE = 0.25;
// Running headers are short; a long recurring line is a repeated paragraph (a clause, a notice).
const MAX_CHARS = 160;

// "Page 3 of 40", "3", "- 12 -", "iv", "3/40", "Page 3", "3 | Page", "Page | 3".
// Matched on the trimmed line with its whitespace runs collapsed, so no two adjacent \s* can trade a
// long run of spaces between them (REDOS).
const PAGE_NUMBER = /^(?:page ?\|? ?)?[-–—]? ?(?:\d{1,4}|[ivxlc]{1,7}) ?[-–—]? ?(?:(?:of|\/) ?\d{1,4})? ?(?:\|? ?page)?$/i;

const textOf = (l: Line) => l.cells.map((c) => c.text).join(' | ');

/** Digits masked, so "Page 3 of 24" and "Page 4 of 24" are one running line. */
const key = (l: Line) => textOf(l).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

export function isPageNumber(text: string): boolean {
  const t = text.trim();
  return t.length <= 40 && PAGE_NUMBER.test(t.replace(/\s+/g, ' '));
}

/** The pages without their running headers, footers and page numbers. */
export function dropFurniture(pages: PageLines[]): PageLines[] {
  // Counted per band: a header recurs at the top of pages and a footer at the bottom. A sentence
  // printed at the top of one page and the foot of another (a requirement repeated in a short
  // document) is text, not furniture.
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set<string>();
    for (const { line, band } of edges(lines)) if (!line.field) seen.add(`${band}:${key(line)}`);
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const min = Math.max(2, Math.ceil(pages.length * MIN_SHARE));
  const running = (l: Line, bands: Band[]) => {
    const t = textOf(l);
    return t.length <= MAX_CHARS && bands.some((band) => (counts.get(`${band}:${key(l)}`) ?? 0) >= min);
  };
  // A page printed again whole (a repeated form, a copy) is not furniture around a body.
  const whole = (lines: Line[]) => lines.map(key).join('\n');
  const copies = new Map<string, number>();
  for (const lines of pages) copies.set(whole(lines), (copies.get(whole(lines)) ?? 0) + 1);
  return pages.map((lines) => {
    const bandsOf = new Map<Line, Band[]>();
    for (const { line, band } of edges(lines)) bandsOf.set(line, [...(bandsOf.get(line) ?? []), band]);
    const hasBody = (copies.get(whole(lines)) ?? 0) < 2;
    return lines.filter((l) => {
      const bands = bandsOf.get(l);
      return !(bands && !l.field && ((pages.length >= 2 && hasBody && running(l, bands)) || isPageNumber(textOf(l))));
    });
  });
}

type Band = 'top' | 'bottom';

/** The first and last few lines of a page, each with the edge it sits at (both on a short page). */
function edges(lines: Line[]): Array<{ line: Line; band: Band }> {
  return [
    ...lines.slice(0, EDGE_LINES).map((line) => ({ line, band: 'top' as const })),
    ...lines.slice(-EDGE_LINES).map((line) => ({ line, band: 'bottom' as const })),
  ];
}
