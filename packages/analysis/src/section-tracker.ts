import { switchFromTitle, type HeadingMatch } from './sections';
import type { SectionCode } from './types';

/** Why the section in force is what it is: the heading that decided it and how. */
export interface SectionSource {
  reason:
    | 'ucf-part' // "SECTION L - INSTRUCTIONS ...": a Uniform Contract Format part heading
    | 'ucf-paragraph' // "L.4.2": a UCF paragraph number carries its part's letter
    | 'title' // a heading whose own title names the part ("5.0 Instructions to Offerors")
    | 'parent' // a numbered sub-heading inside a part its parent heading named
    | 'typographic' // a heading only its type marks (larger or bold), naming the part
    | 'no-part' // a top-level heading naming no part: the text after it is not L, M or C
    | 'attachment' // an attachment or exhibit heading ends the part before it
    | 'preamble' // no heading yet; the unit's own words read as submission logistics
    | 'none'; // no heading before it
  /** The deciding heading as printed (number and title), or null when there is none. */
  heading: string | null;
  /** Offset of that heading in the text, for its page. */
  start: number | null;
}

const NO_HEADING: SectionSource = { reason: 'none', heading: null, start: null };

/** How a heading is shown in a basis: its number and title, shortened. */
export function headingLabel(h: HeadingMatch): string {
  // A number with body text after it ("C.2.1 The contractor shall ...") is shown as the number alone.
  const words = [h.number, h.title || (h.number ? '' : (h.body ?? '').split(/\s+/).slice(0, 8).join(' '))].filter(Boolean).join(' ');
  return words.length > 80 ? `${words.slice(0, 77)}...` : words;
}

/**
 * For a person: where a requirement's section came from ("heading 'Instructions to Offerors',
 * p. 12"). `page` is the heading's page, null when the source has no pages.
 */
export function describeSectionSource(source: SectionSource, section: SectionCode, page: number | null): string {
  const at = page === null ? '' : `, p. ${page}`;
  const part = section === 'other' ? 'a part other than L, M or C' : `Section ${section}`;
  const h = `'${source.heading ?? ''}'`;
  switch (source.reason) {
    case 'ucf-part':
      return `UCF part heading ${h}${at}`;
    case 'ucf-paragraph':
      return `UCF paragraph number ${h} (${part})${at}`;
    case 'title':
      return `heading ${h}${at}: its title names ${part}`;
    case 'parent':
      return `heading ${h}${at}: inside the part its parent heading names (${part})`;
    case 'typographic':
      return `heading ${h} marked by its type${at}: its title names ${part}`;
    case 'no-part':
      return `heading ${h}${at}: names no part`;
    case 'attachment':
      return `attachment heading ${h}${at}: ends the part before it`;
    case 'preamble':
      return 'no heading before it; its words read as submission instructions';
    case 'none':
      return 'no heading before it';
  }
}

/**
 * Follows headings through a document and answers which section the text after them is in, and
 * why (`source`). Explicit UCF sections ("SECTION L") win over numbered headings inside them;
 * numbered sub-paragraphs ("5.2.1") inherit their top-level paragraph's section ("5.0
 * Instructions"); an unnumbered part heading holds over the numbered headings after it that name
 * no part; an attachment or exhibit heading ends whatever part came before it.
 */
export class SectionTracker {
  private current: SectionCode = 'other';
  private currentSource: SectionSource = NO_HEADING;
  private ucfActive = false;
  /** The part in force was opened by an unnumbered heading ("INSTRUCTIONS TO OFFERORS"). */
  private unnumberedPart = false;
  /** Section in force under each paragraph number seen ("5" → L, "5.4" → M), with its source. */
  private byNumber = new Map<string, { section: SectionCode; source: SectionSource }>();
  /** Headings with a typographic level, outermost first, and the section each left in force. */
  private typeStack: Array<{ level: number; section: SectionCode }> = [];

  get section(): SectionCode {
    return this.current;
  }

  /** The heading that decided the section in force, and how. */
  get source(): SectionSource {
    return this.currentSource;
  }

  /** No heading has decided a section yet: the text so far is the document's cover or preamble
   * (headings before it, such as the document's title, named no part). */
  get beforeFirstHeading(): boolean {
    return this.currentSource.reason === 'none';
  }

  /** Apply one heading (at `start` in the text, when known) and return the section in force after it. */
  apply(h: HeadingMatch, start: number | null = null): SectionCode {
    const source = (reason: SectionSource['reason']): SectionSource => ({ reason, heading: headingLabel(h), start });
    const before = this.current;
    let reason: SectionSource['reason'] | null;
    if (h.kind === 'attachment') reason = this.applyAttachment(h);
    else if (h.level === undefined) reason = this.applyHeading(h, source);
    else {
      const level = h.level;
      while (this.typeStack.length > 0 && this.typeStack[this.typeStack.length - 1].level >= level) this.typeStack.pop();
      reason = h.typographic ? this.applyTypographic(h) : this.applyHeading(h, source);
      this.typeStack.push({ level, section: this.current });
    }
    // A heading that leaves the section as it was is not where the section came from: under
    // "SECTION M" (or "5.0 Instructions to Offerors") the paragraphs "M.1" and "5.2 Format" keep
    // the part heading as the source, which is what a reader checks. An attachment always resets.
    const kept =
      this.current === before &&
      this.currentSource.reason !== 'none' &&
      this.currentSource.reason !== 'preamble' &&
      reason !== 'attachment';
    if (reason && !kept) this.currentSource = source(reason);
    return this.current;
  }

  private applyAttachment(h: HeadingMatch): SectionSource['reason'] {
    this.ucfActive = false;
    this.unnumberedPart = false;
    this.byNumber = new Map();
    this.typeStack = [];
    this.current = h.named ?? 'other';
    return 'attachment';
  }

  /**
   * A heading only its type marks ("Submission Instructions" in bold): it moves between
   * instructions and evaluation when its title names one outright; under a parent heading in a
   * part it otherwise stays where the text before it was ("Technical Approach" after
   * "Evaluation:" is a factor); with no such parent it opens the part its title names. A title
   * that names no part is no reason to leave the one in force.
   */
  private applyTypographic(h: HeadingMatch): SectionSource['reason'] | null {
    const switched = switchFromTitle(h.title);
    if (this.ucfActive) {
      if (switched && (this.current === 'L' || this.current === 'M')) this.current = switched;
      return switched ? 'typographic' : null;
    }
    const parent = this.typeStack.at(-1);
    if (switched) this.current = switched;
    else if (h.named && !(parent && parent.section !== 'other')) this.current = h.named;
    else return null;
    return 'typographic';
  }

  private applyHeading(h: HeadingMatch, source: (r: SectionSource['reason']) => SectionSource): SectionSource['reason'] | null {
    if (h.kind === 'ucf' || h.kind === 'ucf-paragraph') {
      this.ucfActive = true;
      this.unnumberedPart = false;
      this.current = h.named ?? 'other';
      // "L.9 BASIS FOR AWARD": the title outranks the letter between L and M.
      const titled = h.kind === 'ucf-paragraph' && h.title ? switchFromTitle(h.title) : null;
      if (titled && (this.current === 'L' || this.current === 'M')) {
        this.current = titled;
        return 'title';
      }
      return h.kind === 'ucf' ? 'ucf-part' : 'ucf-paragraph';
    }
    const switched = switchFromTitle(h.title);
    if (this.ucfActive) {
      // Inside an explicit UCF part only a title naming evaluation or instructions outright moves
      // between L and M (agencies often put "Basis for Award" at the end of Section L).
      if (switched && (this.current === 'L' || this.current === 'M')) this.current = switched;
      return switched ? 'title' : null;
    }
    if (h.kind === 'unnumbered') {
      if (!h.named) return null;
      this.current = h.named;
      this.unnumberedPart = h.named !== 'other';
      return 'title';
    }
    const parts = (h.number ?? '').split('.');
    const isTop = parts.length === 1 || parts.slice(1).every((p) => /^0+$/.test(p));
    if (isTop) {
      // "INSTRUCTIONS TO OFFERORS" then "1. What the quote must contain": the numbered headings
      // inside an unnumbered part that name no part of their own stay in it.
      if (!h.named && this.unnumberedPart) {
        this.byNumber.set(parts[0], { section: this.current, source: this.currentSource });
        return null;
      }
      this.unnumberedPart = false;
      this.current = h.named ?? 'other';
      const reason = h.named ? 'title' : 'no-part';
      this.byNumber.set(parts[0], { section: this.current, source: source(reason) });
      return reason;
    }
    // The nearest numbered ancestor ("5.4" for "5.4.2", else "5").
    let parent: { section: SectionCode; source: SectionSource } | undefined;
    for (let n = parts.length - 1; n >= 1 && parent === undefined; n--) parent = this.byNumber.get(parts.slice(0, n).join('.'));
    let reason: SectionSource['reason'];
    if (switched) {
      this.current = switched;
      reason = 'title';
    } else if (parent && parent.section !== 'other') {
      this.current = parent.section;
      reason = 'parent';
    } else if (h.named) {
      this.current = h.named;
      reason = 'title';
    } else {
      this.current = parent?.section ?? this.current;
      reason = parent ? 'parent' : 'no-part';
    }
    // A sub-heading that keeps its parent's section: the parent heading is where it came from.
    const inherited = reason === 'parent' && parent !== undefined && parent.source.reason !== 'none' ? parent.source : null;
    this.byNumber.set(parts.join('.'), { section: this.current, source: inherited ?? source(reason) });
    if (inherited) {
      this.currentSource = inherited;
      return null;
    }
    return reason;
  }
}
