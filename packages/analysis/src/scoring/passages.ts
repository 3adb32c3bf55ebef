import { splitSentences } from '../segment';
import type { PageText } from '../types';
import { isDeferral } from './answers';
import { evidenceKinds, substance, type EvidenceKind } from './quality';
import { analyse, type Analysed } from './text';

/**
 * A draft cut into passages an evaluator would point at: paragraphs, or windows of three sentences
 * over long paragraphs, and whole sections (a heading and everything under it, as one candidate;
 * headings from the words, and in a PDF from its type as well),
 * each with its page and the headings above it, so a match or a suggestion can say "Volume I, 2.3
 * Technical Approach (page 4)". Sentences are kept too (conflict rules read them one by one), and
 * sentences that only promise an answer later ("resumes are available upon request") are set
 * apart: their words do not count as an answer.
 */

export interface Passage {
  index: number;
  /** A window of sentences within a paragraph, or a whole section with its heading. */
  kind: 'window' | 'section';
  text: string;
  /** The text without its deferral sentences. */
  answering: string;
  page: number | null;
  /** Nearest preceding heading (and volume), e.g. "Volume I, 2.3 Technical Approach (page 4)". */
  location: string;
  /** Words that answer: the passage without its deferral sentences. */
  analysed: Analysed;
  /** Canonical terms only found in deferral sentences, or null when there are none. */
  deferredTerms: Set<string> | null;
  evidence: EvidenceKind[];
  /** 0.15-1, see `substance`. */
  quality: number;
  /** Index into `sections`, -1 before the first heading. */
  section: number;
}

/** A heading of the draft, kept so a missing requirement can be placed under the closest one. */
export interface DraftHeading {
  location: string;
  analysed: Analysed;
}

/** One sentence, for rules that read sentence by sentence. */
export interface DraftSentence {
  text: string;
  page: number | null;
  location: string;
  section: number;
  /** Index of its paragraph (sentences of one paragraph share it). */
  paragraph: number;
  analysed: Analysed;
  deferred: boolean;
}

/** A heading and what follows it up to the next heading. */
export interface DraftSection {
  title: string | null;
  volume: string | null;
  location: string;
  firstPage: number | null;
  lastPage: number | null;
}

export interface SplitDraft {
  passages: Passage[];
  headings: DraftHeading[];
  sentences: DraftSentence[];
  sections: DraftSection[];
}

// Sentences per window over long paragraphs, and how far each window moves. Overlapping windows
// keep an answer that straddles two windows whole in at least one.
const WINDOW = 3;
const STRIDE = 2;
const WHOLE_PARAGRAPH = 4;

const BULLET = /^(?:[•●▪◦‣∙*–—-]|\(?[a-z]{1,2}\)|\(?[0-9]{1,2}[.)]|[a-z]\.)\s+/i;
const RUNNING_LINE = /^(?:page\s+\d+(?:\s+of\s+\d+)?|\d+|-\s*\d+\s*-|\d+\s*\/\s*\d+)$/i;
const VOLUME = /^volume\s+([ivxlc]+|\d+)\b/i;
const NAMED_VOLUME = /^(?:[A-Z][a-z]+\s+){1,3}Volume$/;
const NUMBERED_HEADING = /^(?:(?:section|SECTION|Section)\s+)?(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*\.?)\s+[A-Z(]/;
const MULTI_LEVEL = /^\S*\d\.\d/;
const TERMINAL = /[.;,!?]["”’)]*$/;

interface Heading {
  volume: string | null;
  title: string | null;
}

/** A heading line's title (or volume), or null for an ordinary line. */
export function headingOf(line: string, afterBreak: boolean): Heading | null {
  const md = /^#{1,6}\s+(.+)$/.exec(line);
  const t = (md ? md[1] : line).replace(/\s+/g, ' ').replace(/:$/, '').trim();
  if (!t || t.length > 90) return null;
  const words = t.split(' ');
  const v = VOLUME.exec(t);
  if (v && words.length <= 10 && !TERMINAL.test(t)) {
    const rest = t
      .slice(v[0].length)
      .replace(/^[\s:–—-]+/, '')
      .trim();
    return { volume: `Volume ${v[1].toUpperCase()}`, title: rest || null };
  }
  if (NAMED_VOLUME.test(t)) return { volume: t, title: null };
  if (md) return { volume: null, title: t };
  if (TERMINAL.test(t) || words.length > 10 || (BULLET.test(line) && !NUMBERED_HEADING.test(line))) return null;
  // "2.3 Technical Approach" anywhere; "3 Staffing" only after a break ("30 Days after award" wraps).
  if (NUMBERED_HEADING.test(t) && (afterBreak || MULTI_LEVEL.test(t))) return { volume: null, title: t };
  // Unnumbered headings: ALL CAPS or Title Case lines after a paragraph break. Mid-paragraph title-
  // cased lines are usually wrapped text ("... by our Program Manager Jane Smith").
  const letters = t.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 3 && letters === letters.toUpperCase() && words.length <= 8) return { volume: null, title: t };
  if (!afterBreak || words.length > 8) return null;
  const long = words.filter((w) => /^[A-Za-z]/.test(w) && w.length > 3);
  if (long.length && long.filter((w) => /^[A-Z]/.test(w)).length / long.length >= 0.75) return { volume: null, title: t };
  return null;
}

/**
 * A line the PDF's type marks as a heading (larger or bold, standing apart, or a bold run-in title;
 * `PageText.headings` from pdf-lines.ts): a heading whatever its words, "Our approach to staffing"
 * as much as "3.2 STAFFING". Only a line short enough to be a title.
 */
function typographicHeading(line: string): Heading | null {
  const t = line.replace(/\s+/g, ' ').replace(/[:.]$/, '').trim();
  if (!t || t.length > 120 || t.split(' ').length > 14) return null;
  const v = VOLUME.exec(t);
  if (v)
    return {
      volume: `Volume ${v[1].toUpperCase()}`,
      title:
        t
          .slice(v[0].length)
          .replace(/^[\s:–—-]+/, '')
          .trim() || null,
    };
  return { volume: null, title: t };
}

// A caption: "Figure 1.", "Table 2: Staffing by quarter", "Exhibit A-3 — Timeline", its title
// without a full stop. It labels a figure; it answers nothing and is not the draft's prose.
const CAPTION = /^(?:figure|fig\.|table|exhibit|chart|graphic|diagram)\s+[0-9A-Z]{1,3}(?:[.-][0-9]{1,3})?\s?[.:—–-]?(?:\s[^.!?]{1,100})?$/i;
const CAPTION_LABEL = /^(?:figure|fig\.|table|exhibit|chart|graphic|diagram)\s+[0-9A-Z]{1,3}(?:[.-][0-9]{1,3})?[.:]?$/i;

/** Sentences without captions (a bare "Figure 1." takes the unpunctuated title after it along). */
function withoutCaptions(sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const t = sentences[i].trim();
    if (!CAPTION.test(t)) {
      out.push(sentences[i]);
      continue;
    }
    const next = sentences[i + 1]?.trim();
    if (CAPTION_LABEL.test(t) && next && !/[.!?]["”’)]*$/.test(next) && next.split(/\s+/).length <= 12) i += 1;
  }
  return out;
}

function locationOf(volume: string | null, title: string | null, page: number | null, paragraph: number): string {
  const base = [volume, title].filter(Boolean).join(', ') || `Paragraph ${paragraph}`;
  return page === null ? base : `${base} (page ${page})`;
}

function passageOf(
  index: number,
  kind: Passage['kind'],
  parts: Array<{ text: string; deferred: boolean }>,
  page: number | null,
  location: string,
  section: number,
  sentenceCount: number,
  isEcho?: (match: string) => boolean,
): Passage | null {
  const text = parts.map((p) => p.text).join(' ');
  const answering = parts
    .filter((p) => !p.deferred)
    .map((p) => p.text)
    .join(' ');
  const analysed = analyse(answering);
  let deferredTerms: Set<string> | null = null;
  for (const p of parts) {
    if (!p.deferred) continue;
    deferredTerms ??= new Set();
    for (const t of analyse(p.text).tokens) deferredTerms.add(t.term);
  }
  if (!analysed.wordCount && !deferredTerms) return null;
  const evidence = evidenceKinds(answering, isEcho);
  return {
    index,
    kind,
    text,
    answering,
    page,
    location,
    analysed,
    deferredTerms,
    evidence,
    quality: substance(analysed, Math.max(1, sentenceCount), evidence),
    section,
  };
}

/**
 * Cuts a draft (plain text, or pages) into scored passages, sections, sentences and headings.
 * `isEcho` tells evidence that only repeats the solicitation from the draft's own.
 */
export function splitDraft(draft: string | PageText[], isEcho?: (match: string) => boolean): SplitDraft {
  const pages: Array<{ page: number | null; text: string; headings?: PageText['headings'] }> =
    typeof draft === 'string' ? [{ page: null, text: draft }] : draft;
  const passages: Passage[] = [];
  const headings: DraftHeading[] = [];
  const sentences: DraftSentence[] = [];
  const sections: DraftSection[] = [];
  let volume: string | null = null;
  let title: string | null = null;
  let paragraphNo = 0;
  // The open paragraph: chunks are wrapped lines joined; a bullet starts a new chunk so items
  // without a full stop do not run into one sentence.
  let chunks: Array<{ text: string; page: number | null }> = [];
  // Sentences of the open section (since the last heading), for its whole-section candidate.
  let sectionStart = 0;
  // Index of the open section's first window.
  let firstWindow = 0;

  const currentSection = () => sections.length - 1;

  const flush = () => {
    if (!chunks.length) return;
    paragraphNo += 1;
    const list: Array<{ text: string; page: number | null }> = [];
    for (const c of chunks)
      for (const s of withoutCaptions(splitSentences(c.text).map((x) => x.text))) list.push({ text: s, page: c.page });
    chunks = [];
    if (!list.length) return;
    const first = sentences.length;
    for (const s of list) {
      sentences.push({
        text: s.text,
        page: s.page,
        location: locationOf(volume, title, s.page, paragraphNo),
        section: currentSection(),
        paragraph: paragraphNo,
        analysed: analyse(s.text),
        deferred: isDeferral(s.text),
      });
    }
    const windows: Array<[number, number]> = [];
    if (list.length <= WHOLE_PARAGRAPH) windows.push([0, list.length]);
    else {
      for (let i = 0; i < list.length; i += STRIDE) {
        const end = Math.min(list.length, i + WINDOW);
        windows.push([i, end]);
        if (end === list.length) break;
      }
    }
    for (const [from, to] of windows) {
      const parts = sentences.slice(first + from, first + to).map((x) => ({ text: x.text, deferred: x.deferred }));
      const page = list[from].page;
      const p = passageOf(
        passages.length,
        'window',
        parts,
        page,
        locationOf(volume, title, page, paragraphNo),
        currentSection(),
        to - from,
        isEcho,
      );
      if (p) passages.push(p);
    }
  };

  // The whole section as one candidate: its heading and every sentence under it. A section of a
  // single window adds its heading's words to that window's; longer ones answer requirements
  // whose parts are spread over several paragraphs.
  const closeSection = () => {
    flush();
    const s = sections[currentSection()];
    const body = sentences.slice(sectionStart);
    sectionStart = sentences.length;
    const sectionFirstPassage = firstWindow;
    firstWindow = passages.length;
    if (!s || !body.length) return;
    s.lastPage = body.at(-1)!.page ?? s.lastPage;
    const parts = [...(s.title ? [{ text: s.title, deferred: false }] : []), ...body.map((x) => ({ text: x.text, deferred: x.deferred }))];
    const p = passageOf(passages.length, 'section', parts, body[0].page, s.location, currentSection(), body.length, isEcho);
    if (!p) return;
    // A long text repeats its vocabulary, so its substance is read from its windows (weighted by
    // length), not from the whole: a section is as substantive as the paragraphs it is made of.
    let words = 0;
    let sum = 0;
    for (let i = sectionFirstPassage; i < passages.length; i++) {
      const w = passages[i];
      if (w.kind !== 'window') continue;
      words += w.analysed.wordCount;
      sum += w.quality * w.analysed.wordCount;
    }
    if (words) p.quality = sum / words;
    passages.push(p);
  };

  let afterBreak = true;
  for (const { page, text, headings: marked } of pages) {
    // Where the type marks headings (a PDF read by pdf-text.ts, its running headers, footers and
    // page numbers already dropped), those lines are headings too.
    const typeset = new Set((marked ?? []).map((h) => h.start));
    let offset = 0;
    for (const rawLine of text.split('\n')) {
      const start = offset;
      offset += rawLine.length + 1;
      const line = rawLine.trim();
      if (!line) {
        flush();
        afterBreak = true;
        continue;
      }
      if (RUNNING_LINE.test(line)) continue;
      const h = headingOf(line, afterBreak) ?? (typeset.has(start) ? typographicHeading(line) : null);
      if (h) {
        closeSection();
        if (h.volume) {
          volume = h.volume;
          title = h.title;
        } else title = h.title;
        const location = locationOf(volume, title, page, paragraphNo + 1);
        headings.push({ location, analysed: analyse(h.title ?? '') });
        sections.push({ title, volume, location, firstPage: page, lastPage: page });
        afterBreak = true;
        continue;
      }
      const last = chunks.at(-1);
      // A paragraph that runs onto the next page starts a new chunk there when the line before
      // ended a sentence, so the sentences after the break keep the page they are on.
      if (!last || BULLET.test(line) || (last.page !== page && /[.!?]["”’)]*$/.test(last.text))) chunks.push({ text: line, page });
      else last.text += ` ${line}`;
      afterBreak = /[.:!?]["”’)]*$/.test(line);
    }
  }
  closeSection();
  return { passages, headings, sentences, sections };
}
