import type { Requirement } from '../types';

/**
 * What a requirement asks of a draft. Only `content` (what the proposal must say: approach,
 * staffing, experience, evaluation factors, the statement of work) is something a narrative can
 * answer and counts toward coverage. The rest is reported apart:
 * - `logistics`: where, when and how to send the proposal or questions (due dates, e-mail
 *   addresses, portals, copies, one submission per offeror, points of contact);
 * - `format`: how the document must look (page limits, fonts, margins, file types, volume
 *   arrangement, time limits of presentations) — checked on the draft itself where possible;
 * - `clause`: contract terms and administration (clauses, invoicing, terms that apply only if
 *   something happens: termination, substitution, the consequence of failing another rule), and
 *   the 'other' section;
 * - `evaluation`: how the Government weighs and awards rather than what to write (relative
 *   importance of factors, basis of award, the price evaluation method, how an oral presentation
 *   is assessed).
 */
export type RequirementKind = 'content' | 'logistics' | 'format' | 'clause' | 'evaluation';

// Clock times, calendar dates and deadline phrases.
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const CLOCK =
  /\b\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)(?=\W|$)|\b\d{1,2}:\d{2}\b|\bnoon\b|\b(?:eastern|central|mountain|pacific|local)\s+(?:standard\s+|daylight\s+)?time\b|\b[ECMP][SD]T\b/i;
const CALENDAR_DATE = new RegExp(
  `\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+(?:19|20)\\d{2}\\b|\\b\\d{1,2}\\s+${MONTH}\\s+(?:19|20)\\d{2}\\b|\\b\\d{1,2}/\\d{1,2}/(?:19|20)?\\d{2}\\b`,
  'i',
);
const DEADLINE =
  /\b(?:no later than|not later than|due date|closing date|due (?:by|on)|deadline|received (?:by|before|after|on or before)|late (?:proposals?|offers?|quotes?|quotations?|submissions?))\b/i;
// What a deadline or a channel is about: the offer itself, questions, or the submission.
const SUBMITTED_THING =
  /\b(?:proposals?|offers?|quotes?|quotations?|bids?|responses?|submissions?|packages?|questions?|inquir(?:y|ies)|comments?|amendments?|acknowledg(?:e|ement)s?)\b/i;
// How or where it is sent.
const CHANNEL =
  /\b(?:e-?mail(?:ed)?|fax(?:ed)?|hand[- ]?(?:carried|delivered|delivery)|courier|overnight|mail(?:ed)?\s+to|addressed (?:to|as follows)|(?:submitted|accepted|delivered|sent|uploaded)\s+(?:only\s+)?(?:via|through|to|by|electronically)|(?:via|through) (?:the )?(?:provided |designated |following )?(?:[A-Z][\w.]*\s){0,3}(?:portal|form|website|system|repository)|room\s+[A-Z]{0,3}-?\d+|attn:)|\b[\w.+-]+@[\w-]+\.[\w.]+\b/i;
// Where in a provided form or portal an answer goes ("in the appropriate field of the provided Google Form").
const FORM_FIELD =
  /\b(?:field|fields|box|block|tab) (?:of|in) the (?:(?:provided|attached|online|designated|appropriate|electronic)\s+)*(?:[\w.]+\s){0,2}(?:form|portal|system|spreadsheet|template)\b/i;
// The procurement process rather than the proposal: questions, communications, submissions allowed.
const PROCESS =
  /\b(?:direct all (?:written or verbal |written |oral )?communications|(?:only )?one (?:\(1\) )?(?:submission|proposal|offer|quote|quotation)\b|alternate (?:proposals?|offers?|quotes?)|original (?:offer |proposal )?and \w+ (?:\(\d+\) )?copies|(?:original|copies) (?:with|and) \d+ cop(?:y|ies)|names of (?:everyone|all) (?:who|that) attended|questions? (?:or comments? )?(?:about|concerning|regarding|on) (?:this|the) (?:solicitation|rfq|rfp|requirement)|submit (?:them|questions?) as)\b/i;

const VALIDITY = /\b(?:valid|firm|open for acceptance|held open)\s+(?:for|through|until)\b|\bacceptance period\b|\bvalidity\b/i;

// Page, type and file rules.
const FORMAT =
  /\b(?:page limit|pages? in length|(?:not|shall not|must not|may not|will not) exceed \w+ (?:\(\d+\) )?(?:pages?|minutes|words|characters|MB|megabytes)|limited to \w+ (?:\(\d+\) )?(?:pages?|minutes|words)|(?:no more than|maximum of|up to) \w+ (?:\(\d+\) )?pages?|\d+-page|font|typeface|point (?:type|size|font)|\d+(?:\.\d+)?[- ]?(?:point|pt)\b|margins?\b|single[- ]spaced|double[- ]spaced|line spacing|8[.½ ]+(?:1\/2 )?(?:x|by) 11|paper size|landscape|portrait orientation|file (?:size|format|type|name)|(?:pdf|word|excel|\.docx?|\.xlsx?) (?:format|files?)|portable document format|adobe acrobat|page[- ]number(?:ing|ed|s)?|numbered pages|tabbed|binder|readme file|compression tools?)\b/i;
const FONT_NAMES =
  /\b(?:Times New Roman|Arial|Calibri|Helvetica|Courier|Garamond|Cambria|Verdana|Tahoma|Georgia|Century Schoolbook|Book Antiqua)\b/;

// How the Government weighs and awards.
const RELATIVE_IMPORTANCE =
  /\b(?:(?:significantly|substantially|somewhat|slightly|approximately|much)\s+)?(?:more|less|equally) important than\b|\bin (?:descending|decreasing) order of importance\b|\boutweighs?\b|\bof equal importance\b|\brather than the lowest price\b|\blowest price,? technically acceptable\b|\bLPTA\b|\btrade-?offs?\b|\bbest value\b|\bbasis (?:of|for) (?:the )?award\b/i;
// The price evaluation method: the price volume answers it, not the narrative.
const PRICE_EVALUATION =
  /^(?:a |the )?(?:reasonable |total |evaluated |proposed |overall )?prices?\b|\bprices? (?:will|shall) be evaluated\b|\bprice (?:reasonableness|realism|analysis)\b|\b(?:total )?evaluated price\b|\bunbalanced\b/i;
// How an oral presentation is assessed: shown at the presentation, not in writing.
const ORAL_EVALUATION =
  /\b(?:assess|evaluate|review|observe|rate|score|validate)\w*\s+(?:the\s+)?(?:verbal|oral)\s+presentations?\b|^(?:the\s+)?(?:verbal|oral)\s+presentations?\s+will\b/i;
// Conduct at an oral presentation or question session.
const PRESENTATION_CONDUCT =
  /\b(?:be prepared to|will|shall) (?:answer|respond to) (?:the )?(?:government(?:['’]s)? )?(?:technical )?questions\b/i;

// Contract terms and administration.
const CLAUSE =
  /\b(?:FAR|DFARS|HSAR|GSAR|AFARS)\s+(?:\d+\.|clause|part|subpart)|\b5[0-9]\.2\d{2}-\d+|\b252\.2\d{2}-\d+|\bclauses? (?:incorporated|is incorporated)|\bincorporated by reference|(?<!sample )\binvoic(?:e|es|ed|ing)\b|\bprompt payment\b|\bterminat(?:ed|ion) (?:for|prior|before)|\bbusiness (?:core )?hours\b|\bcore hours\b|\bwork(?:ing)? hours\b|\bhours of performance\b|\bperiod of performance is\b|\bplace of performance\b|\binsurance\b|\bwarrant(?:y|ies|s)\b|\bprotests?\b/i;
// Terms that apply only if something happens.
// Conditions on the contractor's own circumstances; "In the event that the agency gives no style
// guide, use …" is still content.
const CONTINGENT =
  /^(?:in the event|should|if|in case)\b.{0,100}\b(?:terminat|unavailab|substitut|replac|default|cancel)|\bsubstitut(?:e|es|ed|ion|ions)\b/i;
// What happens to an offer that fails another rule ("Otherwise, the Offeror will be considered
// non-responsive …", "Failure to … will result in …"): a consequence, asking nothing of its own.
const CONSEQUENCE = /^(?:otherwise|failing that|if not)\b|^failure to\b.{0,160}?\b(?:will|may|shall|could) (?:result in|render|make|be)\b/i;
// Asked to describe, explain or demonstrate: whatever the topic, the narrative answers it.
const NARRATIVE =
  /^(?:describe|explain|discuss|demonstrate|detail|identify and describe)\b|\b(?:shall|must|should|will|to) (?:describe|explain|discuss|demonstrate)\b/i;
// Registration and representations made in government systems, not in the narrative.
const REGISTRATION =
  /\b(?:register(?:ed)? in|registration in|proof of registration)\b.*\b(?:SAM|CCR|ORCA|System for Award Management|Central Contractor)/i;

/** The kind of a requirement, by general wording rules (never by one solicitation's terms). */
export function requirementKind(req: Pick<Requirement, 'section' | 'text'>): RequirementKind {
  const t = req.text;
  if (req.section === 'other') return 'clause';
  if (NARRATIVE.test(t)) return 'content';
  if (CONTINGENT.test(t) || CONSEQUENCE.test(t) || CLAUSE.test(t) || REGISTRATION.test(t)) return 'clause';
  // A Statement of Work's own dates and formats are deliverable content ("a monthly report in
  // Word format within 5 days"); only the instructions and evaluation parts speak of the proposal.
  if (req.section === 'C') return 'content';
  if (FORMAT.test(t) || FONT_NAMES.test(t)) return 'format';
  if (req.section === 'M' && (RELATIVE_IMPORTANCE.test(t) || PRICE_EVALUATION.test(t) || ORAL_EVALUATION.test(t))) return 'evaluation';
  if (PROCESS.test(t) || PRESENTATION_CONDUCT.test(t)) return 'logistics';
  // How long the offer holds is a commitment the proposal makes, whatever date it counts from.
  if (VALIDITY.test(t)) return 'content';
  const timed = CLOCK.test(t) || CALENDAR_DATE.test(t) || DEADLINE.test(t);
  if (timed && (SUBMITTED_THING.test(t) || CLOCK.test(t) || CALENDAR_DATE.test(t))) return 'logistics';
  if ((CHANNEL.test(t) && SUBMITTED_THING.test(t)) || FORM_FIELD.test(t)) return 'logistics';
  // An address block or a bare e-mail line in the instructions.
  if (/\b[\w.+-]+@[\w-]+\.[\w.]+\b/.test(t) || /^attn:|^\d+ [A-Z][\w.]* (?:avenue|street|road|blvd|boulevard)\b/i.test(t))
    return 'logistics';
  return 'content';
}
