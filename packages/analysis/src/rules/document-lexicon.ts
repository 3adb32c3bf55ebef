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
export const EMPTY_DOCUMENT_LEXICON: DocumentLexicon = {
  buyerNames: new Set(),
  buyerAcronyms: new Set(),
  roles: new Set(),
  buyerName: null,
  buyerAcronym: null,
};

const ACRONYM_IN_PARENS = /\(([A-Z][A-Za-z]{1,7})\)/g;
const CONNECTOR = /^(of|for|and|the|on|&)$/i;
const CAPITALISED = /^[A-Z][A-Za-z&.'’-]*$/;
const ORGANISATION = new Set<string>(ORGANISATION_NOUNS);
const ISSUING_LINE = new RegExp(
  `^\\s*(?:${ISSUING_LABELS.map((l) => l.replace(/ /g, '\\s+')).join('|')})\\s*:\\s*(?<name>[^\\n]{3,160})`,
  'gim',
);
const KEY_PERSONNEL = /\bkey personnel\b/gi;
// "fill these three roles: Facilitator, Technical Lead, and Design Lead", "the roles of A and B".
const ROLE_LIST = /\broles?\s*(?:of|:)\s+(?<names>[A-Z][^.;:\n]{2,160})/g;
const ROLE_HEAD = new Set<string>(ROLE_HEADS);

// The words just before "(ACRONYM)" whose initials spell it, connectors allowed inside: "Office of
// Family Assistance (OFA)", "Department of Defense (DoD)". Empty when the initials do not match.
function expansionBefore(text: string, index: number, acronym: string): string[] {
  const letters = acronym.replace(/[^A-Z]/g, '');
  const words = text
    .slice(Math.max(0, index - 160), index)
    .split(/\s+/)
    .filter(Boolean);
  const kept: string[] = [];
  let need = letters.length - 1;
  for (let i = words.length - 1; i >= 0 && need >= 0; i -= 1) {
    const w = words[i].replace(/[,;:]$/, '');
    if (CONNECTOR.test(w) && kept.length > 0) {
      kept.unshift(w);
      continue;
    }
    if (!CAPITALISED.test(w) || w[0] !== letters[need]) return [];
    kept.unshift(w);
    need -= 1;
  }
  return need < 0 ? kept : [];
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
    const words = expansionBefore(text, m.index, m[1]);
    if (!isOrganisation(words)) continue;
    buyerAcronyms.add(m[1]);
    buyerNames.add(words.join(' ').toLowerCase());
  }
  for (const m of text.matchAll(ISSUING_LINE)) {
    // "Issued by: Department of X, Food and Drug Administration, 5630 Fishers Lane": each named organisation.
    for (const part of (m.groups?.name ?? '').split(/[,;]/)) {
      const words = part
        .trim()
        .split(/\s+/)
        .filter((w) => CAPITALISED.test(w) || CONNECTOR.test(w));
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
      if (ROLE_HEAD.has(words.at(-1)!.toLowerCase())) roles.add(name.toLowerCase());
    }
  }
  for (const m of text.matchAll(ROLE_LIST)) {
    for (const name of (m.groups?.names ?? '').split(/,\s*(?:and\s+|or\s+)?|(?<!\s)\s+(?:and|or)\s+/)) {
      const words = name.trim().split(/\s+/);
      if (words.length >= 1 && words.length <= 4 && words.every((w) => CAPITALISED.test(w))) roles.add(name.trim().toLowerCase());
    }
  }
  const pattern = (words: Set<string>, flags: string) => (words.size ? new RegExp(`\\b(?:${alternation([...words])})\\b`, flags) : null);
  return { buyerNames, buyerAcronyms, roles, buyerName: pattern(buyerNames, 'i'), buyerAcronym: pattern(buyerAcronyms, '') };
}
