/**
 * An amendment of the real GSA 14(c) RFQ text (../shared/data/rfp/gsa-dol-14c-rfq.txt), made the way
 * a contracting officer edits one: one requirement reworded, one deleted, one added, and a paragraph
 * moved to another place in its section. Used by the API amendment test and the e2e journey, which
 * both assert that the diff finds exactly these and nothing else.
 */
export const RFQ_AMENDMENT = {
  /** Reworded: 60 → 90 days. */
  changedFrom: 'Quotes must be valid for at least 60 calendar days after the quotation response date.',
  changedTo: 'Quotes must be valid for at least 90 calendar days after the quotation response date.',
  /** Deleted (its own line in 2.1). */
  removed: 'Vendor must post all code to a publicly-available code repository, with a Public Domain license.',
  /** Added as a new line of the 2.1 list, after the analytics line. */
  addedAfter: 'Vendor must incorporate analytics, monitoring, continuous integration, and measurement tools into their code base.',
  added: 'Vendor must publish release notes for every production deployment.',
  /** Moved from the middle of the 2.1 list to its end (after the ATO line); its two requirements stay unchanged. */
  moved:
    'Vendor must use plain language in application design and development whenever possible. In the event that DOL WHD does not provide the Vendor with content-specific guidance or grammatical rules for the 14(c) Web Application Tool, Vendor should adhere to GSA TTS 18F’s content guide.',
  movedAfter:
    'Vendor shall work with DOL WHD’s security team to achieve an Authority to Operate (“ATO”) by collaborating with one another in order to verify and confirm all system controls meet the required DOL guidelines.',
} as const;

/** Replaces the one occurrence of `from`; fails loudly if the source text changed under the test. */
function once(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`expected exactly one occurrence of: ${from.slice(0, 60)}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The amended copy of the RFQ text. */
export function amendRfqText(original: string): string {
  const a = RFQ_AMENDMENT;
  let text = once(original, a.changedFrom, a.changedTo);
  text = once(text, `${a.removed}\n`, '');
  text = once(text, `${a.addedAfter}\n`, `${a.addedAfter}\n${a.added}\n`);
  text = once(text, `${a.moved}\n`, '');
  text = once(text, `${a.movedAfter}\n`, `${a.movedAfter}\n${a.moved}\n`);
  return text;
}
