import { splitSentences } from '../segment';
import type { PageText } from '../types';
import { evidenceKinds, substance, type EvidenceKind } from './quality';
import { analyse, type Analysed } from './text';

/**
 * A draft cut into passages an evaluator would point at: paragraphs, or windows of three sentences
 * over long paragraphs, each with its page and the headings above it, so a match or a suggestion can
 * say "Volume I, 2.3 Technical Approach (page 4)".
 */

export interface Passage {
  index: number;
  text: string;
  page: number | null;
  /** Nearest preceding heading (and volume), e.g. "Volume I, 2.3 Technical Approach (page 4)". */
  location: string;
  analysed: Analysed;
  evidence: EvidenceKind[];
  /** 0.15-1, see `substance`. */
  quality: number;
}

/** A heading of the draft, kept so a missing requirement can be placed under the closest one. */
export interface DraftHeading {
  location: string;
  analysed: Analysed;
}

export interface SplitDraft {
  passages: Passage[];
  headings: DraftHeading[];
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
    const rest = t.slice(v[0].length).replace(/^[\s:–—-]+/, '').trim();
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

function locationOf(volume: string | null, title: string | null, page: number | null, paragraph: number): string {
  const base = [volume, title].filter(Boolean).join(', ') || `Paragraph ${paragraph}`;
  return page === null ? base : `${base} (page ${page})`;
}

/** Cuts a draft (plain text, or pages) into scored passages and headings. */
export function splitDraft(draft: string | PageText[]): SplitDraft {
  const pages: Array<{ page: number | null; text: string }> = typeof draft === 'string' ? [{ page: null, text: draft }] : draft;
  const passages: Passage[] = [];
  const headings: DraftHeading[] = [];
  let volume: string | null = null;
  let title: string | null = null;
  let paragraphNo = 0;
  // The open paragraph: chunks are wrapped lines joined; a bullet starts a new chunk so items
  // without a full stop do not run into one sentence.
  let chunks: Array<{ text: string; page: number | null }> = [];

  const flush = () => {
    if (!chunks.length) return;
    paragraphNo += 1;
    const sentences: Array<{ text: string; page: number | null }> = [];
    for (const c of chunks) for (const s of splitSentences(c.text)) sentences.push({ text: s.text, page: c.page });
    chunks = [];
    if (!sentences.length) return;
    const windows: Array<[number, number]> = [];
    if (sentences.length <= WHOLE_PARAGRAPH) windows.push([0, sentences.length]);
    else {
      for (let i = 0; i < sentences.length; i += STRIDE) {
        const end = Math.min(sentences.length, i + WINDOW);
        windows.push([i, end]);
        if (end === sentences.length) break;
      }
    }
    for (const [from, to] of windows) {
      const text = sentences.slice(from, to).map((s) => s.text).join(' ');
      const analysed = analyse(text);
      if (!analysed.wordCount) continue;
      const evidence = evidenceKinds(text);
      const page = sentences[from].page;
      passages.push({
        index: passages.length,
        text,
        page,
        location: locationOf(volume, title, page, paragraphNo),
        analysed,
        evidence,
        quality: substance(analysed, to - from, evidence),
      });
    }
  };

  let afterBreak = true;
  for (const { page, text } of pages) {
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) {
        flush();
        afterBreak = true;
        continue;
      }
      if (RUNNING_LINE.test(line)) continue;
      const h = headingOf(line, afterBreak);
      if (h) {
        flush();
        if (h.volume) {
          volume = h.volume;
          title = h.title;
        } else title = h.title;
        headings.push({ location: locationOf(volume, title, page, paragraphNo + 1), analysed: analyse(h.title ?? '') });
        afterBreak = true;
        continue;
      }
      const last = chunks.at(-1);
      if (!last || BULLET.test(line)) chunks.push({ text: line, page });
      else last.text += ` ${line}`;
      afterBreak = /[.:!?]["”’)]*$/.test(line);
    }
  }
  flush();
  return { passages, headings };
}
