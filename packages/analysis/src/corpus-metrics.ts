import { shortRequirements } from './layout-metrics';
import { RepeatIndex, normalisedText } from './requirement-repeats';
import type { PageText, Requirement, SectionCode } from './types';

/**
 * What any correct extractor must hold to on an unlabelled solicitation (used by
 * `npm run eval:corpus` and the corpus test): no requirement repeated within a section, no
 * fragments, every plain "<party> shall/must ..." sentence of the text kept.
 */

/** Requirements an earlier requirement of the same section already is (RepeatIndex: text, and a list item's lead-in). */
export function repeatsWithinSection(reqs: Requirement[]): Requirement[] {
  const index = new RepeatIndex();
  return reqs.filter((r) => {
    if (index.repeatOf(r)) return true;
    index.add(r);
    return false;
  });
}

/** List items whose text an earlier requirement of the section has under another lead-in (kept apart on purpose). */
export function sameTextOtherLeadIn(reqs: Requirement[]): Requirement[] {
  const seen = new Set<string>();
  return reqs.filter((r) => {
    const key = `${r.section}\u0000${normalisedText(r.text)}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/** Requirements under four words: the corpus's fragment measure (layout-metrics.ts counts the words). */
export const underFourWords = shortRequirements;

// The words that make a sentence an obligation on their own; a requirement with none of them was
// taken for its place (a list item, a table row) or as an imperative.
const OBLIGATION_WORD =
  /\b(shall|must|will|should|may|required|requires?|requirements?|expected|expects?|encouraged|cannot|can ?not|needs? to|ha(ve|s) to|responsible|limited|not (to )?exceed|no more than|maximum|mandatory|necessary|failure)\b/i;

/** Requirements whose text holds no obligation word. */
export function withoutObligationWord(reqs: Requirement[]): Requirement[] {
  return reqs.filter((r) => !OBLIGATION_WORD.test(r.text));
}

// "The Contractor shall ...", "Offerors must ...": a party as the sentence's subject, directly
// before shall/must, at a sentence or line start (after a list marker or a paragraph number).
const PLAIN_OBLIGATION =
  /(?:^|\n|[.;:!?]["”’)]?[ \t]+)[ \t]*(?:(?:\(?[a-z0-9]{1,4}[.)]|[A-Z]?\d+(?:\.\d+)*\.?|[-*•])[ \t]+)?((?:The|Each|All|Any|the|each|all|any)[ \t]+)?(offerors?|contractors?|quoters?|vendors?)[ \t]+(shall|must)[ \t]+[^\n.;]{8,}/gi;

/** The plain "<party> shall/must ..." sentences of a text: their first words, normalised. */
export function plainObligations(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLAIN_OBLIGATION)) {
    const at = m.index + m[0].indexOf(m[1] ?? m[2]);
    // The sentence runs to its end, across line wraps: take its first words from the text itself.
    const sentence = text.slice(at, at + 400).split(/[.;:?!](?=\s|$)/)[0];
    const words = normalisedText(sentence).split(' ').slice(0, 10);
    if (words.length >= 5) out.push(words.join(' '));
  }
  return out;
}

/** How many of `sentences` (from plainObligations) some requirement's text contains. */
export function keptObligations(sentences: string[], reqs: Requirement[]): number {
  const texts = reqs.map((r) => ` ${normalisedText(r.text)} `);
  return sentences.filter((s) => texts.some((t) => t.includes(` ${s} `))).length;
}

/** Whether any requirement is filed under `section`. */
export function hasSection(reqs: Requirement[], section: SectionCode): boolean {
  return reqs.some((r) => r.section === section);
}

/** A plain-text solicitation's pages: its form feeds split them, numbered from 1 (the corpus texts have them). */
export function textPages(text: string): PageText[] {
  return text.split('\f').map((t, i) => ({ page: i + 1, text: t }));
}
