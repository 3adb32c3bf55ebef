import {
  BY_GOVERNMENT,
  BY_PARTY,
  EVALUATED_PASSIVE,
  GOVERNMENT_HANDLING,
  MODAL_VERB,
  OFFEROR_PASSIVE,
  PARTY,
  PASSIVE,
  PASSIVE_ON_PARTY,
  PRODUCT,
  RESULT,
  TO_PARTY,
} from '../cues';
import type { SectionCode } from '../types';
import { EMPTY_DOCUMENT_LEXICON, type DocumentLexicon } from './document-lexicon';
import { BENEFIT_VERBS, BUYER_DOCUMENTS, DELIVERED_THINGS, DONE_TO_PARTY_VERBS, alternation } from './lexicon';
import { SUBJECT_WINDOW, clauseSubject, headNoun, isGovernment, isOfferorSubject, unforeseen } from './subject';
import type { ModalFinding } from './types';

/**
 * Modal analysis: each modal verb read with its subject, negation and the verb phrase after it. The
 * finding names the sub-rule that decided ("modal.shall", "modal.will-thing"), recorded in the basis.
 */

/** The sub-rules of the modal analysis, as they appear after "modal.binding" or "modal.advice" in a basis. */
export const MODAL_FINDINGS: Readonly<Record<string, string>> = {
  'modal.shall': '"shall" with the offeror, its people or its work as subject',
  'modal.must': '"must" with the offeror, its people or its work as subject',
  'modal.will': '"will" with the offeror or one of its people as subject',
  'modal.will-by-party': '"will be <done> by the contractor"',
  'modal.will-product': '"will" with the offer or the work as subject ("Proposals will be submitted ...")',
  'modal.will-thing': 'in a statement of work, "will" with a delivered thing as subject ("The system will encrypt ...")',
  'modal.will-not-exceed': '"will not exceed": a limit',
  'modal.will-be-evaluated': 'in the instructions, "will be evaluated": how the offer is judged',
  'modal.should': '"should" with the offeror or its work as subject',
  'modal.may-not': '"may not": a prohibition',
  'modal.may-either': '"may either ... or": two ways to meet one requirement',
  'modal.may-have-to': '"may have to": a likely obligation',
  'modal.cannot': '"cannot" / "can not": a prohibition',
  'modal.can-only': '"can only": a restriction',
  'modal.buyer-acts': 'the buyer is the only actor',
};

// One scanner for every call: the loop below runs it to exhaustion, so lastIndex is back to 0 after.
const MODAL_SCAN = new RegExp(MODAL_VERB.source, 'gi');
const NO_FINDING: ModalFinding = { level: 'none', cue: null, buyerActs: false };
const RANK = { excluded: 0, none: 0, weak: 1, should: 2, strong: 3 } as const;

const THING = new Set<string>(DELIVERED_THINGS);
const BUYER_DOCUMENT = new Set<string>(BUYER_DOCUMENTS);
const CONTRACT_TERM =
  /^\s+be\s+for\s+(?:a\s+(?:period\s+of\s+)?)?(?:\d{1,3}|one|two|three|four|five|six|twelve|eighteen|twenty-four|thirty-six)[\s-]*(?:\(\d+\)\s*)?(?:calendar\s+)?(?:month|year|day|week)s?\b/i;
// "shall be advised / given the opportunity": done to the offeror (FP-TERMS). Negated it limits the
// offeror's claims ("shall not be paid for work it could have avoided") and still binds.
const DONE_TO_PARTY = new RegExp(`^\\s+(?:\\w+ly\\s+)?be\\s+(?:\\w+ly\\s+)?(?:${alternation(DONE_TO_PARTY_VERBS)})\\b`, 'i');
// "Reports will be for ...", "the proposal will become part of the file": a statement about the thing.
const THING_STATEMENT = /^\s+(?:\w+ly\s+)?(?:become|be\s+(?!\w+(?:ed|en|wn)\b)\w+)/i;
// "will allow", "will likely", "will be": a benefit, a forecast or a state, not what the thing must do.
const NOT_A_DUTY_VERB = new RegExp(`^\\s+(?:not\\s+)?(?:${alternation(BENEFIT_VERBS)})\\b`, 'i');

/** The strongest obligation any modal verb in `t` states for the offeror. */
export function modalFinding(t: string, section: SectionCode, lex: DocumentLexicon = EMPTY_DOCUMENT_LEXICON): ModalFinding {
  let best: ModalFinding = NO_FINDING;
  let buyerActs = false;
  const consider = (level: ModalFinding['level'], cue: string, rule: string) => {
    if (RANK[level] > RANK[best.level]) best = { level, cue, rules: [rule], buyerActs: false };
  };
  const modal = MODAL_SCAN;
  modal.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = modal.exec(t)) !== null) {
    const word = m[1].toLowerCase();
    // Bounded windows keep long run-on text linear: a subject or a following verb phrase is short.
    const before = t.slice(Math.max(0, m.index - SUBJECT_WINDOW), m.index);
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 80);
    const subject = clauseSubject(before);
    const gov = isGovernment(subject, lex);
    const head = headNoun(subject);
    let offerorMemo: boolean | undefined;
    const isOfferor = () => (offerorMemo ??= isOfferorSubject(subject, lex));
    const passive = PASSIVE.test(after);
    const atStart = m.index === 0 || /^(note|nb)\s*:?\s*$/i.test(before.trim());
    const failure = /^failure\b/i.test(t);
    // "The Government does not anticipate that contractor staff will need ...": a forecast denied, no duty.
    if (unforeseen(before)) continue;

    if (word === 'shall' || word === 'must') {
      // "The Government shall provide ..." binds the buyer; "The CO shall be notified" binds the seller.
      if (gov && !passive) {
        buyerActs = true;
        continue;
      }
      if (TO_PARTY.test(after)) continue;
      if (RESULT.test(after) && !failure) continue;
      if (DONE_TO_PARTY.test(after) && isOfferor()) continue;
      // "Performance shall be for a 12-month base year": the contract's term, not a duty (FP-TERMS).
      if (CONTRACT_TERM.test(after)) continue;
      // "The Contractor shall be evaluated on ..." describes the buyer's evaluation outside L and M.
      if (PARTY.test(head) && EVALUATED_PASSIVE.test(after) && section !== 'L' && section !== 'M') continue;
      consider('strong', word, `modal.${word}`);
    } else if (word === 'should') {
      // "Should the Contractor be terminated, ..." is a condition, not advice.
      if (atStart && /^\s+(the|an?|any)\b/i.test(after)) continue;
      if (/^\s+(note|be (aware|advised)|refer|see|contact)\b/i.test(after)) continue;
      if (gov && !passive) continue;
      consider('should', 'should', 'modal.should');
    } else if (word === 'will') {
      if (/^\s+not\s+exceed\b/i.test(after)) {
        consider('strong', 'will not exceed', 'modal.will-not-exceed');
        continue;
      }
      if (section === 'M') continue;
      if (gov || BY_GOVERNMENT.test(after) || TO_PARTY.test(after)) {
        buyerActs = true;
        continue;
      }
      if (RESULT.test(after) && !failure) continue;
      if (BY_PARTY.test(after)) consider('strong', 'will', 'modal.will-by-party');
      else if (section === 'L' && EVALUATED_PASSIVE.test(after)) consider('weak', 'criterion', 'modal.will-be-evaluated');
      else if (isOfferor()) {
        if (PASSIVE_ON_PARTY.test(after) || /^\s+(not\s+)?(\w+ly\s+)?(receive|get)\b/i.test(after)) continue;
        // "the contractor will be able to contribute": an ability granted, not a duty (FP-TERMS).
        if (/^\s+(?:also\s+)?be\s+able\s+to\b/i.test(after)) continue;
        consider('strong', 'will', 'modal.will');
      } else if (BUYER_DOCUMENT.has(head)) {
        // "The RFQ will be emailed", "Answers will be issued": the buyer's own documents.
        continue;
      } else if ((PRODUCT.test(head) && !GOVERNMENT_HANDLING.test(after) && !THING_STATEMENT.test(after)) || OFFEROR_PASSIVE.test(after)) {
        consider('strong', 'will', 'modal.will-product');
      } else if (section === 'C' && THING.has(head) && !NOT_A_DUTY_VERB.test(after)) {
        // A statement of work's "The system will encrypt data at rest": what the delivered thing does is the contractor's to meet.
        consider('strong', 'will', 'modal.will-thing');
      }
    } else if (word === 'may') {
      if (gov) continue;
      if (/^\s+not\b/i.test(after)) {
        if (/^\s+not\s+(need|have|be able|apply|be (possible|necessary|required))\b/i.test(after)) continue;
        consider('strong', 'may not', 'modal.may-not');
      } else if (/^\s+(\w+\s+)?either\b/i.test(after) && isOfferor()) {
        // "Offeror may either submit X or Y": a choice between two ways of meeting one requirement.
        consider('should', 'may', 'modal.may-either');
      } else if (/^\s+(also\s+)?(have|need) to\b/i.test(after) && isOfferor()) {
        // "Contractors may have to establish ...": a likely obligation, stated as advice.
        consider('should', 'may have to', 'modal.may-have-to');
      }
      // Otherwise "Offerors may submit questions ..." grants a permission: nothing to comply with.
    } else if (word === 'cannot' || word === 'can') {
      if (gov) continue;
      if (word === 'cannot' || /^\s+not\b/i.test(after)) consider('strong', 'cannot', 'modal.cannot');
      else if (/^\s+(\S+\s+){0,2}only\b/i.test(after) || /\bonly\s*$/i.test(before)) consider('strong', 'can only', 'modal.can-only');
    }
  }
  if (best.level === 'none' && buyerActs) return { level: 'none', cue: 'government', rules: ['modal.buyer-acts'], buyerActs: true };
  return best;
}
