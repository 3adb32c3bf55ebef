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
  const words = text
    .replace(BLANK, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w));
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

const textKey = (r: Pick<Requirement, 'section' | 'text'>) => `${r.section}\u0000${normalisedText(r.text)}`;
const leadKey = (r: Pick<Requirement, 'lead_in'>) => (r.lead_in ? normalisedText(r.lead_in) : null);

type Comparable = Pick<Requirement, 'section' | 'text' | 'lead_in'>;

/**
 * When two requirements of a section are the same one: the same text (normalisedText), and for
 * list items the same lead-in. "Monthly report" under "The contractor shall deliver:" and under
 * "The Government will provide:" are different duties. A requirement without a lead-in (a full
 * sentence, a title printed again over its paragraph) adds nothing a reader could tell apart, so
 * it is the same as an earlier one with its text, whatever that one's lead-in.
 */
export class RepeatIndex<R extends Comparable = Requirement> {
  private readonly byText = new Map<string, R[]>();

  /** The earlier requirement `r` repeats, if any. */
  repeatOf(r: Comparable): R | undefined {
    const same = this.byText.get(textKey(r));
    if (!same) return undefined;
    const lead = leadKey(r);
    return same.find((k) => lead === null || leadKey(k) === null || leadKey(k) === lead);
  }

  add(r: R): void {
    const key = textKey(r);
    const same = this.byText.get(key);
    if (same) same.push(r);
    else this.byText.set(key, [r]);
  }
}

/**
 * Requirements that are the same one (RepeatIndex: text, and a list item's lead-in) within one
 * section become the first of them; the pages of the others are listed on it (`pages`, without
 * its own page).
 */
export function mergeRepeats(reqs: Requirement[]): Requirement[] {
  const index = new RepeatIndex();
  const out: Requirement[] = [];
  for (const r of reqs) {
    const kept = index.repeatOf(r);
    if (!kept) {
      index.add(r);
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
