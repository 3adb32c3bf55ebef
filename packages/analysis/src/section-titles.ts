import type { SectionCode } from './types';

/** The words of heading titles that name a part of a solicitation (used by sections.ts and section-tracker.ts). */

// Titles that name a part of a solicitation. Quote requests (RFQs) and many agency RFPs do not
// use Uniform Contract Format letters, so the usual synonyms map onto L, M and C.
const L_TITLE =
  /^instructions\b|^(quote |quotation |proposal |offer )?submissions?$|\b(instructions?(,? conditions,? and notices)? (to|for) (offerors?|quoters?|bidders?|vendors?|proposers?|respondents?|contractors?|quotes?|quotations?|proposals?|offers?|responses?)|submission (process|procedures?)|(what|how) (the|your|a) (quot(e|ation)|proposal|offer|response) (must|shall|should|will) (contain|include)|(submission|submittal|proposal|quot(e|ation)) (instructions|requirements|preparation|format|contents?|submission)|preparation of (proposals?|quot(es|ations?)|offers?|responses?)|submission of (proposals?|quot(es|ations?)|offers?|responses?)|proposal preparation|(written|oral|verbal) (quote|proposal|quotation)s? submissions?|how to (respond|submit)|(proposal|quote|quotation|offer|response) (contents?|organization|volumes?)|contents? of (the |your )?(proposals?|quotes?|quotations?|offers?|responses?)|what to submit|^volume [ivx\d]{1,4}\b)\b/i;
const M_TITLE =
  /\b(evaluation|basis (for|of) (the )?award|award (criteria|basis|decision|determination)|source selection|evaluation factors|evaluation criteria)\b/i;
// Contract terms after the work statement: not C ("Terms and Conditions", "Invoicing").
const OTHER_TITLE =
  /\b(terms and conditions|contract clauses|clauses incorporated|invoic(e|es|ing)|payments?|contract administration( data)?|special contract requirements|representations(,)? (and )?certifications|inspection and acceptance|packaging and marking|list of (attachments|exhibits|documents))\b/i;
const C_TITLE =
  /^(general |specific |technical |task |performance |functional |contract )?(requirements|tasks)$|\b(statement of (work|objectives|needs?)|(performance )?work statement|scope of (services|the work)|performance work statement|(PWS|SOW|SOO)\b|description\/specifications?|specifications|scope( of work)?|background|introduction|purpose|objectives?|deliverables?|(application|technical|design|system) (constraints|requirements)|constraints|personnel|staffing|quality assurance|QASP)\b/i;

// Strong enough to switch sections from an unnumbered line (weak words such as "Personnel"
// also appear as list items, e.g. evaluation factors).
export const STRONG_UNNUMBERED =
  /^(?:\d{1,2}\.?\s+)?(instructions?(,? conditions,? and notices)? to (offerors?|quoters?|bidders?|vendors?)|(proposal |quote |quotation )?submission instructions|evaluation (factors|criteria)( for award)?|basis (for|of) award|statement of work|performance work statement|statement of objectives)\b/i;

// A sub-heading whose own title names the evaluation part or the award decision opens Section M
// even inside an instructions part ("5.0 Instructions" → "5.4 Evaluation Factors"), and one that
// names the instructions opens L again.
const M_SWITCH =
  /\b(evaluation (factors?|criteria|approach|process|methodology)|(technical |price |cost )?evaluation$|basis (for|of) (the )?award|award (criteria|basis|decision|determination)|source selection (process|procedures)|evaluation of (proposals|offers|quotes|quotations|responses)|how (proposals|offers|quotes|quotations|responses) (will be|are) evaluated)\b/i;
const L_SWITCH =
  /\b(instructions?(,? conditions,? and notices)? (to|for) (offerors?|quoters?|bidders?|vendors?|proposers?|respondents?|quotes?|quotations?|proposals?|offers?|responses?)|submission (process|procedures)|(proposal|quot(e|ation)|submission|submittal|response)( (submittal|submission|preparation))? instructions|preparation of (proposals?|quot(es|ations?)|offers?))\b|^(submissions?|format|questions|oral presentations?|page limitations?)$/i;

/** The section a sub-heading's title switches to on its own, whatever its parent says. */
export function switchFromTitle(title: string): SectionCode | null {
  if (M_SWITCH.test(title) && !L_SWITCH.test(title)) return 'M';
  if (L_SWITCH.test(title) && !M_SWITCH.test(title)) return 'L';
  return null;
}

/** Section a heading title names, or null when it names none. */
export function sectionFromTitle(title: string): SectionCode | null {
  if (L_TITLE.test(title)) return 'L';
  if (M_TITLE.test(title)) return 'M';
  if (C_TITLE.test(title)) return 'C';
  if (OTHER_TITLE.test(title)) return 'other';
  return null;
}

// Cover-page logistics: when and where offers go, how to reach the buyer (deadline, address,
// e-mail, subject line). Before any heading these are instructions to offerors.
const SUBMISSION_LOGISTICS =
  /\b(due|deadlines?|no later than|closing date|time and date|date and time|received (by|at|no later)|subject (line|heading)|e-?mails?|mail(ed)? to|address(ed)? to|deliver(ed)? to|hand[- ]?carried|directed to|points? of contact|eastern|local time|\d{1,2}:\d{2}\s*(a\.?m|p\.?m|noon)|at noon)\b/i;

/** Whether a sentence before the first heading is submission logistics (an L requirement, not cover text). */
export function readsAsSubmissionLogistics(text: string): boolean {
  return SUBMISSION_LOGISTICS.test(text);
}
