import { parseHeading, sectionFromTitle, type HeadingMatch } from './sections';
import { BULLET, PAGE_PREFIX, PAREN_MARKER, REFERENCE_END, bulletMarker, splitInlineBullets } from './line-markers';
import { continuesRow, joinRowLines, rowSentences } from './table-rows';

/** One candidate requirement: a sentence, a list item or a table row. */
export interface Unit {
  kind: 'sentence' | 'item' | 'row';
  /** Text with whitespace collapsed (line wraps become single spaces). */
  text: string;
  /** Offset of the unit's first character in the page text. */
  start: number;
  /** The unit ends with ":" or announces "the following": what comes next are its items. */
  leadIn: boolean;
  /** Index (in the returned array) of the lead-in an item belongs to, or -1. */
  parent: number;
  /** The sentence sits directly after a bullet marker or is the first of a list item. */
  bulleted: boolean;
  /** Index of the paragraph, list item or row the unit belongs to (sentences of one paragraph share it). */
  block: number;
  /** The list marker the unit's paragraph starts with, lower case without punctuation ("a", "2", "iv"). */
  marker?: string;
  /** Table rows: the table's first row (usually the header), and whether this row is it. */
  tableHeader?: string;
  isTableHeader?: boolean;
}

/** A heading found while segmenting, with its offset, for section tracking. */
export interface HeadingAt {
  kind: 'heading';
  heading: HeadingMatch;
  start: number;
}

export type Segment = Unit | HeadingAt;

const ABBREVIATIONS = new Set(
  [
    'e.g',
    'i.e',
    'etc',
    'u.s',
    'u.s.c',
    'no',
    'nos',
    'vs',
    'inc',
    'ltd',
    'co',
    'corp',
    'mr',
    'mrs',
    'ms',
    'dr',
    'st',
    'jr',
    'sr',
    'approx',
    'fig',
    'figs',
    'sec',
    'secs',
    'para',
    'paras',
    'vol',
    'vols',
    'pp',
    'p',
    'ch',
    'art',
    'al',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'est',
    'min',
    'max',
    'ref',
    'attn',
    'dept',
    'govt',
    'gov',
    'atch',
    'att',
    'encl',
    'ea',
    'hr',
    'hrs',
    'ft',
    'sq',
    'cf',
    'viz',
    'op',
    'cit',
    'a.m',
    'p.m',
    'n/a',
    'u.s.a',
    'd.c',
  ].map((a) => a.toLowerCase()),
);

const TERMINAL = /[.?!;:]["”’)\]]*$/;

/** Split running text into sentences without breaking after abbreviations, initials or decimals. */
export function splitSentences(text: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  const boundary = /[.?!]["”’)\]]*(\s+)/g;
  let from = 0;
  let m: RegExpExecArray | null;
  while ((m = boundary.exec(text)) !== null) {
    const end = m.index + m[0].length - m[1].length;
    const next = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (!/^[A-Z0-9“"‘'([]/.test(next)) continue;
    if (text[m.index] === '.') {
      const word = /(?<![A-Za-z./])([A-Za-z./]+)$/.exec(text.slice(Math.max(from, m.index - 12), m.index))?.[1] ?? '';
      const lower = word.toLowerCase().replace(/^\.+/, '');
      // "CO." or "RFQ." is an acronym ending a sentence; "Co." or "No." is an abbreviation.
      const acronym = /^[A-Z]{2,}$/.test(word);
      // "Open Ratings, Inc. Orders should ...": a company suffix ends the sentence when a clause follows.
      const companyEnd =
        /^(inc|ltd|corp|llc)$/.test(lower) && /^[A-Z][a-z]+ [a-z]/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 30));
      if (ABBREVIATIONS.has(lower) && !acronym && !companyEnd) continue;
      // Single initials ("J. Smith", "U. S.") do not end sentences, but "Section B." does.
      if (
        /^[A-Z]$/.test(word) &&
        !/\b(section|attachment|exhibit|appendix|part|volume|item|annex|schedule|block|lot)\s+[A-Z]$/i.test(
          text.slice(Math.max(from, m.index - 14), m.index),
        )
      )
        continue;
      // "... relevant to this SOW. b. Depth of experience.": a list letter right after a sentence's
      // end, or the letter after the one this piece opens with ("e. Develop prototype f. Identify
      // ..."), opens the next item, so the break goes before it, not after it (a PDF or a run-on
      // paragraph prints inline items on one line).
      const markerAt = m.index - 1;
      if (/^[a-z]$/.test(word) && markerAt > from) {
        let pieceStart = from;
        while (pieceStart < markerAt && /\s/.test(text[pieceStart]!)) pieceStart += 1;
        const afterEnd = /[.?!)]["”’]?\s+$/.test(text.slice(Math.max(from, markerAt - 4), markerAt));
        const nextInSequence = word !== 'a' && text.startsWith(`${String.fromCharCode(word.charCodeAt(0) - 1)}. `, pieceStart);
        if (afterEnd || nextInSequence) {
          push(out, text, from, markerAt);
          from = markerAt;
          continue;
        }
      }
      // "... as follows, a. The plan, b. The schedule": a list letter or number after a comma,
      // colon or "and" is an inline enumerator, not a sentence end.
      const enumerator = /([a-z]|[ivx]{1,4}|\d{1,2})$/.exec(text.slice(Math.max(from, m.index - 4), m.index))?.[1];
      if (
        enumerator &&
        /(?:[,;:]|\b(?:and|or))\s+\(?$/.test(text.slice(Math.max(from, m.index - enumerator.length - 8), m.index - enumerator.length))
      )
        continue;
      // "No. 5" / "Sec. 3" style references were caught above; "2.2." stays a sentence end.
    }
    push(out, text, from, end);
    from = m.index + m[0].length;
  }
  push(out, text, from, text.length);
  return joinFollowUpQuestions(out, text);
}

// "To what extent?", "If so, how?", "Why not?": a question of a few words asks more of the sentence
// before it and is no sentence alone (DUPLICATES: fragments join their sentence).
const FOLLOW_UP_QUESTION =
  /^(?:if (?:so|not),?\s+)?(?:to what extent|how|why(?: not)?|when|where|which|what|how (?:often|many|much|so))\?["”’)\]]*$/i;

function joinFollowUpQuestions(parts: Array<{ text: string; offset: number }>, text: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev && FOLLOW_UP_QUESTION.test(p.text)) prev.text = text.slice(prev.offset, p.offset + p.text.length).trim();
    else out.push(p);
  }
  return out;
}

function push(out: Array<{ text: string; offset: number }>, text: string, from: number, to: number): void {
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const t = raw.trim();
  if (t) out.push({ text: t, offset: from + lead });
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

interface Line {
  text: string;
  start: number;
  kind: 'blank' | 'heading' | 'row' | 'bullet' | 'text';
  heading?: HeadingMatch;
}

// Real table rows are short; a whole page run together on one line (some PDF producers emit no
// line breaks) may contain pipes but is not a row.
const MAX_ROW_CHARS = 800;

function isTableLine(t: string): boolean {
  return t.length <= MAX_ROW_CHARS && (t.match(/\|/g) ?? []).length >= 2;
}

// Multi-space columns only count when a neighbouring line has them too (a stray double space
// inside a sentence is common in extracted PDF text).
function spacedColumns(t: string): boolean {
  return /\S {3,}\S/.test(t.trim());
}

function tableCells(t: string): string[] {
  const cells = t.includes('|') ? t.split('|') : t.trim().split(/ {3,}/);
  return cells.map((c) => collapse(c)).filter((c) => c.length > 0);
}

export interface SegmentOptions {
  /** Lines to drop entirely (running headers, footers, page numbers) so lists and sentences
   * continue across them. */
  skipLine?: (line: string, start: number) => boolean;
  /** The typographic heading level of the line starting at this offset, if its type marks one. */
  headingLevel?: (start: number) => number | undefined;
  /** The text comes with its type (a PDF): a line its type does not mark is no Title Case heading. */
  typeKnown?: boolean;
}

function classifyLines(text: string, options: SegmentOptions): Line[] {
  const lines: Line[] = [];
  let offset = 0;
  for (const raw of text.split('\n')) {
    const full = raw.replace(/\r$/, '');
    const lineStart = offset;
    offset += raw.length + 1;
    if (options.skipLine && full.trim() && options.skipLine(full, lineStart)) continue;
    const prefix = PAGE_PREFIX.exec(full)?.[0].length ?? 0;
    for (const piece of splitInlineBullets(full.slice(prefix))) classifyLine(piece.text, lineStart + prefix + piece.at, lines, options);
  }
  // An attachment heading stands alone (inside a run of lines it is an entry of a list of
  // attachments); a Title Case heading follows a blank line (otherwise it is a list item).
  lines.forEach((l, i) => {
    if (!l.heading || l.heading.level !== undefined || !(l.heading.kind === 'attachment' || l.heading.standAlone)) return;
    const alone = (n: Line | undefined) => n === undefined || n.kind === 'blank';
    if (alone(lines[i - 1]) && (l.heading.standAlone ? !options.typeKnown : alone(lines[i + 1]))) return;
    l.kind = bulletMarker(l.text) ? 'bullet' : 'text';
    l.heading = undefined;
  });
  promoteTableLines(lines);
  return lines;
}

function classifyLine(t: string, start: number, lines: Line[], options: SegmentOptions): void {
  const line: Line = { text: t, start, kind: 'text' };
  const trimmed = t.trim();
  const level = options.headingLevel?.(line.start);
  if (!trimmed) line.kind = 'blank';
  else if (level !== undefined) {
    // The page's type marks this line as a heading: its number (if any) still places it.
    const parsed = parseHeading(trimmed);
    const title = trimmed.replace(/[.:]$/, '');
    line.kind = 'heading';
    line.heading =
      parsed && parsed.body === undefined
        ? { ...parsed, level }
        : { number: null, title, named: sectionFromTitle(title), kind: 'unnumbered', level, typographic: true };
  } else if (isTableLine(trimmed)) line.kind = 'row';
  else {
    const h = parseHeading(trimmed);
    if (h?.body !== undefined && h.bodyOffset !== undefined) {
      // A numbered paragraph with its text on the same line: a heading, then body text.
      lines.push({ text: '', start: line.start, kind: 'heading', heading: h });
      const lead = t.length - t.trimStart().length + h.bodyOffset;
      line.text = t.slice(lead);
      line.start += lead;
      line.kind = bulletMarker(line.text) ? 'bullet' : 'text';
    } else if (h) {
      line.kind = 'heading';
      line.heading = h;
    } else if (bulletMarker(t)) line.kind = 'bullet';
  }
  lines.push(line);
}

function promoteTableLines(lines: Line[]): void {
  // Promote runs of multi-space column lines, and of two-column "label | value" lines, to table rows.
  const onePipe = (l: Line | undefined) =>
    l !== undefined && l.kind !== 'blank' && / \| |\S \|$/.test(l.text) && l.text.trim().length <= MAX_ROW_CHARS;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.kind !== 'text' && l.kind !== 'bullet') continue;
    const prev = lines[i - 1];
    const next = lines[i + 1];
    if (
      l.kind === 'text' &&
      spacedColumns(l.text) &&
      ((prev && (prev.kind === 'row' || spacedColumns(prev.text))) || (next && spacedColumns(next.text)))
    )
      l.kind = 'row';
    else if (onePipe(l) && ((prev && (prev.kind === 'row' || onePipe(prev))) || onePipe(next))) l.kind = 'row';
  }
  // Lines right under a table with no separators of their own (a checklist's items, a note under a
  // schedule) are its one-cell rows until a blank line; a full sentence paragraph ends the table.
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i];
    if ((l.kind !== 'text' && !(l.kind === 'bullet' && /^\s*[*•▪]/.test(l.text))) || lines[i - 1].kind !== 'row') continue;
    const t = l.text.trim();
    if (t.length <= 200 && (!/[.]["”’)\]]*$/.test(t) || t.length <= 100)) l.kind = 'row';
  }
}

// The width a wrapped paragraph's lines reach: lines this long that do not end a sentence
// continue on the next line. Short lines without punctuation are list items or titles.
function wrapWidth(lines: Line[]): number {
  const lens = lines.filter((l) => l.kind === 'text' || l.kind === 'bullet').map((l) => l.text.trimEnd().length);
  if (lens.length === 0) return Infinity;
  lens.sort((a, b) => a - b);
  return lens[Math.floor(lens.length * 0.9)] * 0.75;
}

interface Block {
  kind: 'para' | 'bullet' | 'row' | 'heading';
  text: string;
  start: number;
  heading?: HeadingMatch;
  lines: number;
  /** A blank line came before this block. */
  afterBlank: boolean;
  /** Columns of white space before the block's first line (plain text; a PDF's lines come without). */
  indent: number;
}

// A tab counts as four columns, as a plain-text editor shows it.
function indentOf(text: string): number {
  const lead = /^[ \t]*/.exec(text)![0];
  return lead.length + 3 * (lead.match(/\t/g)?.length ?? 0);
}

function toBlocks(lines: Line[]): Block[] {
  const width = wrapWidth(lines);
  const blocks: Block[] = [];
  let open: Block | null = null;
  let prevLine: Line | null = null;
  let blank = true;
  for (const l of lines) {
    if (l.kind === 'blank') {
      open = null;
      blank = true;
      prevLine = l;
      continue;
    }
    const last = blocks.at(-1);
    if (l.kind === 'row' && last?.kind === 'row' && !blank && continuesRow(l.text, last.text)) {
      // A wrapped cell: the row above goes on in this line's non-empty cells.
      last.text = joinRowLines(last.text, l.text);
      last.lines += 1;
      prevLine = l;
      continue;
    }
    if (l.kind === 'heading' || l.kind === 'row') {
      blocks.push({
        kind: l.kind,
        text: l.text.trim(),
        start: l.start,
        heading: l.heading,
        lines: 1,
        afterBlank: blank,
        indent: indentOf(l.text),
      });
      open = null;
    } else {
      const trimmed = l.text.trim();
      const prevText = prevLine?.text.trimEnd() ?? '';
      const continues =
        open !== null &&
        l.kind === 'text' &&
        !TERMINAL.test(prevText) &&
        ((/^[a-z(]/.test(trimmed) && prevText.length >= width * 0.5) || prevText.length >= width);
      const continuesAfterStop = open !== null && l.kind === 'text' && /[,]$/.test(prevText) && /^[a-z]/.test(trimmed);
      // "... in accordance with paragraph" / "(c)(1) of this clause": a reference wrapped to the line start.
      const wrappedReference =
        open !== null && l.kind === 'bullet' && !TERMINAL.test(prevText) && REFERENCE_END.test(prevText) && PAREN_MARKER.test(trimmed);
      if (open && (continues || continuesAfterStop || wrappedReference)) {
        open.text += `\n${l.text}`;
        open.lines += 1;
      } else {
        const lead = l.text.length - l.text.trimStart().length;
        open = {
          kind: l.kind === 'bullet' ? 'bullet' : 'para',
          text: trimmed,
          start: l.start + lead,
          lines: 1,
          afterBlank: blank,
          indent: indentOf(l.text),
        };
        blocks.push(open);
      }
    }
    blank = false;
    prevLine = l;
  }
  return blocks;
}

const LEAD_IN_FOLLOWING = /\bthe following\b/i;

function isLeadIn(sentence: string, lastInBlock: boolean): boolean {
  const t = sentence.trimEnd();
  if (t.endsWith(':')) return true;
  // "Did the team have experience in at least ten of the following areas?" announces items too (LIST-CHOICE).
  if (t.endsWith('?') && /\bof the following\b/i.test(t)) return true;
  // "the following Key Personnel are necessary (...)" with no closing punctuation announces a list.
  return lastInBlock && LEAD_IN_FOLLOWING.test(t) && !/[.?!]["”’)\]]*$/.test(t);
}

// A block reads as one list entry: a bullet, a line without closing punctuation, or a short line
// holding a single sentence. Anything longer ends the list it follows.
function itemLike(b: Block, sentences: number): boolean {
  if (b.kind === 'bullet') return true;
  if (b.kind !== 'para') return false;
  const t = b.text.trim();
  if (!/[.?!]["”’)\]]*$/.test(t)) return sentences <= 1 || t.endsWith(':');
  return sentences === 1 && t.length <= 160;
}

/** How the items of one open list are laid out so far: what tells its end from its next item. */
interface ListShape {
  /** Indent of the lead-in's block. */
  leadIndent: number;
  /** Items read so far. */
  items: number;
  /** Indent of the first item. */
  itemIndent: number;
  /** Every item so far had a marker (bullet, "a.", "(1)"). */
  marked: boolean;
  /** No item after the first came after a blank line. */
  tight: boolean;
}

// A block that reads as a sentence of its own: it closes with a full stop or a question mark. A
// one-sentence paragraph ending in a colon after a list ("Explanation of the above:") opens a list
// nested in it, as before (its items may explain the items above); a longer one is a paragraph.
const SENTENCE_CLOSE = /[.?!]["”’)\]]*$/;

/**
 * Whether a paragraph with no marker that could be the next item ends the list instead. Layout
 * decides, as a reader's eye does: a sentence back at the lead-in's indent under indented items;
 * a sentence with no marker after items that all had one; a sentence after a blank line under
 * items printed without blank lines between them. Indented deeper than the items, it carries on
 * the last item. A line with no closing punctuation ("Monthly report") stays an item.
 */
function endsList(b: Block, sentences: number, shape: ListShape | undefined): boolean {
  const t = b.text.trim();
  if (!shape || shape.items === 0 || b.kind !== 'para' || !(SENTENCE_CLOSE.test(t) || (sentences > 1 && t.endsWith(':')))) return false;
  if (shape.itemIndent > shape.leadIndent && b.indent <= shape.leadIndent) return true;
  if (b.indent > shape.itemIndent) return false;
  if (shape.marked) return true;
  return shape.tight && shape.items >= 2 && b.afterBlank;
}

// Under four words starting in lower case: the rest of something cut, not a sentence of its own.
function isFragment(text: string): boolean {
  const t = text.trim();
  return /^[a-z]/.test(t) && !/^[a-z]+:\/\//.test(t) && t.split(/\s+/).length < 4;
}

/**
 * Cut one page of text into headings, sentences, list items and table rows.
 * Items keep a link to the lead-in sentence they hang from so they can inherit its obligation.
 */
export function segmentPage(text: string, options: SegmentOptions = {}): Segment[] {
  const out: Segment[] = [];
  const blocks = toBlocks(classifyLines(text, options));
  // Lead-ins in force: the innermost list is last.
  let leadStack: number[] = [];
  // The layout of each open list's items, by its lead-in's index.
  const shapes = new Map<number, ListShape>();
  let tableHeader: string | null = null;

  for (const [blockIndex, b] of blocks.entries()) {
    if (b.kind === 'heading' && b.heading) {
      out.push({ kind: 'heading', heading: b.heading, start: b.start });
      leadStack = [];
      tableHeader = null;
      continue;
    }
    if (b.kind === 'row') {
      const cells = tableCells(b.text);
      if (cells.length === 0 || cells.every((c) => /^:?-{2,}:?$/.test(c))) continue;
      const rowText = cells.join(' | ');
      const isHeader = tableHeader === null;
      if (isHeader) tableHeader = rowText;
      const header = tableHeader ?? rowText;
      const last = out.at(-1);
      // A one-cell row that is the lower-case rest of the row above (a wrapped cell with no column
      // separators of its own) joins it.
      if (!isHeader && cells.length === 1 && last?.kind === 'row' && isFragment(rowText) && !TERMINAL.test(last.text)) {
        last.text = `${last.text} ${rowText}`;
        continue;
      }
      for (const piece of isHeader ? [{ text: rowText, offset: 0 }] : rowSentences(rowText)) {
        out.push({
          kind: 'row',
          text: piece.text,
          start: b.start,
          leadIn: false,
          parent: leadStack.at(-1) ?? -1,
          bulleted: false,
          block: blockIndex,
          tableHeader: header,
          isTableHeader: isHeader,
        });
      }
      continue;
    }
    tableHeader = null;

    let body = b.text;
    let bodyStart = b.start;
    let marker: string | undefined;
    if (b.kind === 'bullet') {
      const m = bulletMarker(body);
      if (m) {
        // A hollow "o" bullet is a symbol, not the letter o of a lettered list.
        marker = BULLET.test(body) ? /[a-z0-9]+/i.exec(m[0])?.[0].toLowerCase() : undefined;
        body = body.slice(m[0].length);
        bodyStart += m[0].length;
      }
    }
    const sentences = splitSentences(body);
    const inList = leadStack.length > 0 && itemLike(b, sentences.length) && !endsList(b, sentences.length, shapes.get(leadStack.at(-1)!));
    if (!inList) leadStack = [];
    const parent = leadStack.at(-1) ?? -1;
    const shape = inList ? shapes.get(parent) : undefined;
    if (shape) {
      if (shape.items === 0) shape.itemIndent = b.indent;
      else if (b.afterBlank) shape.tight = false;
      shape.items += 1;
      shape.marked &&= b.kind === 'bullet';
    }

    sentences.forEach((s, i) => {
      const last = out.at(-1);
      // A few lower-case words left over from a line or cell cut in two ("adds, changes.") join
      // the unfinished sentence they end.
      if (
        b.kind === 'para' &&
        isFragment(s.text) &&
        last !== undefined &&
        last.kind !== 'heading' &&
        !last.leadIn &&
        !TERMINAL.test(last.text)
      ) {
        last.text = `${last.text} ${collapse(s.text)}`;
        return;
      }
      const lead = isLeadIn(s.text, i === sentences.length - 1);
      const unit: Unit = {
        kind: inList && i === 0 ? 'item' : 'sentence',
        text: collapse(s.text),
        start: bodyStart + s.offset,
        leadIn: lead,
        parent: inList ? parent : -1,
        bulleted: b.kind === 'bullet' && i === 0,
        block: blockIndex,
        ...(marker ? { marker } : {}),
      };
      out.push(unit);
      // A nested lead-in opens an inner list; a lead-in outside a list starts a new one.
      if (lead && i === sentences.length - 1) {
        leadStack = [...leadStack.slice(0, 3), out.length - 1];
        shapes.set(out.length - 1, { leadIndent: b.indent, items: 0, itemIndent: 0, marked: true, tight: true });
      }
    });
  }
  return out;
}
