import { isDescriptionMarker } from './description';

/** Longest summary a listing carries (characters, before the ellipsis). */
export const SUMMARY_MAX_CHARS = 220;

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
};

/**
 * A short plain-text summary of a description for listings (issue 15: a page of 20 carried every
 * full description, 82 KB): tags dropped, entities decoded, whitespace folded, cut at a word near
 * SUMMARY_MAX_CHARS. Null while the description is still SAM's fetch marker or empty.
 */
export function summarize(description: string | null): string | null {
  if (isDescriptionMarker(description)) return null;
  const text = description!
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  if (text.length <= SUMMARY_MAX_CHARS) return text;
  const cut = text.slice(0, SUMMARY_MAX_CHARS);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUMMARY_MAX_CHARS * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
