import { EXAMPLES_LEAD_IN, HIGH_IMPORTANCE } from './cues';
import { RequirementIds } from './requirement-ids';
import { finishRequirements } from './requirement-repeats';
import { EMPTY_DOCUMENT_LEXICON, learnDocumentLexicon } from './rules/document-lexicon';
import { CHOICE_LEAD_IN } from './rules/lists';
import { judgeUnit } from './rules/registry';
import type { LeadInVerdict, UnitContext, Verdict } from './rules/types';
import { readsAsSubmissionLogistics } from './section-titles';
import { SectionTracker, describeSectionSource } from './sections';
import { segmentPage, type Segment, type Unit } from './segment';
import { tableOfContentsLines } from './toc';
import type { Obligation, PageText, Requirement, SectionCode } from './types';

/**
 * Requirement extraction: pages → segments (segment.ts) → section map (sections.ts) → one verdict per
 * unit from the rules registry (rules/registry.ts) → requirements with their basis. See README.md.
 */

// A sub-title inside a list ("PRICING:") is no lead-in a reader can act on alone: it reads after
// the outer lead-in it sits under ("The proposal shall include: Pricing:").
const SHORT_LEAD_IN_WORDS = 4;

/** A list item's lead-in as a reader needs it beside the item; sentences and table rows have none. */
function leadInOf(segments: Segment[], unit: Unit): { lead_in?: string } {
  if (unit.kind !== 'item' || unit.parent < 0) return {};
  // A paragraph lead-in with no bullet or marker of its own ("The proposal shall include:") read
  // as an item of the list before it may start a list of its own: say nothing rather than guess.
  if (unit.leadIn && !unit.bulleted && !unit.marker) return {};
  const parent = segments[unit.parent] as Unit;
  let text = parent.text;
  let above = parent;
  while (above.parent >= 0 && above.text.split(/\s+/).length < SHORT_LEAD_IN_WORDS) {
    const inner = above;
    above = segments[above.parent] as Unit;
    // A caption printed again as each entry's own caption ("Detailed Description:" over
    // "Detailed Description:") is one lead-in, not a longer one per nesting level.
    if (above.text !== inner.text) text = `${above.text} ${text}`;
  }
  return { lead_in: text };
}

/** How a piece of text was judged, alone or in its place in a document. */
export interface Classification {
  isRequirement: boolean;
  section: SectionCode;
  must_or_should: Obligation;
  weight: number;
  /** The word or rule that decided it ("shall", "imperative", "criterion", ...); null if none. */
  cue: string | null;
  /** Ids of the rules that decided, deciding rule first. */
  rules: string[];
}

export type { UnitContext } from './rules/types';

function weightFor(t: string, section: SectionCode, cue: string | null): number {
  if (HIGH_IMPORTANCE.test(t)) return 3;
  if (section === 'M' && (cue === 'criterion' || cue === 'factor')) return 2;
  return 1;
}

function verdictToClass(v: Verdict, t: string, section: SectionCode): Classification {
  const isRequirement = v.level === 'strong' || v.level === 'should' || v.level === 'weak';
  return {
    isRequirement,
    section,
    must_or_should: v.level === 'should' ? 'should' : 'must',
    weight: isRequirement ? weightFor(t, section, v.cue) : 0,
    cue: v.cue,
    rules: v.rules ?? [],
  };
}

/** Guess a sentence's section from its own words, for text seen without its document. */
export function guessSection(text: string): SectionCode {
  const t = text;
  if (/\bsection\s+m\b/i.test(t) && !/\bsection\s+l\b/i.test(t)) return 'L';
  if (/\bsection\s+l\b/i.test(t) && !/\bsection\s+m\b/i.test(t)) return 'M';
  const count = (re: RegExp) => (t.match(re) ?? []).length;
  const m = count(
    /\b(evaluat\w*|factors?|subfactors?|ratings?|rated|past performance|cpars|ppqs?|corporate experience|narratives?|best value|trade-?offs?|strengths?|weakness(es)?|deficienc\w+|relevan(t|cy)|recency|confidence|non-price|technical approach|safety|demonstrat\w*|understanding|approach|experience)\b/gi,
  );
  const l = count(
    /\b(propos(al|als)|offers?|quot(e|es|ation|ations)|submit\w*|submission|submittals?|volumes?|pages?|font|cop(y|ies)|electronic(ally)?|piee|sam|registration|questions?|rfps?|rfqs?|solicitation|amendments?|block|sf ?\d+|pricing|decimal|due|format|page limit|certif\w+|statements?|cmmc|sprs|uid)\b/gi,
  );
  const c = count(
    /\b(contractor|perform\w*|services?|deliver\w*|orders?|labor|hours|work|tasks?|clins?|slins?|reported|reports?|maintain\w*|accept\w*|personnel|site|equipment|facilit\w+|invoice\w*|gpc|contracting officer)\b/gi,
  );
  if (m > 0 && m >= l && m >= c) return 'M';
  if (l >= c && l > 0) return 'L';
  if (c > 0) return 'C';
  return 'other';
}

/**
 * Classify one sentence on its own. `sectionHint` is the section it came from when known;
 * without it the section is guessed from the wording.
 */
export function classifyRequirement(text: string, sectionHint?: SectionCode): Classification {
  const section = sectionHint ?? guessSection(text);
  const t = text.replace(/\s+/g, ' ').trim();
  return verdictToClass(judgeUnit(t, { section, kind: 'sentence', lexicon: EMPTY_DOCUMENT_LEXICON }).verdict, t, section);
}

// ---------------------------------------------------------------------------------------------
// Whole documents

// Page furniture: "Page 3 of 40", "- 12 -", "3/40", a bare page number. Tested on the trimmed line
// with no leading or trailing \s*, so a long run of spaces cannot make it backtrack (REDOS).
const PAGE_NUMBER = /^(?:page[ \t]+\d{1,5}(?:[ \t]+of[ \t]+\d{1,5})?|-?[ \t]?\d{1,4}[ \t]?-?|\d{1,5}[ \t]?\/[ \t]?\d{1,5})$/i;

/** True for a line that is only a page number. */
export function isPageNumberLine(line: string): boolean {
  const t = line.trim();
  return t.length <= 24 && PAGE_NUMBER.test(t.replace(/[ \t]+/g, ' '));
}

/**
 * Lines repeated at the top or bottom of many pages (solicitation number, agency name) are running
 * headers and footers, not text. Digits are masked so "Page 3" and "Page 4" count as one line.
 */
function runningLines(pages: PageText[]): Set<string> {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const lines = p.text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const edge = new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(maskDigits));
    for (const l of edge) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  const min = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...counts].filter(([, n]) => n >= min).map(([l]) => l));
}

function maskDigits(line: string): string {
  return line.trim().replace(/\d+/g, '#');
}

/** Every requirement in a solicitation's pages, in document order, with stable ids (requirement-ids.ts). */
export function extractRequirements(pages: PageText[]): Requirement[] {
  const tracker = new SectionTracker();
  const ids = new RequirementIds();
  const out: Requirement[] = [];

  // Pages are segmented as one text so sentences and lists that run over a page break stay whole;
  // each unit is then given the page it starts on.
  const running = pages.length >= 3 ? runningLines(pages) : new Set<string>();
  const skipLine = (line: string) => isPageNumberLine(line) || running.has(maskDigits(line));
  const pageStarts: number[] = [];
  const headingLevels = new Map<number, number>();
  let text = '';
  for (const p of pages) {
    pageStarts.push(text.length);
    for (const h of p.headings ?? []) headingLevels.set(text.length + h.start, h.level);
    text += `${p.text}\n`;
  }
  const pageAt = (offset: number): number | null => {
    let lo = 0;
    let hi = pageStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pageStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return pages.length ? pages[lo].page : null;
  };

  // A table of contents lists titles and pages: none of its lines is a requirement.
  const contents = tableOfContentsLines(text);
  const segments = segmentPage(text, {
    skipLine: (line, start) => contents.has(start) || skipLine(line),
    headingLevel: (start) => headingLevels.get(start),
    typeKnown: pages.some((p) => p.headings !== undefined),
  });
  // The names the document gives its buyer and the roles it lists, for subject analysis.
  const lexicon = learnDocumentLexicon(text);
  // What each lead-in hands its items, by segment index.
  const leadVerdicts = new Map<number, LeadInVerdict>();
  let headingTitle = '';
  segments.forEach((seg, index) => {
    if (seg.kind === 'heading') {
      tracker.apply(seg.heading, seg.start);
      ids.heading(seg.heading);
      headingTitle = seg.heading.title || seg.heading.body || '';
      return;
    }
    const unit = seg as Unit;
    ids.see(unit.block);
    // Cover text before the first heading: submission logistics (deadlines, where to send) are L.
    const preamble = tracker.beforeFirstHeading && readsAsSubmissionLogistics(unit.text) && guessSection(unit.text) === 'L';
    const section = preamble ? 'L' : tracker.section;
    const source = preamble ? { reason: 'preamble' as const, heading: null, start: null } : tracker.source;
    const sectionBasis = describeSectionSource(source, section, source.start === null ? null : pageAt(source.start));
    const parentInfo = unit.parent >= 0 ? (leadVerdicts.get(unit.parent) ?? null) : null;
    const prev = segments[index - 1];
    const next = segments[index + 1];
    const firstInBlock = !prev || prev.kind === 'heading' || prev.block !== unit.block;
    const ctx: UnitContext = {
      section,
      kind: unit.kind,
      parent: parentInfo,
      parentText: unit.parent >= 0 ? (segments[unit.parent] as Unit).text : undefined,
      bulleted: unit.bulleted,
      leadIn: unit.leadIn,
      tableHeader: unit.tableHeader,
      isTableHeader: unit.isTableHeader,
      runIn: firstInBlock && next !== undefined && next.kind !== 'heading' && next.block === unit.block,
      // Alone in its block, with a paragraph (not another item or row) right after it.
      // The last of a run of items ("a. ... g. Other Considerations", then a paragraph) ends its
      // list; it does not head the paragraph after it.
      overParagraph:
        firstInBlock &&
        next !== undefined &&
        next.kind === 'sentence' &&
        next.block !== unit.block &&
        !(unit.kind === 'item' && prev?.kind === 'item' && prev.parent === unit.parent),
      marker: firstInBlock ? unit.marker : undefined,
      headingTitle,
      lexicon,
    };
    const { verdict, forItems } = judgeUnit(unit.text, ctx);
    if (unit.leadIn) {
      leadVerdicts.set(index, {
        verdict: forItems,
        examples: forItems.cue !== 'scope' && EXAMPLES_LEAD_IN.test(unit.text.replace(/(?<!\s)\s*\([^()]*\)\s*$/, '')),
        exclusion: forItems.cue === 'exclusion',
        choice: CHOICE_LEAD_IN.test(unit.text),
      });
    }
    const c = verdictToClass(verdict, unit.text, section);
    if (!c.isRequirement) return;
    out.push({
      requirement_id: ids.next(section, unit),
      section,
      must_or_should: c.must_or_should,
      weight: c.weight,
      text: unit.text,
      page: pageAt(unit.start),
      basis: { rules: c.rules, cue: verdict.cue, section: sectionBasis },
      ...leadInOf(segments, unit),
    });
  });
  return finishRequirements(out);
}
