import type { HeadingMatch } from './sections';
import type { SectionCode } from './types';

/**
 * Requirement ids that survive a re-upload or an amendment (amendments are diffed by them):
 * - under a numbered paragraph, the document's own number: `L-5.2.1`, a lettered list item in it
 *   `L-5.2.1.b` (a numbered one `L-5.2.1(3)`), and further sentences of the same paragraph or
 *   item `L-5.2.1-2`;
 * - a later unnumbered paragraph under that number: the number and a short hash of its text
 *   (`C-2.1-4fa9c1`), so inserting a paragraph above it does not renumber it;
 * - no numbering in force: a hash of the text alone (`C-4fa9c1`).
 * Never a running counter over the whole document.
 */

const ID_PREFIX: Record<SectionCode, string> = { L: 'L', M: 'M', C: 'C', other: 'O' };

/** Text reduced to letters and digits, so a PDF's line breaks and hyphenation do not change the id. */
export function normaliseForId(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Six hex digits of FNV-1a over the normalised text. */
export function contentHash(text: string): string {
  let h = 0x811c9dc5;
  const s = normaliseForId(text);
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h >>> 8).toString(16).padStart(6, '0');
}

/**
 * The paragraph number a heading gives, without the section letter the prefix already says
 * ("L.4.2.1" → "4.2.1"); other UCF sections keep theirs ("H.1" → "O-H.1", not "O-1").
 */
function headingNumber(h: HeadingMatch): string | null {
  if (!h.number || h.kind === 'ucf') return null;
  const n = h.kind === 'ucf-paragraph' && /^[LMC]\./.test(h.number) ? h.number.slice(2) : h.number;
  return n.replace(/(?<!\.)\.+$/, '');
}

export class RequirementIds {
  private anchor: string | null = null;
  /** Block index of the paragraph that carries the anchor's number (the first after the heading). */
  private anchorBlock: number | null = null;
  private readonly used = new Map<string, number>();
  private readonly issued = new Set<string>();

  /** A heading: its number (if any) anchors the paragraphs below it. */
  heading(h: HeadingMatch): void {
    this.anchor = headingNumber(h);
    this.anchorBlock = null;
  }

  /** Note a unit's paragraph even when it is not a requirement (the numbered paragraph may open with one). */
  see(block: number): void {
    if (this.anchor !== null && this.anchorBlock === null) this.anchorBlock = block;
  }

  next(section: SectionCode, unit: { text: string; block: number; marker?: string }): string {
    this.see(unit.block);
    const prefix = ID_PREFIX[section];
    let base: string;
    if (this.anchor === null) base = `${prefix}-${contentHash(unit.text)}`;
    // Lettered items read "L-5.2.1.b"; numbered ones "L-5.2(1)", so they never look like paragraph 5.2.1.
    else if (unit.marker) base = `${prefix}-${this.anchor}${/^\d/.test(unit.marker) ? `(${unit.marker})` : `.${unit.marker}`}`;
    else if (unit.block === this.anchorBlock) base = `${prefix}-${this.anchor}`;
    else base = `${prefix}-${this.anchor}-${contentHash(unit.text)}`;
    // Further sentences of one numbered paragraph count on from it; the same sentence twice (or a
    // number the document repeats) is told apart the same way.
    let n = this.used.get(base) ?? 0;
    let id: string;
    do {
      n += 1;
      id = n === 1 ? base : `${base}-${n}`;
    } while (this.issued.has(id));
    this.used.set(base, n);
    this.issued.add(id);
    return id;
  }
}
