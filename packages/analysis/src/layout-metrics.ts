import { tableOfContentsLines } from './toc';
import type { PageText, Requirement } from './types';

/**
 * What a reader checks on an unlabelled agency PDF once the engine has read it (used by
 * `npm run eval:real-pdfs` and the real-PDF tests): requirements filed per section, fragments,
 * requirements on table-of-contents pages, sentences left cut at page ends.
 */

// Words a sentence does not end on: a requirement or a page ending in one was cut.
const FUNCTION_WORD =
  /\b(a|an|the|of|to|for|and|or|in|on|at|by|with|from|as|that|which|is|are|be|must|shall|will|should|may|its|their|any|all|each|this|these)$/i;

export const endsInFunctionWord = (text: string): boolean => FUNCTION_WORD.test(text.trim());

const words = (r: Requirement) =>
  r.text
    .replace(/(?<!\s)\s*\|\s*/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;

/** Requirements under four words (list markers and cell separators not counted). */
export function shortRequirements(reqs: Requirement[]): Requirement[] {
  return reqs.filter((r) => words(r) < 4);
}

/**
 * Fragments: short requirements that are pieces of something cut apart (a shredded table row, a
 * line cut from its sentence): the text, or one of its cells, ends in a function word or a hyphen
 * or starts in lower case. A short item or row that stands whole ("Cloud deployment", "Questions
 * Due: | TBD") is not one.
 */
export function fragments(reqs: Requirement[]): Requirement[] {
  const cut = (cell: string) =>
    endsInFunctionWord(cell) || /[A-Za-z][-‐]$/.test(cell) || (/^[a-z]/.test(cell) && !/^[a-z]+:\/\//.test(cell));
  return shortRequirements(reqs).filter((r) => r.text.split(' | ').some((c) => cut(c.trim().replace(/[,;]$/, ''))));
}

export function bySection(reqs: Requirement[]): Record<string, number> {
  const out: Record<string, number> = { L: 0, M: 0, C: 0, other: 0 };
  for (const r of reqs) out[r.section] += 1;
  return out;
}

/** Pages holding a table of contents line (as extractRequirements sees the joined pages). */
export function tableOfContentsPages(pages: PageText[]): Set<number> {
  let text = '';
  const starts: number[] = [];
  for (const p of pages) {
    starts.push(text.length);
    text += `${p.text}\n`;
  }
  const out = new Set<number>();
  for (const offset of tableOfContentsLines(text)) {
    let i = starts.length - 1;
    while (i > 0 && starts[i] > offset) i--;
    out.add(pages[i].page);
  }
  return out;
}

/**
 * Sentences left cut at a page end: a requirement ending in a function word without punctuation
 * whose next requirement starts on a later page in lower case (the rest of the same sentence).
 */
export function cutAtPageEnds(reqs: Requirement[]): number {
  let cut = 0;
  reqs.forEach((r, i) => {
    const next = reqs[i + 1];
    if (next && endsInFunctionWord(r.text) && (next.page ?? 0) > (r.page ?? 0) && /^[a-z]/.test(next.text)) cut += 1;
  });
  return cut;
}
