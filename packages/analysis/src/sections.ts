import { DETERMINER, IMPERATIVE_VERBS } from './cues';
import { STRONG_UNNUMBERED, sectionFromTitle, switchFromTitle } from './section-titles';
import { SectionTracker } from './section-tracker';
import type { SectionCode } from './types';

export { sectionFromTitle, switchFromTitle } from './section-titles';
export { SectionTracker, describeSectionSource, type SectionSource } from './section-tracker';

/** A line recognised as a heading, and the section it opens (null: keep the current one). */
export interface HeadingMatch {
  /** Paragraph number as written ("5.0", "L.4.2.1"), or null for unnumbered headings. */
  number: string | null;
  title: string;
  /** The section this heading's own words name, if any. */
  named: SectionCode | null;
  kind: 'ucf' | 'ucf-paragraph' | 'numbered' | 'unnumbered' | 'attachment';
  /** For "L.4.2 The offeror shall ..." (or "SECTION M - EVALUATION FACTORS M.1 The Government ..."):
   * the text after the heading on its line, which is body text, not a title. */
  body?: string;
  /** Offset of `body` within the trimmed line. */
  bodyOffset?: number;
  /** Level from the heading's type in a PDF (1 = the largest heading style); absent in plain text. */
  level?: number;
  /** A heading only its type marks (no number, no capitals, no part title). */
  typographic?: boolean;
  /** Recognised from its words and case alone: a heading only where it stands after a blank line. */
  standAlone?: boolean;
}

// Part headings set in capitals without a number ("PROPOSAL SUBMISSION INSTRUCTIONS"): a few
// words, at least one real word (not a line of acronyms such as a technology list), no sentence.
function capsHeading(t: string): boolean {
  if (t.length > 80 || /[.;,]$/.test(t) || t.includes('|')) return false;
  const words = t.replace(/:$/, '').split(/\s+/);
  if (words.length < 2 || words.length > 9) return false;
  if (/[a-z]/.test(t)) return false;
  const real = words.filter((w) => /^[A-Z]{4,}$/.test(w.replace(/[^A-Za-z]/g, '')));
  if (real.length < 2 || !real.some((w) => w.replace(/[^A-Za-z]/g, '').length >= 6)) return false;
  return /^[A-Z]/.test(t) && !/\b(SHALL|MUST|WILL|SHOULD|MAY)\b/.test(t);
}

// Extracted text writes the dash after the letter as any dash, a soft hyphen included.
const UCF_HEADING = /^\s*SECTION\s+([A-M])\b\s*([-–—‐‑‒―\u00ad:.]\s*)?(.*)$/i;
// "SECTION M - EVALUATION FACTORS FOR AWARD M.1 The Government will ...": the part's own first
// paragraph number ("M.1", "M-1") after its title.
const OWN_PARAGRAPH = (letter: string) => new RegExp(`(?:^|\\s)(${letter}[.-]\\d{1,3}\\b)`, 'i');
// "ATTACHMENT 3", "Exhibit B - Pricing Schedule", "APPENDIX C: Labor Categories".
const ATTACHMENT_HEADING =
  /^(attachment|exhibit|appendix|annex|enclosure)\s+(?:no\.?\s*)?([A-Z]{1,2}|\d{1,3}(?:\.\d{1,2})?|[IVX]{1,5})\b\s*(?:[-–—‐:.]\s*)?(.*)$/i;

const UCF_PARAGRAPH = /^\s*([A-M])\.(\d{1,3}(?:\.\d{1,3}){0,5})\.?(?:\s+(.*))?$/;
const NUMBERED = /^\s*(\d{1,2}(?:\.\d{1,3}){0,5})(\.?)\s+(\S.*)$/;
// "L-3 – Past Performance", "C-1 - Scope of Work": a UCF paragraph numbered letter-dash-digit, then
// a dash (any dash, spaced or not) and its title. Only a title (titleLike, a few words) makes it a heading.
const UCF_DASH_PARAGRAPH = /^\s*([A-M])-(\d{1,3}(?:\.\d{1,3}){0,3})[ \t]*[-–—‐‑‒―][ \t]*([A-Z(“"][^|]*)$/;

function ucfLetter(letter: string): SectionCode {
  const l = letter.toUpperCase();
  return l === 'L' || l === 'M' || l === 'C' ? l : 'other';
}

// "Submit the ...", "Provide two ...": an imperative verb with its object's determiner or number.
const OBJECT_WORD = /^(?:\d+|two|three|four|five|six|ten)$/i;
// "Offers are due ...", "The page limit is ...": a finite verb a title does not have.
const FINITE_VERB = /\b(?:is|are|was|were|has|have|does|do)\b/;

/**
 * After a paragraph number, a sentence rather than a title: "L.2 Submit the technical volume
 * electronically." or "L.3 Offers are due by 2 p.m." is a requirement under its section, not the
 * heading of one (a title is a noun phrase: "L.2 Submission of Offers", "L.5 Page Limits.").
 */
export function numberedSentence(text: string): boolean {
  const t = text.trim();
  const words = t.split(/\s+/);
  if (words.length < 3) return false;
  // A question is a title ("2.0 What is the SELC?"); so is a Title Case line ("5 Track Any Major
  // Unresolved Findings", "3.3.1 Explain the Solution Engineering Stage"): a sentence has a
  // lower-case word of its own after its second.
  if (t.endsWith('?') || /^(?:what|how|why|when|who|where|which)$/i.test(words[0]) || !words.slice(2).some((w) => /^[a-z]{4,}/.test(w)))
    return false;
  const [first, second] = words;
  if (!/^[a-z0-9]/.test(second)) return false;
  if (IMPERATIVE_VERBS.has(first.toLowerCase()) && (DETERMINER.test(second) || OBJECT_WORD.test(second))) return true;
  // Sentence case with a finite verb.
  return /^[A-Z][a-z]/.test(first) && FINITE_VERB.test(t);
}

// A heading is short and reads like a title, not a sentence.
function titleLike(title: string): boolean {
  const t = title.trim();
  if (t.length === 0 || t.length > 110) return false;
  if (numberedSentence(t)) return false;
  if (!/^[A-Z(“"]/.test(t)) return false;
  // "What the quotation must contain" names a part; "The offeror must ..." is a sentence.
  if (/\b(shall|must|will|should|may)\b/i.test(t) && !(/^(what|how)\b/i.test(t) && t.split(/\s+/).length <= 8 && !/[.;,]$/.test(t)))
    return false;
  if (/[.;:,]$/.test(t) && t.split(/\s+/).length > 6) return false;
  if (t.includes('|')) return false;
  return true;
}

/**
 * The title set in capitals at the start of `rest` ("EVALUATION FACTORS FOR AWARD The Government
 * ..."), with a parenthesised note right after it; it stops at a list letter ("A.") or a word in
 * lower case.
 */
function capsRun(rest: string): string {
  const words = rest.split(/\s+/);
  let n = 0;
  while (n < words.length && n < 14 && !/[a-z]/.test(words[n]) && !/^\(?[A-Z0-9]{1,3}[.)]$/.test(words[n])) n++;
  let title = words.slice(0, n).join(' ');
  const note = /^\([^()]{1,60}\)/.exec(words.slice(n).join(' '));
  if (n > 0 && note) title += ` ${note[0]}`;
  return title;
}

// Words a title in Title Case may hold in lower case, and words that start the sentence after it.
const TITLE_SMALL_WORD = /^(of|and|to|for|the|or|in|on|a|an|by|with|&|-|–|—)$/;
const SENTENCE_OPENER = /^(The|This|These|All|Each|Any|An?|In|If)$/;
const PARTY_OPENER = /^(Offerors?|Contractors?|Quoters?|Vendors?|Proposals?|Quotes?)$/;

/**
 * The Title Case title at the start of `rest` ("Instructions, Conditions and Notices to Bidders
 * INSTRUCTIONS ..."): capitalised words and small words, up to a word in capitals or lower case,
 * or a word that opens the sentence after it.
 */
function titleCaseRun(rest: string, minWords = 2): string {
  const words = rest.split(/\s+/);
  let n = 0;
  while (n < words.length && n < 12) {
    const w = words[n].replace(/[,:;]$/, '');
    const capitalised = /^[A-Z][a-z'’/-]+$/.test(w);
    // "... for Award The Government will": "The" opens the sentence; "to Offerors The" does not.
    const opens = SENTENCE_OPENER.test(w) || (PARTY_OPENER.test(w) && /^[a-z]/.test(words[n + 1] ?? ''));
    if (!(capitalised || TITLE_SMALL_WORD.test(w)) || (n >= 2 && opens)) break;
    n++;
  }
  while (n > 0 && TITLE_SMALL_WORD.test(words[n - 1])) n--;
  return n >= minWords
    ? words
        .slice(0, n)
        .join(' ')
        .replace(/[,:;]$/, '')
    : '';
}

/**
 * "SECTION L - INSTRUCTIONS ..." alone on its line, or with the part's first paragraph after it on
 * the same line (text extraction joins them): the heading, and the rest as body text.
 */
function ucfHeading(trimmed: string): HeadingMatch | null {
  const m = UCF_HEADING.exec(trimmed);
  if (!m) return null;
  const [, letter, dash, rest] = m;
  const heading = (title: string): HeadingMatch => ({
    number: `SECTION ${letter.toUpperCase()}`,
    title: title.trim(),
    named: ucfLetter(letter),
    kind: 'ucf',
  });
  // The title ends where the part's first paragraph number starts, or where capitals stop.
  const own = OWN_PARAGRAPH(letter).exec(rest);
  let title = own ? rest.slice(0, own.index).trim() : '';
  if (!own || !titleLike(title)) {
    // A Title Case title followed by text in capitals ("... to Bidders INSTRUCTIONS SOLICITATION ...").
    const mixed = dash ? titleCaseRun(rest) : '';
    const splitsCase = mixed !== '' && /^\S*[A-Z]{4,}/.test(rest.slice(mixed.length).trim());
    if (rest === '' || (rest.length <= 110 && titleLike(rest) && !splitsCase)) return heading(rest);
    title = capsRun(rest) || (dash ? titleCaseRun(rest) : '');
  }
  // Without a dash after the letter only a title in capitals makes "Section L of this RFP ..." a heading.
  if (!title || (!dash && /[a-z]/.test(title)) || !titleLike(title) || !/[A-Za-z]{4}/.test(title)) return null;
  // The body starts after as many words of `rest` as the title has.
  const titleWords = title.split(/\s+/).length;
  const word = /\S+/g;
  let bodyAt = 0;
  for (let i = 0; i < titleWords && word.exec(rest); i++) bodyAt = word.lastIndex;
  const body = rest.slice(bodyAt).trimStart();
  if (!body) return heading(title);
  return { ...heading(title), body, bodyOffset: trimmed.length - body.length };
}

/** Recognise a heading line; null for ordinary text. */
export function parseHeading(line: string): HeadingMatch | null {
  const trimmed = line.trim();
  if (trimmed.length === 0) return null;
  const ucf = ucfHeading(trimmed);
  if (ucf) return ucf;
  // A whole paragraph may follow its UCF number on one line (PDF text joins wrapped lines).
  if (trimmed.length > 140) {
    const para = UCF_PARAGRAPH.exec(trimmed);
    if (!para || para[3] === undefined) return null;
    return {
      number: `${para[1]}.${para[2]}`,
      title: '',
      named: ucfLetter(para[1]),
      kind: 'ucf-paragraph',
      body: para[3],
      bodyOffset: trimmed.length - para[3].length,
    };
  }

  const para = UCF_PARAGRAPH.exec(trimmed);
  // "L.4.2 The offeror shall ..." sets the section even though the rest is a sentence.
  if (para) {
    return {
      number: `${para[1]}.${para[2]}`,
      title: (para[3] ?? '').trim(),
      named: ucfLetter(para[1]),
      kind: 'ucf-paragraph',
      ...(para[3] !== undefined && !titleLike(para[3]) ? { title: '', body: para[3], bodyOffset: trimmed.length - para[3].length } : {}),
    };
  }

  const dashed = UCF_DASH_PARAGRAPH.exec(trimmed);
  if (dashed && titleLike(dashed[3]) && dashed[3].split(/\s+/).length <= 10 && !/[.;,:]$/.test(dashed[3])) {
    return { number: `${dashed[1]}.${dashed[2]}`, title: dashed[3].trim(), named: ucfLetter(dashed[1]), kind: 'ucf-paragraph' };
  }

  const num = NUMBERED.exec(trimmed);
  if (num && titleLike(num[3])) {
    const [, number, dot, title] = num;
    const named = sectionFromTitle(title);
    // "1. Pricing Template" is as often a list item as a heading; only "5.0"/"5.1" style
    // numbers, a plain number whose title names a section, or a title set in capitals
    // ("12. EVALUATION FACTORS:") count as headings.
    const caps = /^[^a-z]*[A-Z]{4,}[^a-z]*$/.test(title) && title.split(/\s+/).length <= 10 && !title.endsWith('.');
    if (!number.includes('.') && !STRONG_UNNUMBERED.test(title) && !caps) {
      if (dot === '.' || title.split(/\s+/).length > 8) return null;
    }
    return { number, title: title.trim(), named, kind: 'numbered' };
  }

  const attachment = ATTACHMENT_HEADING.exec(trimmed);
  if (
    attachment &&
    (attachment[3] === '' || (titleLike(attachment[3]) && attachment[3].split(/\s+/).length <= 10 && !/[.;,]$/.test(attachment[3])))
  ) {
    const title = attachment[3].trim();
    return { number: `${attachment[1]} ${attachment[2]}`, title, named: (title && sectionFromTitle(title)) || 'other', kind: 'attachment' };
  }
  if (STRONG_UNNUMBERED.test(trimmed) && titleLike(trimmed) && trimmed.split(/\s+/).length <= 10) {
    return { number: null, title: trimmed, named: sectionFromTitle(trimmed), kind: 'unnumbered' };
  }
  if (capsHeading(trimmed)) {
    const title = trimmed.replace(/:$/, '');
    return { number: null, title, named: sectionFromTitle(title), kind: 'unnumbered' };
  }
  return titleCaseHeading(trimmed);
}

/**
 * An unnumbered heading in Title Case ("Submission Instructions", "Questions", "Contract Terms and
 * Conditions"): only when its title names the instructions, the evaluation or contract terms; a
 * Title Case line naming work ("Key Personnel") is as often a list item. segment.ts also asks
 * that it stand after a blank line (`standAlone`).
 */
function titleCaseHeading(trimmed: string): HeadingMatch | null {
  const title = trimmed.replace(/:$/, '');
  // The run stops at the "X" appended: the whole title must be Title Case words.
  if (title.length > 80 || titleCaseRun(`${title} X`, 1) !== title || !titleLike(title)) return null;
  const named = switchFromTitle(title) ?? sectionFromTitle(title);
  if (named === null || named === 'C') return null;
  return { number: null, title, named, kind: 'unnumbered', standAlone: true };
}

/** Where each section starts in a text: the heading's offset, title and resulting section. */
export function detectSections(text: string): Array<{ start: number; title: string; section: SectionCode }> {
  const tracker = new SectionTracker();
  const out: Array<{ start: number; title: string; section: SectionCode }> = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const h = parseHeading(line);
    if (h) out.push({ start: offset, title: line.trim(), section: tracker.apply(h) });
    offset += line.length + 1;
  }
  return out;
}
