import type { Requirement } from './types';

/**
 * The last stage of extraction, over the whole list: what no single unit's verdict can see. The
 * same requirement printed again in its section (a form repeated per attachment, a clause quoted
 * twice) is one requirement that lists the other pages; a line that says nothing in words (a rule
 * of underscores, a bare number) or only names a blank to fill in ("Date: ________") is none.
 */

// A leading list marker ("(a)", "3.", "iv)", a bullet) is not part of what a requirement says.
const LEADING_MARKER = /^\s*(?:[-*•▪◦●○■□–—➢✓ˇ]\s*|\(?(?:[a-z]|\d{1,3}|[ivx]{1,5})[).]\s+)/i;

/** A requirement's text as compared for repeats: case, spacing, punctuation and a leading marker dropped. */
export function normalisedText(text: string): string {
  return text
    .replace(LEADING_MARKER, '')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// A word of two letters or more: a line without one says nothing ("______", "..", "52.212-3", "X").
const WORD = /[A-Za-z]{2}/;
// A blank to fill in: a run of underscores (or of dots in a form).
const BLANK = /_{3,}|\.{6,}/g;

/** A caption for a blank on a form ("Typed Name: ______", "Tier____, if known:"): fewer than four words besides the blank. */
export function isFormBlank(text: string): boolean {
  if (!BLANK.test(text)) return false;
  BLANK.lastIndex = 0;
  const words = text.replace(BLANK, ' ').split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
  return words.length < 4;
}

// A value standing alone, with nothing asked of anyone: a date ("JUL 2004", "05/15/2013"), an
// e-mail or web address, a one-word answer ("Yes", "N/A", "TBD").
const BARE_VALUE =
  /^\(?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?\d{4}|\d{1,2}\/\d{1,2}\/\d{2,4}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/|www\.)\S+|yes|no|n\/a|tbd|none)\)?[.;,]?$/i;

/** Whether a requirement's text says anything a bidder could comply with. */
export function saysSomething(text: string): boolean {
  const t = text.replace(LEADING_MARKER, '').trim();
  return WORD.test(t) && !isFormBlank(t) && !BARE_VALUE.test(t);
}

/**
 * Requirements with identical text (normalisedText) within one section become the first of them;
 * the pages of the others are listed on it (`pages`, without its own page).
 */
export function mergeRepeats(reqs: Requirement[]): Requirement[] {
  const first = new Map<string, Requirement>();
  const out: Requirement[] = [];
  for (const r of reqs) {
    const key = `${r.section}\u0000${normalisedText(r.text)}`;
    const kept = first.get(key);
    if (!kept) {
      first.set(key, r);
      out.push(r);
      continue;
    }
    if (r.page !== null && r.page !== kept.page && !kept.pages?.includes(r.page)) kept.pages = [...(kept.pages ?? []), r.page];
  }
  return out;
}

/** The list-wide stage extractRequirements ends with: empty lines and form blanks out, repeats merged. */
export function finishRequirements(reqs: Requirement[]): Requirement[] {
  return mergeRepeats(reqs.filter((r) => saysSomething(r.text)));
}
