import { ISSUING_LABELS, ORGANISATION_NOUNS, ROLE_HEADS, alternation } from './lexicon';

/**
 * What one document adds to the lexicon: the names it gives its issuing organisation (and the other
 * government organisations it defines), and the key-personnel roles it lists. A sentence whose
 * subject is one of those names is the buyer acting; one whose subject is a listed role is the
 * contractor's person acting.
 */
export interface DocumentLexicon {
  /** Lower-case names and acronyms (acronyms keep their case in `acronyms`). */
  buyerNames: ReadonlySet<string>;
  /** Acronyms as printed ("FDA", "OFA"); matched case-sensitively. */
  buyerAcronyms: ReadonlySet<string>;
  /** Lower-case key-personnel role names ("scrum master"). */
  roles: ReadonlySet<string>;
  /** The names and acronyms above as one pattern each (names ignore case; acronyms keep it), null if none. */
  buyerName: RegExp | null;
  buyerAcronym: RegExp | null;
}

/** The lexicon of a text seen without its document. */
export const EMPTY_DOCUMENT_LEXICON: DocumentLexicon = { buyerNames: new Set(), buyerAcronyms: new Set(), roles: new Set(), buyerName: null, buyerAcronym: null };

const ACRONYM_IN_PARENS = /\(([A-Z][A-Za-z]{1,7})\)/g;
const CONNECTOR = /^(of|for|and|the|on|&)$/i;
const CAPITALISED = /^[A-Z][A-Za-z&.'’-]*$/;
const ORGANISATION = new Set<string>(ORGANISATION_NOUNS);
const ISSUING_LINE = new RegExp(`^\\s*(?:${ISSUING_LABELS.map((l) => l.replace(/ /g, '\\s+')).join('|')})\\s*:\\s*(?<name>[^\\n]{3,160})`, 'gim');
const KEY_PERSONNEL = /\bkey personnel\b/gi;
const ROLE_HEAD = new Set<string>(ROLE_HEADS);

// The capitalised words just before "(ACRONYM)", connectors allowed inside: "Office of Family Assistance".
function expansionBefore(text: string, index: number): string[] {
  const words = text.slice(Math.max(0, index - 120), index).split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < 10; i -= 1) {
    const w = words[i].replace(/[,;:]$/, '');
    if (CAPITALISED.test(w) || (CONNECTOR.test(w) && kept.length > 0)) kept.unshift(w);
    else break;
  }
  while (kept.length && CONNECTOR.test(kept[0])) kept.shift();
  return kept;
}

// An organisation's name has an organisation noun as its head: last word ("Drug Administration") or
// first word with a complement ("Office of Family Assistance").
function isOrganisation(words: string[]): boolean {
  if (words.length === 0) return false;
  const last = words.at(-1)!.toLowerCase();
  const first = words[0].toLowerCase();
  return ORGANISATION.has(last) || (ORGANISATION.has(first) && words.length > 2 && /^(of|for)$/i.test(words[1]));
}

/** Learns the buyer's names and the key-personnel roles from a whole document's text. */
export function learnDocumentLexicon(text: string): DocumentLexicon {
  const buyerNames = new Set<string>();
  const buyerAcronyms = new Set<string>();
  const roles = new Set<string>();
  for (const m of text.matchAll(ACRONYM_IN_PARENS)) {
    const words = expansionBefore(text, m.index);
    if (!isOrganisation(words)) continue;
    buyerAcronyms.add(m[1]);
    buyerNames.add(words.join(' ').toLowerCase());
  }
  for (const m of text.matchAll(ISSUING_LINE)) {
    // "Issued by: Department of X, Food and Drug Administration, 5630 Fishers Lane": each named organisation.
    for (const part of (m.groups?.name ?? '').split(/[,;]/)) {
      const words = part.trim().split(/\s+/).filter((w) => CAPITALISED.test(w) || CONNECTOR.test(w));
      if (isOrganisation(words)) buyerNames.add(words.join(' ').toLowerCase());
    }
  }
  for (const m of text.matchAll(KEY_PERSONNEL)) {
    // Roles are listed as short capitalised lines or labels in the key-personnel part.
    for (const line of text.slice(m.index, m.index + 2_000).split('\n')) {
      const unmarked = line.replace(/^\s*(?:[-•*]|\(?[a-z0-9]{1,3}[.)])\s*/i, '');
      const name = unmarked.replace(/(?<!\s)\s*[:–—|-].*$/, '').trim();
      const words = name.split(/\s+/);
      if (words.length < 2 || words.length > 4 || !words.every((w) => CAPITALISED.test(w) || CONNECTOR.test(w))) continue;
      // A listed item or a label names a role even with an unusual head noun ("Product Owner").
      if (ROLE_HEAD.has(words.at(-1)!.toLowerCase()) || unmarked.trim() !== line.trim()) roles.add(name.toLowerCase());
    }
  }
  const pattern = (words: Set<string>, flags: string) => (words.size ? new RegExp(`\\b(?:${alternation([...words])})\\b`, flags) : null);
  return { buyerNames, buyerAcronyms, roles, buyerName: pattern(buyerNames, 'i'), buyerAcronym: pattern(buyerAcronyms, '') };
}
