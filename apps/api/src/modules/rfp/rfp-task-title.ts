/**
 * What a task made from a requirement is called. A list item ("Monthly status report") says what
 * to do only with its lead-in ("The contractor shall deliver the following:"), so an item's task
 * reads "<lead-in, shortened>: <item>" — "The contractor shall deliver: Monthly status report".
 * The lead-in keeps its subject: "The Government will provide: Monthly status report" is not the
 * team's task, and a bare verb ("Deliver: ...") would hide that. Decision:
 * docs/decisions/2026-11-28-lead-in-identity.md.
 */

/** Characters of a shortened lead-in in a title, before the item (cut at a word, with an ellipsis). */
export const LEAD_IN_TEXT = 60;

// "the following (information)", "one of the following", "as follows": what announces the items,
// which the item itself now stands for.
const ANNOUNCES =
  /\s*,?\s*\b(?:(?:all|any|each|one|two|three|both|either)\s+(?:\w+\s+)?of\s+)?the\s+following\b.*$|\s*,?\s*\bas\s+follows\b.*$/i;
// "at a minimum", "at minimum", "as a minimum": a hedge a title can drop.
const MINIMUM = /\s*,?\s*\b(?:at|as)\s+(?:a\s+)?minimum\b\s*,?/gi;
// A modal verb: the clause that holds it names who does what.
const MODAL = /\b(?:shall|must|will|should|may|is required to|are required to|agrees? to)\b/i;
// Closing punctuation of a lead-in ("...:", "... --", "...?").
const CLOSING = /[\s:;,?—–-]+$/;

/**
 * A lead-in as a title's prefix: the words that announce the items dropped ("the following
 * information"), a leading phrase before the clause that holds the modal dropped ("In addition to
 * the above, the invoice shall include" → "The invoice shall include"), closing punctuation gone,
 * first letter capitalised. Empty when nothing readable is left.
 */
export function leadInPhrase(leadIn: string): string {
  let t = leadIn.replace(/\s+/g, ' ').trim().replace(CLOSING, '');
  const cut = t.replace(ANNOUNCES, '').replace(CLOSING, '');
  // Keep the announcement when it is all there is ("The following items:").
  if (cut.split(' ').length >= 2) t = cut;
  t = t.replace(MINIMUM, ' ').replace(/\s+/g, ' ').trim().replace(CLOSING, '');
  const modal = MODAL.exec(t);
  if (modal) {
    const comma = t.lastIndexOf(', ', modal.index);
    const clause = comma >= 0 ? t.slice(comma + 2) : '';
    // The clause after the comma must have a subject before its modal ("the invoice shall ...").
    if (clause && clause.search(MODAL) > 0) t = clause;
  }
  return t ? t[0]!.toUpperCase() + t.slice(1) : '';
}
