import { CLAUSE_BOUNDARY, GOVERNMENT, GOVERNMENT_ACRONYM, PARTY, PARTY_WORD, PREPOSITION, THIRD_PARTY } from '../cues';
import { EMPTY_DOCUMENT_LEXICON, type DocumentLexicon } from './document-lexicon';
import { BUYER_PEOPLE, ROLE_HEADS } from './lexicon';

/**
 * Subject analysis: the clause subject before a verb, its head noun, and whether the buyer, a third
 * party or the offeror (or one of its people) is acting.
 */

/** How far back a subject is looked for: subjects are short, and a bound keeps run-on text linear. */
export const SUBJECT_WINDOW = 160;

/** The subject of the clause that ends at the end of `before`. */
export function clauseSubject(before: string): string {
  let cut = 0;
  CLAUSE_BOUNDARY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CLAUSE_BOUNDARY.exec(before)) !== null) cut = m.index + m[0].length;
  return before.slice(cut).trim();
}

/** The words of a subject up to its first preposition ("the Manager of the Office" → the Manager). */
export function subjectCore(subject: string): string[] {
  const words = subject
    .replace(/[“”"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const kept: string[] = [];
  for (const w of words) {
    if (kept.length > 0 && PREPOSITION.test(w)) break;
    kept.push(w);
  }
  return kept;
}

/** The lower-case head noun of a subject. */
export function headNoun(subject: string): string {
  const last = subjectCore(subject).at(-1) ?? '';
  return last
    .replace(/['’]s$/i, '')
    .replace(/[^A-Za-z()]/g, '')
    .toLowerCase();
}

const BUYER_PEOPLE_SET = new Set<string>(BUYER_PEOPLE);
const ROLE_HEAD_SET = new Set<string>(ROLE_HEADS);

function namesBuyer(phrase: string, lex: DocumentLexicon): boolean {
  if (GOVERNMENT.test(phrase) || GOVERNMENT_ACRONYM.test(phrase)) return true;
  return (lex.buyerName?.test(phrase) ?? false) || (lex.buyerAcronym?.test(phrase) ?? false);
}

/**
 * The buyer (or a third party) acts: the subject's head names it ("the Contracting Officer", "FDA",
 * "Government personnel", "the Government's Project Manager"). "Government" used as an adjective on
 * a thing ("Government-furnished equipment shall be ...", "All Government property shall ...") does
 * not, nor does a joint subject that names the offeror too ("The Government and the Contractor ...").
 */
export function isGovernment(subject: string, lex: DocumentLexicon = EMPTY_DOCUMENT_LEXICON): boolean {
  if (PARTY_WORD.test(subject)) return false;
  const head = headNoun(subject);
  // A third party counts only as the subject's head ("Customer agencies must ..."), not in a modifier.
  if (THIRD_PARTY.test(subject) && THIRD_PARTY.test(head)) return true;
  if (!namesBuyer(subject, lex)) return false;
  const core = subjectCore(subject).map((w) => w.replace(/(?<![,.;:])[,.;:]+$/, ''));
  if (core.length === 0) return true;
  const last = core.at(-1)!;
  if (!/-/.test(last) && namesBuyer(last, lex)) return true;
  // A name whose last word is the head: "Contracting Officer", "Evaluation Panel".
  for (let n = 2; n <= Math.min(4, core.length); n += 1) {
    if (namesBuyer(core.slice(-n).join(' '), lex) && !namesBuyer(core.slice(-n, -1).join(' '), lex)) return true;
  }
  // The buyer's people: "Government personnel", "the Government's Program Manager".
  const owner = core.slice(0, -1).join(' ');
  if (BUYER_PEOPLE_SET.has(head) && namesBuyer(owner, lex)) return true;
  return ROLE_HEAD_SET.has(head) && core.slice(0, -1).some((w) => /['’]s$/.test(w) && namesBuyer(w.replace(/['’]s$/, ''), lex));
}

/** The subject names the offeror, or one of its people: a key-personnel role the document lists or a role noun. */
export function isOfferorSubject(subject: string, lex: DocumentLexicon = EMPTY_DOCUMENT_LEXICON): boolean {
  const head = headNoun(subject);
  if (PARTY.test(head)) return true;
  if (isGovernment(subject, lex)) return false;
  const core = subjectCore(subject).join(' ').toLowerCase();
  for (const role of lex.roles) if (core.endsWith(role)) return true;
  return ROLE_HEAD_SET.has(head) && /^(the|a|an|each|every|all|its|their|our|your)\b/i.test(subject.trim());
}

// A phrase inside a relative clause ("personnel that are required to obtain a badge will ...") or a
// clause the buyer says it does not foresee ("does not anticipate that staff will need to ...") states
// no duty of its own (FP-SUBJECT-BLIND).
const RELATIVE_BEFORE = /\b(?:that|which|who|whom)\s*$/i;
const UNFORESEEN = /\b(?:does|do|did|will)\s+not\s+(?:anticipate|expect|foresee|believe|envision)\s+(?:\w+\s+){0,3}?that\b/i;

/** `before` ends inside a clause the buyer says it does not foresee ("does not anticipate that ..."). */
export function unforeseen(before: string): boolean {
  return UNFORESEEN.test(before);
}

/** The phrase at `index` sits in a relative clause, or in a clause the buyer says it does not foresee. */
export function subordinatePhrase(t: string, index: number): boolean {
  const before = t.slice(Math.max(0, index - SUBJECT_WINDOW), index);
  const subject = clauseSubject(before);
  return (subject === '' && RELATIVE_BEFORE.test(before.trimEnd())) || UNFORESEEN.test(before);
}

/**
 * Whose obligation a phrase found at `index` states: none when its subject is the buyer, a third
 * party, or the effort itself ("This effort is required to provide expertise").
 */
export function subjectIsOfferor(t: string, index: number, lex: DocumentLexicon = EMPTY_DOCUMENT_LEXICON): boolean {
  const before = t.slice(Math.max(0, index - SUBJECT_WINDOW), index);
  const subject = clauseSubject(before);
  if (isGovernment(subject, lex)) return false;
  // "Efforts by the Government to clarify ..., will not be considered discussions": the buyer acts,
  // even when a phrase sits between it and the verb.
  if (
    /^(?:\S+\s+){0,3}(by|of) the (government|contracting officer)\b|^(the )?(government|contracting officer)\b/i.test(before.trim()) &&
    !PARTY_WORD.test(before)
  )
    return false;
  return !/^(effort|efforts|requirement|acquisition|procurement|project|program|solicitation)$/.test(headNoun(subject));
}
