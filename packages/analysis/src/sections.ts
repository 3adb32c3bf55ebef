import type { SectionCode } from './types';

/** A line recognised as a heading, and the section it opens (null: keep the current one). */
export interface HeadingMatch {
  /** Paragraph number as written ("5.0", "L.4.2.1"), or null for unnumbered headings. */
  number: string | null;
  title: string;
  /** The section this heading's own words name, if any. */
  named: SectionCode | null;
  kind: 'ucf' | 'ucf-paragraph' | 'numbered' | 'unnumbered';
  /** For "L.4.2 The offeror shall ...": the text after the number, which is body text, not a title. */
  body?: string;
  /** Offset of `body` within the trimmed line. */
  bodyOffset?: number;
  /** Level from the heading's type in a PDF (1 = the largest heading style); absent in plain text. */
  level?: number;
  /** A heading only its type marks (no number, no capitals, no part title). */
  typographic?: boolean;
}

// Titles that name a part of a solicitation. Quote requests (RFQs) and many agency RFPs do not
// use Uniform Contract Format letters, so the usual synonyms map onto L, M and C.
const L_TITLE =
  /^instructions\b|^(quote |quotation |proposal |offer )?submissions?$|\b(instructions?(,? conditions,? and notices)? (to|for) (offerors?|quoters?|bidders?|vendors?|proposers?|respondents?|contractors?|quotes?|quotations?|proposals?|offers?|responses?)|submission (process|procedures?)|(what|how) (the|your|a) (quot(e|ation)|proposal|offer|response) (must|shall|should|will) (contain|include)|(submission|submittal|proposal|quot(e|ation)) (instructions|requirements|preparation|format|contents?|submission)|preparation of (proposals?|quot(es|ations?)|offers?|responses?)|submission of (proposals?|quot(es|ations?)|offers?|responses?)|proposal preparation|(written|oral|verbal) (quote|proposal|quotation)s? submissions?|how to (respond|submit))\b/i;
const M_TITLE =
  /\b(evaluation|basis (for|of) (the )?award|award (criteria|basis|decision|determination)|source selection|evaluation factors|evaluation criteria)\b/i;
const C_TITLE =
  /^(general |specific |technical |task |performance |functional |contract )?(requirements|tasks)$|\b(statement of (work|objectives)|performance work statement|(PWS|SOW|SOO)\b|description\/specifications?|specifications|scope( of work)?|background|introduction|purpose|objectives?|deliverables?|(application|technical|design|system) (constraints|requirements)|constraints|personnel|staffing|quality assurance|QASP)\b/i;

// Strong enough to switch sections from an unnumbered line (weak words such as "Personnel"
// also appear as list items, e.g. evaluation factors).
const STRONG_UNNUMBERED =
  /^(?:\d{1,2}\.?\s+)?(instructions?(,? conditions,? and notices)? to (offerors?|quoters?|bidders?|vendors?)|(proposal |quote |quotation )?submission instructions|evaluation (factors|criteria)( for award)?|basis (for|of) award|statement of work|performance work statement|statement of objectives)\b/i;

// A sub-heading whose own title names the evaluation part or the award decision opens Section M
// even inside an instructions part ("5.0 Instructions" → "5.4 Evaluation Factors"), and one that
// names the instructions opens L again.
const M_SWITCH =
  /\b(evaluation (factors?|criteria|approach|process|methodology)|(technical |price |cost )?evaluation$|basis (for|of) (the )?award|award (criteria|basis|decision|determination)|source selection (process|procedures)|evaluation of (proposals|offers|quotes|quotations|responses)|how (proposals|offers|quotes|quotations|responses) (will be|are) evaluated)\b/i;
const L_SWITCH =
  /\b(instructions?(,? conditions,? and notices)? (to|for) (offerors?|quoters?|bidders?|vendors?|proposers?|respondents?|quotes?|quotations?|proposals?|offers?|responses?)|submission (process|procedures)|(proposal|quot(e|ation)|submission|submittal|response)( (submittal|submission|preparation))? instructions|preparation of (proposals?|quot(es|ations?)|offers?))\b/i;

/** The section a sub-heading's title switches to on its own, whatever its parent says. */
export function switchFromTitle(title: string): SectionCode | null {
  if (M_SWITCH.test(title) && !L_SWITCH.test(title)) return 'M';
  if (L_SWITCH.test(title) && !M_SWITCH.test(title)) return 'L';
  return null;
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

const UCF_HEADING = /^\s*SECTION\s+([A-M])\b\s*(?:[-–—:.]\s*)?(.*)$/i;
const UCF_PARAGRAPH = /^\s*([A-M])\.(\d{1,3}(?:\.\d{1,3}){0,5})\.?(?:\s+(.*))?$/;
const NUMBERED = /^\s*(\d{1,2}(?:\.\d{1,3}){0,5})(\.?)\s+(\S.*)$/;

/** Section a heading title names, or null when it names none. */
export function sectionFromTitle(title: string): SectionCode | null {
  if (L_TITLE.test(title)) return 'L';
  if (M_TITLE.test(title)) return 'M';
  if (C_TITLE.test(title)) return 'C';
  return null;
}

function ucfLetter(letter: string): SectionCode {
  const l = letter.toUpperCase();
  return l === 'L' || l === 'M' || l === 'C' ? l : 'other';
}

// A heading is short and reads like a title, not a sentence.
function titleLike(title: string): boolean {
  const t = title.trim();
  if (t.length === 0 || t.length > 110) return false;
  if (!/^[A-Z(“"]/.test(t)) return false;
  if (/\b(shall|must|will|should|may)\b/i.test(t)) return false;
  if (/[.;:,]$/.test(t) && t.split(/\s+/).length > 6) return false;
  if (t.includes('|')) return false;
  return true;
}

/** Recognise a heading line; null for ordinary text. */
export function parseHeading(line: string): HeadingMatch | null {
  const trimmed = line.trim();
  if (trimmed.length === 0) return null;
  // A whole paragraph may follow its UCF number on one line (PDF text joins wrapped lines).
  if (trimmed.length > 140) {
    const para = UCF_PARAGRAPH.exec(trimmed);
    if (!para || para[3] === undefined) return null;
    return { number: `${para[1]}.${para[2]}`, title: '', named: ucfLetter(para[1]), kind: 'ucf-paragraph', body: para[3], bodyOffset: trimmed.length - para[3].length };
  }

  const ucf = UCF_HEADING.exec(trimmed);
  if (ucf && (ucf[2] === '' || titleLike(ucf[2]))) {
    return { number: `SECTION ${ucf[1].toUpperCase()}`, title: ucf[2].trim(), named: ucfLetter(ucf[1]), kind: 'ucf' };
  }

  const para = UCF_PARAGRAPH.exec(trimmed);
  // "L.4.2 The offeror shall ..." sets the section even though the rest is a sentence.
  if (para) {
    return {
      number: `${para[1]}.${para[2]}`,
      title: (para[3] ?? '').trim(),
      named: ucfLetter(para[1]),
      kind: 'ucf-paragraph',
      ...(para[3] !== undefined && !titleLike(para[3])
        ? { title: '', body: para[3], bodyOffset: trimmed.length - para[3].length }
        : {}),
    };
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

  if (STRONG_UNNUMBERED.test(trimmed) && titleLike(trimmed) && trimmed.split(/\s+/).length <= 10) {
    return { number: null, title: trimmed, named: sectionFromTitle(trimmed), kind: 'unnumbered' };
  }
  if (capsHeading(trimmed)) {
    const title = trimmed.replace(/:$/, '');
    return { number: null, title, named: sectionFromTitle(title), kind: 'unnumbered' };
  }
  return null;
}

/**
 * Follows headings through a document and answers which section the text after them is in.
 * Explicit UCF sections ("SECTION L") win over numbered headings inside them; numbered
 * sub-paragraphs ("5.2.1") inherit their top-level paragraph's section ("5.0 Instructions").
 */
export class SectionTracker {
  private current: SectionCode = 'other';
  private ucfActive = false;
  /** Section in force under each paragraph number seen ("5" → L, "5.4" → M). */
  private readonly byNumber = new Map<string, SectionCode>();
  /** Headings with a typographic level, outermost first, and the section each left in force. */
  private typeStack: Array<{ level: number; section: SectionCode }> = [];

  get section(): SectionCode {
    return this.current;
  }

  /** Apply one heading and return the section in force after it. */
  apply(h: HeadingMatch): SectionCode {
    if (h.level === undefined) return this.applyHeading(h);
    const level = h.level;
    while (this.typeStack.length > 0 && this.typeStack[this.typeStack.length - 1].level >= level) this.typeStack.pop();
    const section = h.typographic ? this.applyTypographic(h) : this.applyHeading(h);
    this.typeStack.push({ level, section });
    return section;
  }

  /**
   * A heading only its type marks ("Submission Instructions" in bold): it moves between
   * instructions and evaluation when its title names one outright; under a parent heading in a
   * part it otherwise stays where the text before it was ("Technical Approach" after
   * "Evaluation:" is a factor); with no such parent it opens the part its title names. A title
   * that names no part is no reason to leave the one in force.
   */
  private applyTypographic(h: HeadingMatch): SectionCode {
    const switched = switchFromTitle(h.title);
    if (this.ucfActive) {
      if (switched && (this.current === 'L' || this.current === 'M')) this.current = switched;
      return this.current;
    }
    const parent = this.typeStack.at(-1);
    if (switched) this.current = switched;
    else if (h.named && !(parent && parent.section !== 'other')) this.current = h.named;
    return this.current;
  }

  private applyHeading(h: HeadingMatch): SectionCode {
    if (h.kind === 'ucf' || h.kind === 'ucf-paragraph') {
      this.ucfActive = true;
      this.current = h.named ?? 'other';
      // "L.9 BASIS FOR AWARD": the title outranks the letter between L and M.
      const titled = h.kind === 'ucf-paragraph' && h.title ? switchFromTitle(h.title) : null;
      if (titled && (this.current === 'L' || this.current === 'M')) this.current = titled;
      return this.current;
    }
    const switched = switchFromTitle(h.title);
    if (this.ucfActive) {
      // Inside an explicit UCF part only a title naming evaluation or instructions outright moves
      // between L and M (agencies often put "Basis for Award" at the end of Section L).
      if (switched && (this.current === 'L' || this.current === 'M')) this.current = switched;
      return this.current;
    }
    if (h.kind === 'unnumbered') {
      if (h.named) this.current = h.named;
      return this.current;
    }
    const parts = (h.number ?? '').split('.');
    const isTop = parts.length === 1 || parts.slice(1).every((p) => /^0+$/.test(p));
    if (isTop) {
      const sec = h.named ?? 'other';
      this.byNumber.set(parts[0], sec);
      this.current = sec;
      return sec;
    }
    // The nearest numbered ancestor ("5.4" for "5.4.2", else "5").
    let parent: SectionCode | undefined;
    for (let n = parts.length - 1; n >= 1 && parent === undefined; n--) parent = this.byNumber.get(parts.slice(0, n).join('.'));
    const inherited = parent && parent !== 'other' ? parent : (h.named ?? parent ?? this.current);
    this.current = switched ?? inherited;
    this.byNumber.set(parts.join('.'), this.current);
    return this.current;
  }
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
