/**
 * Paragraph numbering of requirements and cross-references between them. Requirement ids carry
 * the solicitation's own paragraph number where it has one ("C-2.2-810c42" sits in 2.2), so a
 * requirement that cites "section 2.2" can be tied to the requirements of that paragraph. Ids
 * without numbering tie to nothing.
 */

/** Paragraph numbering carried in a requirement id ("C-2.2-810c42" → "2.2"), if any. */
export function paragraphOf(id: string): string | null {
  const m = /^[A-Z]+-([0-9]+(?:\.[0-9]+)*)(?:-|$)/.exec(id);
  return m ? m[1] : null;
}

const REFERENCE =
  /\b(?:section|paragraph|para\.?|§|outlined in|described in|listed in|specified in|in)\s+([0-9]+\.[0-9]+(?:\.[0-9]+)*)\b/gi;

/** Paragraph numbers a text cites ("the languages outlined in section 2.2" → ["2.2"]). */
export function referencedParagraphs(text: string): string[] {
  const out: string[] = [];
  REFERENCE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = REFERENCE.exec(text)) !== null) out.push(m[1]);
  return out;
}
