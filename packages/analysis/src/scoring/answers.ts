import type { Requirement } from '../types';

/**
 * What kind of answer a requirement asks for, whether a passage carries it, and whether a
 * sentence only promises the answer for later. General proposal wording, never one
 * solicitation's terms.
 */

export type AnswerType = 'names' | 'hours' | 'urls' | 'prices' | 'attachment';

// Deferrals: the answer is promised for later instead of given. "Resumes are available upon
// request", "will be identified once the contract is awarded", "TBD".
const DEFERRAL =
  /\b(?:(?:available|provided|furnished|shared|supplied|sent|submitted|given)\s+(?:up)?on\s+(?:the\s+\w+(?:['’]s)?\s+)?request|(?:up)?on request\b|(?:will|shall|can|could|may|would)\s+be\s+(?:identified|named|provided|submitted|shared|furnished|supplied|determined|selected|finalized|finalised|confirmed|announced|decided|hired|recruited|made available|assigned)\s+(?:[\w-]+\s+){0,4}?(?:after|upon|once|following|post|at|on)\s+(?:the\s+)?(?:contract\s+|task\s+order\s+|order\s+)?(?:award|awarded|is awarded|has been awarded|contract award|selection|kick-?off|request|a later (?:date|time|stage))|\bto be (?:determined|confirmed|decided|announced|identified|named|provided|supplied|submitted|hired)\b|\bTB[DAC]\b|\bat a later (?:date|time|stage)\b|\bin a (?:future|later|subsequent) (?:submission|phase|deliverable)\b)/i;

/** The sentence promises information later instead of giving it. */
export function isDeferral(sentence: string): boolean {
  return DEFERRAL.test(sentence);
}

// ---------------------------------------------------------------------------------------------
// What a requirement asks for

const KEY_PERSONNEL = /\bkey personnel\b|\bkey (?:staff|positions?|individuals?)\b/i;
const ASKS_NAMES =
  /\b(?:by name|names? (?:of|and (?:titles?|roles?|resumes?))|name (?:each|the|all|your)|identify (?:the |each |all |your )?(?:individuals?|persons?|people|personnel|staff|team members?))\b/i;
// A requirement that is only a role title ("Senior Fullstack Developer", "Project Manager / Scrum Master").
const ROLE_WORD =
  /\b(?:manager|developer|designer|researcher|tester|engineer|analyst|architect|lead|officer|specialist|director|master|coordinator|administrator|scientist|consultant|writer|strategist|owner)\b/i;
const ASKS_HOURS =
  /\b(?:(?:labor|labour|staff|level[- ]of[- ]effort) hours|hours (?:per|for each|by)|number of hours|LOE\b|FTEs?\b|full[- ]time equivalents?)/i;
const ASKS_URLS = /\b(?:urls?|links?|web ?sites?|web addresses?|github|gitlab|repositor(?:y|ies)|repos?\b|profiles?)\b/i;
const ASKS_PRICES =
  /\b(?:provide|submit|state|include|list|quote|propose)\s+(?:the |your |a |all |its |their )?(?:total |proposed |hourly |unit |fixed |firm[- ]fixed |fully burdened )?(?:prices?|pricing|rates?|costs?)\b/i;
const ASKS_ATTACHMENT =
  /\b(?:attach|attached|attachment|enclose|appendix|append|resumes?|cvs?|letters? of (?:commitment|intent|support)|signed|completed (?:form|sf|standard form)|certificates?)\b/i;
const PROVIDE =
  /\b(?:provide|submit|include|list|identify|attach|furnish|give|show|present|review|evaluate|assess|must have|should show)\b/i;

/** The answer types a requirement asks for; empty when any prose can answer it. */
export function requestedTypes(req: Pick<Requirement, 'section' | 'text'>): AnswerType[] {
  const t = req.text;
  const out: AnswerType[] = [];
  const words = t.split(/\s+/).filter(Boolean).length;
  // Key personnel are always proposed by name, wherever the requirement sits.
  const roleTitle = words <= 8 && ROLE_WORD.test(t) && !/[.;]$/.test(t.trim()) && !/\b(?:shall|must|will|should)\b/i.test(t);
  if (
    ASKS_NAMES.test(t) ||
    roleTitle ||
    (KEY_PERSONNEL.test(t) &&
      /\b(?:propos|necessary|required|following|participat|attend|resume)/i.test(t) &&
      !/\b(?:positions?|categor(?:y|ies)|labor categories)\b/i.test(t))
  )
    out.push('names');
  // The rest are asked of the proposal itself (instructions and evaluation), not deliverables of
  // the work ("the final report shall include a link to the repository").
  if (req.section === 'L' || req.section === 'M') {
    if (ASKS_HOURS.test(t)) out.push('hours');
    if (ASKS_URLS.test(t) && PROVIDE.test(t)) out.push('urls');
    if (ASKS_PRICES.test(t)) out.push('prices');
    if (ASKS_ATTACHMENT.test(t) && PROVIDE.test(t)) out.push('attachment');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// What a passage carries

// Words that are capitalised in proposals but are not people's names.
const NOT_NAME = new Set(
  (
    'the our we all each this that these those a an in on of for to and or with by from at as it its their ' +
    'project program product manager management developer designer researcher tester engineer analyst architect lead ' +
    'officer specialist director master scrum coordinator administrator senior junior principal chief deputy vice ' +
    'president team technical approach plan quality assurance control staff personnel key user users research ' +
    'design web standards government department agency office division services service system systems data ' +
    'application applications digital delivery federal state county national united states contracting ' +
    'representative owner fullstack full stack interaction usability experience customer client support security ' +
    'transition volume section page phase task order contract statement work performance company inc llc corp ' +
    'corporation group solutions technologies consulting government’s agile sprint review'
  ).split(' '),
);
const CAPITALISED = /\b([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?:[A-Z]\.\s+)?([A-Z][a-z]+(?:-[A-Z][a-z]+)?|[A-Z]['’][A-Z][a-z]+)\b/g;
const HONORIFIC = /\b(?:Mr|Ms|Mrs|Dr|Prof)\.?\s+[A-Z][a-z]+/;

/** Full names in a text (two capitalised words neither of which is a common proposal word). */
export function personNames(text: string): string[] {
  const out: string[] = [];
  CAPITALISED.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CAPITALISED.exec(text)) !== null) {
    const a = m[1].toLowerCase();
    const b = m[2].toLowerCase();
    if (!NOT_NAME.has(a) && !NOT_NAME.has(b)) out.push(`${m[1]} ${m[2]}`);
  }
  return out;
}

/**
 * A person's name: an honorific, a full name, or the first name of someone the draft names in
 * full elsewhere ("Dana, Anton and Meera will attend" after the team section introduced them).
 */
export function hasPersonName(text: string, knownFirstNames?: Set<string>): boolean {
  if (HONORIFIC.test(text) || personNames(text).length) return true;
  if (!knownFirstNames?.size) return false;
  for (const w of text.match(/\b[A-Z][a-z]+\b/g) ?? []) if (knownFirstNames.has(w)) return true;
  return false;
}

const HOURS = /\b\d[\d,]*(?:\.\d+)?\s*(?:labor |labour |staff |total )?(?:hours|hrs|FTEs?)\b|\b\d+(?:\.\d+)?\s+full[- ]time\b/i;
const URL =
  /\bhttps?:\/\/\S+|\bwww\.[\w-]+\.\w+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|gov|net|io|dev|digital|app|co|us|edu|mil)(?:\/[\w./-]*)?\b/i;
const PRICE =
  /[$€£]\s?\d|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|dollars)\b|\b(?:price|cost|pricing)\s+(?:volume|proposal|worksheet|schedule|quot(?:e|ation)|template|spreadsheet)\b|\b(?:rates?|prices?)\s+(?:equal|match|are|is)\b/i;
const ATTACHED =
  /\b(?:attached|enclosed|appended|included (?:as|in) (?:an? )?(?:attachment|appendix|exhibit)|(?:see |in )(?:attachment|appendix|exhibit|annex)\s+\w+|attachments?\s+[A-Z0-9]\b|appendix\s+[A-Z0-9]\b)/i;

/** Whether a passage carries an answer of the given type. */
export function carries(type: AnswerType, text: string, knownFirstNames?: Set<string>): boolean {
  switch (type) {
    case 'names':
      return hasPersonName(text, knownFirstNames);
    case 'hours':
      return HOURS.test(text);
    case 'urls':
      return URL.test(text);
    case 'prices':
      return PRICE.test(text);
    case 'attachment':
      return ATTACHED.test(text);
  }
}

const TYPE_WORDS: Record<AnswerType, string> = {
  names: 'the names of the people',
  hours: 'the hours proposed',
  urls: 'the links (URLs)',
  prices: 'the prices or where they are given',
  attachment: 'the attachment itself',
};

/** "the names of the people and the links (URLs)". */
export function describeTypes(types: AnswerType[]): string {
  const words = types.map((t) => TYPE_WORDS[t]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
