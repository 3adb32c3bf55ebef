import type { PdfLayout } from '../pdf-layout';
import type { Requirement } from '../types';
import { plural } from '../generators/format';
import type { SplitDraft } from './passages';

/**
 * Section L format rules checked on the draft itself: page limits per volume (or for the whole
 * proposal), minimum font size and allowed font families (from the PDF's text runs), and the
 * volumes the instructions require. Each rule found in the solicitation gives one check per
 * draft volume it applies to; a check the draft's form cannot answer (no pages or fonts in a
 * Word text) is `not_checked`, never passed.
 */

export type FormatCheckKind = 'page_limit' | 'font_size' | 'font_family' | 'volume';

export interface FormatCheck {
  requirement_id: string;
  check: FormatCheckKind;
  status: 'passed' | 'failed' | 'not_checked';
  /** What the solicitation asks, e.g. "at most 25 pages (Technical Volume)". */
  expected: string;
  /** What the draft has, e.g. "32 pages (pages 1-32)". */
  found: string;
  location_hint: string;
}

// ---------------------------------------------------------------------------------------------
// Volumes: "Volume II", "Part I", "Technical Volume", "Technical Proposal"

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };
const numberOf = (s: string) => ROMAN[s.toLowerCase()] ?? Number(s);
const ROMAN_OF = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

const NUMBERED_VOLUME =
  /\b(volume|vol\.|part|tab|section)\s+([ivx]{1,4}|\d{1,2})\b(?:\s*[-–—:]\s*|\s+\(|\s+)?([A-Z][A-Za-z/&,' -]{2,60})?/i;
// Title words that name a volume's subject.
const VOLUME_SUBJECTS = [
  'technical',
  'management',
  'past performance',
  'price',
  'cost',
  'pricing',
  'business',
  'staffing',
  'experience',
  'oral',
  'small business',
  'contract documents',
  'administrative',
];
const NAMED_VOLUME = new RegExp(
  `\\b(${VOLUME_SUBJECTS.join('|')})(?:\\s*(?:/|and)\\s*\\w+)?\\s+(?:volume|proposal|quote|quotation|section|part|approach|factor)\\b`,
  'i',
);

interface VolumeRef {
  /** "volume" | "part" | "tab" | "section", with its number, or null when named only. */
  label: string | null;
  number: number | null;
  subjects: string[];
  name: string;
}

function subjectsOf(text: string): string[] {
  const lower = text.toLowerCase();
  return VOLUME_SUBJECTS.filter((s) => new RegExp(`\\b${s}\\b`).test(lower)).map((s) => (s === 'pricing' || s === 'cost' ? 'price' : s));
}

function volumeRef(text: string): VolumeRef | null {
  const n = NUMBERED_VOLUME.exec(text);
  // "Section 2.2" or "section L" are references, not volumes.
  if (n && !(n[1].toLowerCase() === 'section' && !/^\d{1,2}$/.test(n[2]))) {
    const label = n[1].toLowerCase().replace('vol.', 'volume');
    if (label !== 'section') {
      // A title starts with a capital ("Volume II – Price"); "Volume I shall not exceed …" has none.
      const title = /^[A-Z]/.test(n[3] ?? '') ? n[3].replace(/\s*\(.*$/, '').trim() : '';
      return {
        label,
        number: numberOf(n[2]),
        subjects: subjectsOf(title || text),
        name: `${label[0].toUpperCase()}${label.slice(1)} ${ROMAN_OF[numberOf(n[2])] ?? n[2]}${title ? ` – ${title}` : ''}`,
      };
    }
  }
  const m = NAMED_VOLUME.exec(text);
  if (m) return { label: null, number: null, subjects: subjectsOf(m[0]), name: m[0].replace(/^\w/, (c) => c.toUpperCase()) };
  return null;
}

function sameVolume(a: VolumeRef, b: VolumeRef): boolean {
  if (a.number !== null && b.number !== null && a.label === b.label) return a.number === b.number;
  return a.subjects.some((s) => b.subjects.includes(s));
}

interface DraftVolume {
  ref: VolumeRef | null;
  location: string;
  firstPage: number | null;
  lastPage: number | null;
}

/** The draft's volumes with their page ranges; the whole draft as one when it names none. */
function draftVolumes(split: SplitDraft, pageCount: number | null): { volumes: DraftVolume[]; named: boolean } {
  const volumes: DraftVolume[] = [];
  for (const s of split.sections) {
    const ref =
      volumeRef(s.volume ?? '') ?? (s.volume ? { label: null, number: null, subjects: subjectsOf(s.volume), name: s.volume } : null);
    const last = volumes.at(-1);
    if (ref && s.volume && (!last || last.ref?.name !== ref.name)) {
      if (last && last.lastPage === null) last.lastPage = s.firstPage;
      volumes.push({ ref, location: s.volume, firstPage: s.firstPage, lastPage: s.lastPage });
    } else if (last) last.lastPage = s.lastPage ?? last.lastPage;
  }
  // A volume runs to the page before the next one starts (or the same page when they share it).
  for (let i = 0; i < volumes.length - 1; i++) {
    const next = volumes[i + 1].firstPage;
    if (next !== null) volumes[i].lastPage = Math.max(volumes[i].firstPage ?? next, next - (next > (volumes[i].firstPage ?? 0) ? 1 : 0));
  }
  if (volumes.length && pageCount !== null) volumes.at(-1)!.lastPage = pageCount;
  if (volumes.length) return { volumes, named: true };
  return { volumes: [{ ref: null, location: 'Whole draft', firstPage: pageCount ? 1 : null, lastPage: pageCount }], named: false };
}

// ---------------------------------------------------------------------------------------------
// What a page limit governs: the whole proposal, a volume, one part of it (a section or an
// attachment, found by its heading), or each of a kind of item ("each resume", "letters of
// commitment … one page each"), found by the headings that name it.

type LimitScope =
  | { kind: 'whole' }
  | { kind: 'volume'; ref: VolumeRef }
  | { kind: 'part'; name: string; terms: string[] }
  | { kind: 'each'; name: string; terms: string[] };

// Items a proposal carries several of, each under its own heading.
const ITEMS =
  /\b(r[eé]sum[eé]s?|cvs?|curricul(?:um|a) vitae|biograph(?:y|ies)|bios?|letters? of (?:intent|commitment|support|reference|recommendation)|letters?|commitment letters?|references?|past performance (?:references?|citations?|narratives?|write-?ups?)|project (?:descriptions?|summaries|summary|narratives?)|case stud(?:y|ies)|key personnel (?:r[eé]sum[eé]s?|bios?))\b/i;
const EACH = /\b(?:each|every|per|individual)\b/i;
// "… one page each", "… 2 pages per resume" right after the limit.
const EACH_AFTER = /^\s*(?:each|apiece|per\s+\w+)\b/i;
// What the proposal as a whole is called: a limit on it applies to the whole draft.
const WHOLE =
  /^(?:(?:the|your|all|an?|entire|total|complete|written|technical)\s+)*(?:proposals?|quotes?|quotations?|responses?|offers?|submissions?|narratives?|documents?|package|capability statements?|white papers?)$/i;
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'and',
  'or',
  'your',
  'its',
  'their',
  'our',
  'all',
  'any',
  'to',
  'in',
  'on',
  'with',
  'each',
  'every',
  'per',
]);

const termsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9é ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map((w) =>
      w
        .replace(/é/g, 'e')
        .replace(/(?:ies)$/, 'y')
        .replace(/(?<!s)s$/, ''),
    );

/** What the words before the limit ("The staffing section shall not exceed …") name, if anything. */
function subjectOf(text: string, limitAt: number): string {
  const before = text.slice(0, limitAt);
  // The last clause before the limit, up to its verb: "Resumes for key personnel shall" → "Resumes for key personnel".
  const clause = before.split(/[.;:]\s+|\(\s*/).at(-1) ?? before;
  const m = /^(.*?)\s+(?:shall|must|will|should|may|is|are|cannot|can)\b/i.exec(clause.trim());
  return (m ? m[1] : clause)
    .replace(/^(?:[-•*]|\(?[a-z0-9]{1,3}[.)])\s+/i, '')
    .replace(/^(?:the|a|an)\s+/i, '')
    .trim();
}

function limitScope(text: string, limitAt: number, limitEnd: number): LimitScope {
  const volume = volumeRef(text);
  const subject = subjectOf(text, limitAt);
  const item = ITEMS.exec(subject);
  // "Resumes shall not exceed 1 page each", "Each letter of intent is limited to one page".
  if (item && (EACH.test(subject) || EACH_AFTER.test(text.slice(limitEnd))))
    return { kind: 'each', name: item[1].toLowerCase(), terms: termsOf(item[1]).slice(0, 1) };
  if (volume && (volume.label !== null || /\b(?:volume|proposal|quote|quotation)\b/i.test(volume.name)))
    return { kind: 'volume', ref: volume };
  if (!subject || WHOLE.test(subject) || subject.split(/\s+/).length > 8)
    return volume ? { kind: 'volume', ref: volume } : { kind: 'whole' };
  const terms = termsOf(subject).filter(
    (t) => !/^(?:section|part|portion|narrative|page|limit|response|proposal|quote|quotation|volume|text)$/.test(t),
  );
  if (!terms.length) return volume ? { kind: 'volume', ref: volume } : { kind: 'whole' };
  return { kind: 'part', name: subject, terms };
}

/** A heading's style, so a part runs until the next heading of its own rank. */
function headingStyle(title: string | null): string {
  if (!title) return 'none';
  const n = /^(\d+(?:\.\d+)*)\.?\s/.exec(title);
  if (n) return `num${n[1].split('.').length}`;
  const letters = title.replace(/[^A-Za-z]/g, '');
  return letters && letters === letters.toUpperCase() ? 'caps' : 'title';
}

interface DraftPart {
  title: string;
  firstPage: number | null;
  lastPage: number | null;
}

/**
 * The draft parts whose heading names all of `terms`: each from its heading up to the next heading
 * of the same rank (or the next volume, or the next heading that names the same thing again).
 */
function findParts(split: SplitDraft, terms: string[]): DraftPart[] {
  const sections = split.sections;
  const names = (i: number) => {
    const own = new Set(termsOf(`${sections[i].title ?? ''}`));
    return terms.every((t) => own.has(t));
  };
  const out: DraftPart[] = [];
  for (let i = 0; i < sections.length; i++) {
    if (!sections[i].title || !names(i)) continue;
    const style = headingStyle(sections[i].title);
    let last = sections[i].lastPage;
    let j = i + 1;
    for (; j < sections.length; j++) {
      const next = sections[j];
      if (names(j) || next.volume !== sections[i].volume || headingStyle(next.title) === style) break;
      // Numbered headings: a deeper number is inside, a shallower or equal one is not.
      if (style.startsWith('num') && headingStyle(next.title).startsWith('num') && headingStyle(next.title) <= style) break;
      last = next.lastPage ?? last;
    }
    out.push({ title: sections[i].title!, firstPage: sections[i].firstPage, lastPage: last });
    i = j - 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rules in the solicitation

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
};
const N = '(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|twenty-five|thirty|forty|fifty)';
const PAGE_LIMIT = new RegExp(
  `(?:not (?:to )?exceed|no (?:more|longer) than|not (?:be )?(?:more|longer) than|a maximum of|maximum of|limited to|up to|at most)\\s+${N}\\s*(?:\\(\\d+\\)\\s*)?(?:single[- ]sided\\s+|double[- ]sided\\s+|numbered\\s+)?pages?|${N}[- ]page (?:limit|maximum)|page limit (?:is|of)\\s+${N}`,
  'i',
);
const toNum = (s: string) => WORD_NUMBERS[s.toLowerCase()] ?? Number(s);
// Characters in one line of text: less than that in a size on a page is not body text.
const BODY_LINE = 90;

const MIN_FONT =
  /(?:no smaller than|not smaller than|not less than|no less than|at least|minimum(?: of)?|min\.?)\s+(\d{1,2}(?:\.\d)?)\s*[- ]?(?:point|pt\b|pts\b)|(\d{1,2}(?:\.\d)?)\s*[- ]?(?:point|pt\b)\.?\s*(?:font|type|typeface|size|text|or larger|minimum)|font size (?:of |shall be |must be |is )?(\d{1,2}(?:\.\d)?)/i;
// A smaller size allowed for tables, figures, footnotes or captions.
const EXCEPTION =
  /\b(?:tables?|charts?|graphics?|figures?|footnotes?|captions?|exhibits?|diagrams?)\b[^.]{0,60}?(\d{1,2}(?:\.\d)?)\s*[- ]?(?:point|pt\b)|(\d{1,2}(?:\.\d)?)\s*[- ]?(?:point|pt\b)[^.]{0,60}?\b(?:tables?|charts?|graphics?|figures?|footnotes?|captions?)\b/i;

// Longer names first, so "Arial Narrow" is not also read as "Arial".
const FONT_FAMILIES = [
  'Times New Roman',
  'Arial Narrow',
  'Arial',
  'Calibri',
  'Helvetica',
  'Courier New',
  'Courier',
  'Garamond',
  'Cambria',
  'Verdana',
  'Tahoma',
  'Georgia',
  'Century Schoolbook',
  'Book Antiqua',
  'Palatino',
];
const FONT_NAME = new RegExp(`\\b(?:${FONT_FAMILIES.map((f) => f.replace(/ /g, '\\s+')).join('|')})\\b`, 'gi');
// Metric-compatible stand-ins a reader cannot tell apart on the page.
const ALIASES: Record<string, string[]> = {
  timesnewroman: ['times', 'tinos', 'liberationserif', 'nimbusroman', 'timesroman'],
  arial: ['helvetica', 'arimo', 'liberationsans', 'nimbussans', 'arialmt'],
  helvetica: ['arial', 'arimo', 'liberationsans', 'nimbussans'],
  couriernew: ['courier', 'cousine', 'liberationmono', 'nimbusmono'],
  courier: ['couriernew', 'cousine', 'liberationmono', 'nimbusmono'],
};
const key = (family: string) => family.toLowerCase().replace(/[^a-z]/g, '');

function familyAllowed(family: string, allowed: string[]): boolean {
  const k = key(family);
  return allowed.some((a) => {
    const ak = key(a);
    return k === ak || k.startsWith(ak) || (ALIASES[ak] ?? []).some((x) => k === x || k.startsWith(x));
  });
}

const pagesText = (pages: number[]) => {
  if (!pages.length) return '';
  const runs: string[] = [];
  let start = pages[0];
  let prev = pages[0];
  for (const p of [...pages.slice(1), Infinity]) {
    if (p === prev + 1) {
      prev = p;
      continue;
    }
    runs.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = prev = p;
  }
  return `${pages.length === 1 ? 'page' : 'pages'} ${runs.join(', ')}`;
};

// ---------------------------------------------------------------------------------------------

export interface FormatInput {
  /** Page and font facts of a PDF draft; null for a draft without layout (Word text). */
  layout: PdfLayout | null;
}

/** Every format rule of the solicitation checked against the draft, in requirement order. */
export function checkFormat(requirements: Requirement[], split: SplitDraft, input: FormatInput): FormatCheck[] {
  const { layout } = input;
  const pageCount =
    layout?.pageCount ?? (split.sentences.some((s) => s.page !== null) ? Math.max(...split.sentences.map((s) => s.page ?? 0)) : null);
  const { volumes, named } = draftVolumes(split, pageCount);
  const checks: FormatCheck[] = [];
  // Rules of the proposal, not of the work: the statement of work's "reports of 10 pages" is not one.
  const rules = requirements.filter((r) => r.section !== 'C');

  for (const req of rules) {
    const t = req.text;

    const limit = PAGE_LIMIT.exec(t);
    if (limit) {
      const max = toNum(limit[1] ?? limit[2] ?? limit[3]);
      const scope = limitScope(t, limit.index, limit.index + limit[0].length);
      const push = (status: FormatCheck['status'], expected: string, found: string, location_hint: string) =>
        checks.push({ requirement_id: req.requirement_id, check: 'page_limit', status, expected, found, location_hint });
      const pageCheck = (expected: string, where: string, first: number | null, last: number | null) => {
        if (first === null || last === null) {
          push('not_checked', expected, 'no page layout (upload the draft as a PDF)', where);
          return;
        }
        const count = last - first + 1;
        push(
          count > max ? 'failed' : 'passed',
          expected,
          `${plural(count, 'page')} (${pagesText(Array.from({ length: count }, (_, i) => first + i))})`,
          `${where} (${pagesText([first, ...(last > first ? [last] : [])]).replace(/(\d+), (\d+)$/, '$1-$2')})`,
        );
      };
      if (scope.kind === 'each' || scope.kind === 'part') {
        // A limit on a part or on each item applies to that part of the draft, never to the whole.
        const parts = findParts(split, scope.terms);
        const expected =
          scope.kind === 'each'
            ? `at most ${plural(max, 'page')} for each ${scope.name.replace(/s$/, '')}`
            : `at most ${plural(max, 'page')} (${scope.name})`;
        if (!parts.length) push('not_checked', expected, 'not checked: part not found (no heading names it)', 'Whole draft');
        for (const part of parts) pageCheck(expected, part.title, part.firstPage, part.lastPage);
      } else {
        const target = scope.kind === 'volume' ? scope.ref : null;
        let applies = volumes;
        if (target) {
          applies = named ? volumes.filter((v) => v.ref && sameVolume(v.ref, target)) : [];
          // A draft with no volume headings is checked against a volume's limit when its opening
          // headings name that volume ("Technical Quote").
          if (!named) {
            const opening = split.sections
              .slice(0, 3)
              .map((s) => s.title ?? '')
              .join(' ');
            const own = subjectsOf(opening);
            if (target.subjects.some((s) => own.includes(s))) applies = volumes;
          }
        }
        const expected = `at most ${plural(max, 'page')}${target ? ` (${target.name})` : ''}`;
        if (!applies.length) push('not_checked', expected, 'not checked: part not found (no such volume in the draft)', 'Whole draft');
        for (const v of applies) pageCheck(expected, v.location, v.firstPage, v.lastPage);
      }
    }

    const font = MIN_FONT.exec(t);
    if (font) {
      const min = Number(font[1] ?? font[2] ?? font[3]);
      const exception = EXCEPTION.exec(t);
      const floor = exception ? Math.min(min, Number(exception[1] ?? exception[2])) : min;
      const expected = `text at least ${min} pt${exception && floor < min ? ` (${floor} pt allowed in tables and figures)` : ''}`;
      if (!layout) {
        checks.push({
          requirement_id: req.requirement_id,
          check: 'font_size',
          status: 'not_checked',
          expected,
          found: 'no font information (upload the draft as a PDF)',
          location_hint: 'Whole draft',
        });
      } else {
        // Small text on a page: below the floor at all, or below the minimum on more than a
        // tenth of the page (more than a caption or a footer), or a third when tables may be smaller.
        const tolerance = exception ? 0.3 : 0.1;
        const bad: number[] = [];
        let smallest = Infinity;
        let total = 0;
        let small = 0;
        for (const p of layout.pages) {
          let chars = 0;
          let under = 0;
          let underFloor = 0;
          // Body text only: a size set in a line's worth of characters or less on a page, below the
          // page's main size, is a footer, a page number or a caption, not text the rule governs.
          const bySize = new Map<number, number>();
          for (const f of p.fonts) bySize.set(f.size, (bySize.get(f.size) ?? 0) + f.chars);
          const main = [...bySize].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
          for (const f of p.fonts) {
            if (f.size < main && (bySize.get(f.size) ?? 0) <= BODY_LINE) continue;
            chars += f.chars;
            if (f.size < min - 0.25) {
              under += f.chars;
              smallest = Math.min(smallest, f.size);
            }
            if (f.size < floor - 0.25) underFloor += f.chars;
          }
          total += chars;
          small += under;
          if (chars && (under / chars > tolerance || underFloor / chars > 0.1)) bad.push(p.page);
        }
        checks.push({
          requirement_id: req.requirement_id,
          check: 'font_size',
          status: bad.length ? 'failed' : 'passed',
          expected,
          found: bad.length
            ? `${smallest} pt text on ${pagesText(bad)} (${Math.round((100 * small) / Math.max(1, total))}% of the text)`
            : 'all body text at or above the minimum',
          location_hint: bad.length ? pagesText(bad).replace(/^p/, 'P') : 'Whole draft',
        });
      }
    }

    const families = [
      ...new Set(
        [...t.matchAll(FONT_NAME)].map((m) => FONT_FAMILIES.find((f) => f.toLowerCase() === m[0].toLowerCase().replace(/\s+/g, ' '))!),
      ),
    ];
    if (families.length) {
      const expected = families.join(' or ');
      if (!layout) {
        checks.push({
          requirement_id: req.requirement_id,
          check: 'font_family',
          status: 'not_checked',
          expected,
          found: 'no font information (upload the draft as a PDF)',
          location_hint: 'Whole draft',
        });
      } else {
        // Families that set a real share of the text (more than headings or a logo).
        const byFamily = new Map<string, { chars: number; pages: Set<number> }>();
        let total = 0;
        for (const p of layout.pages) {
          for (const f of p.fonts) {
            total += f.chars;
            const e = byFamily.get(f.family) ?? { chars: 0, pages: new Set<number>() };
            e.chars += f.chars;
            e.pages.add(p.page);
            byFamily.set(f.family, e);
          }
        }
        const wrong = [...byFamily].filter(([family, e]) => e.chars / Math.max(1, total) > 0.1 && !familyAllowed(family, families));
        const used = [...byFamily]
          .sort((a, b) => b[1].chars - a[1].chars)
          .filter(([, e]) => e.chars / Math.max(1, total) > 0.1)
          .map(([f]) => f);
        const pages = [...new Set(wrong.flatMap(([, e]) => [...e.pages]))].sort((a, b) => a - b);
        checks.push({
          requirement_id: req.requirement_id,
          check: 'font_family',
          status: wrong.length ? 'failed' : 'passed',
          expected,
          found: used.join(', ') || 'no text',
          location_hint: wrong.length ? pagesText(pages).replace(/^p/, 'P') : 'Whole draft',
        });
      }
    }
  }

  // Required volumes: the numbered or named volumes the instructions list as parts of the proposal.
  const required: Array<{ req: Requirement; ref: VolumeRef }> = [];
  for (const req of rules) {
    if (req.section !== 'L') continue;
    const t = req.text.trim();
    // A volume listed in its own line or sentence ("Volume II – Price", "Part I - Technical
    // Proposal (not to exceed 10 pages)"), or required by name ("shall submit a Technical Volume").
    const listed =
      /^(?:volume|vol\.|part|tab)\s+(?:[ivx]{1,4}|\d{1,2})\b(?!\s+(?:shall|must|will|should|may|is|are|has|includes?)\b)/i.test(t);
    const demanded = /\b(?:submit|include|provide|consist of|prepare)\b[^.]{0,40}\b(?:volume|part)\b/i.test(t) && !PAGE_LIMIT.test(t);
    if (!listed && !demanded) continue;
    const ref = volumeRef(t);
    if (!ref || (!ref.number && !ref.subjects.length)) continue;
    if (
      required.some((r) => r.ref.name === ref.name || (r.ref.number !== null && r.ref.number === ref.number && r.ref.label === ref.label))
    )
      continue;
    required.push({ req, ref });
  }
  if (required.length >= 2 || (required.length === 1 && named)) {
    const headingRefs = split.sections.flatMap((s) => {
      const out: VolumeRef[] = [];
      const v =
        volumeRef(s.volume ?? '') ?? (s.volume ? { label: null, number: null, subjects: subjectsOf(s.volume), name: s.volume } : null);
      if (v) out.push(v);
      const titled = s.title ? volumeRef(s.title) : null;
      if (titled) out.push(titled);
      if (s.title && subjectsOf(s.title).length) out.push({ label: null, number: null, subjects: subjectsOf(s.title), name: s.title });
      return out;
    });
    for (const { req, ref } of required) {
      const present = headingRefs.some(
        (h) => sameVolume(h, ref) || (h.number === null && ref.subjects.some((s) => h.subjects.includes(s))),
      );
      checks.push({
        requirement_id: req.requirement_id,
        check: 'volume',
        status: present ? 'passed' : 'failed',
        expected: ref.name,
        found: present ? 'present' : 'not found in the draft',
        location_hint: 'Whole draft',
      });
    }
  }
  return checks;
}

/** The suggestion a failed check becomes. */
export function formatSuggestion(c: FormatCheck): string {
  switch (c.check) {
    case 'page_limit':
      return `Shorten ${c.location_hint.replace(/ \(pages? [^)]*\)$/, '')} to ${c.expected.replace(/^at most /, 'at most ')}: it runs ${c.found.replace(/ \(.*$/, '')} (${c.requirement_id}).`;
    case 'font_size':
      return `Set the text in ${c.expected.replace(/^text /, '')}: the draft has ${c.found} (${c.requirement_id}).`;
    case 'font_family':
      return `Use ${c.expected} as ${c.requirement_id} requires; the draft is set in ${c.found}.`;
    case 'volume':
      return `Add ${c.expected} as a separate volume with its own heading, as ${c.requirement_id} requires.`;
  }
}
