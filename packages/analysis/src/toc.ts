/**
 * Tables of contents: a run of lines that end in page numbers (with or without dot leaders, or a
 * column gap read as " | ") whose titles come back later as the document's own headings. Its lines
 * are a map of the document, not text: "Submissions | 13" is no requirement.
 */

// "4.2 Submission process ........ 9", "Submissions | 13", "Section L Instructions 24", "Appendix A … iv".
// The leader starts with a fixed mark and the class after it takes the rest, so a long run of dots
// has one way to split, not n² (a catastrophic backtrack on a line of dots otherwise).
const TOC_LINE = /^(?<title>\S.{1,110}?)(?:\s*(?:\.{2}|…|·{2}|_{3}|\s\.\s\.)[\s.…·_]*|\s*\|\s*|\s+)(?<page>\d{1,3}|[ivxlc]{1,6})$/i;
const LEADER_RUN = /\.{2,}|…|·{2,}|_{3,}|\s\.\s\.|\s{3,}|\|/;
const LEADER = /(?:\.{3,}|…{2,}|·{3,}|_{3,}|(?:\. ){3,})/;
// A run this long is a table of contents; two lines ending in numbers are too common to mean one.
const MIN_RUN = 3;

interface Candidate {
  start: number;
  title: string;
  page: number;
  leader: boolean;
}

const romanValue = (s: string): number => {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let n = 0;
  const t = s.toLowerCase();
  for (let i = 0; i < t.length; i++) n += v[t[i]] < (v[t[i + 1]] ?? 0) ? -v[t[i]] : v[t[i]];
  return n;
};

// A title as it will stand as a heading: without its number, leaders, case or spacing.
const normal = (t: string) =>
  t
    .toLowerCase()
    .replace(/^(section|part|appendix|attachment|article)?\s*[a-z]?[\d.]*\s*[-–—:.]?\s*/i, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Cheap tests first (TOC_LINE tries every title length on every line: most of a long text's cost):
// an entry ends in a page number, and a line longer than a title and its page has leaders.
const PAGE_END = /(?:\d|\b[ivxlc]{1,6})$/i;
const MAX_PLAIN_ENTRY = 125;

function candidate(line: string, start: number): Candidate | null {
  const t = line.trim();
  if (!PAGE_END.test(t) || (t.length > MAX_PLAIN_ENTRY && !LEADER_RUN.test(t))) return null;
  const m = TOC_LINE.exec(t);
  if (!m?.groups) return null;
  const title = m.groups.title.replace(/(?<![\s.…·_|])[\s.…·_|]+$/, '');
  // A sentence that happens to end in a number ("… within 30 days of award 2") is not an entry.
  if (!/[A-Za-z]{2}/.test(title) || /[;!?]$/.test(title) || title.split(/\s+/).length > 16) return null;
  const p = m.groups.page;
  // Arabic and roman numbering run separately (front matter first); roman pages sort before.
  const page = /^\d+$/.test(p) ? 1000 + Number(p) : romanValue(p);
  return { start, title, page, leader: LEADER.test(t) };
}

/** Offsets (in `text`) of the lines that belong to a table of contents. */
export function tableOfContentsLines(text: string): Set<number> {
  const lines: Array<{ text: string; start: number }> = [];
  let offset = 0;
  for (const raw of text.split('\n')) {
    lines.push({ text: raw, start: offset });
    offset += raw.length + 1;
  }
  const out = new Set<number>();
  // Built only when a run needs it: most texts have no contents list to confirm.
  let openings: LineOpenings | null = null;
  const lastSeen = () => (openings ??= lineOpenings(lines));
  let run: Candidate[] = [];
  let runEnd = 0;
  const close = () => {
    if (run.length >= MIN_RUN && confirmed(run, runEnd, lastSeen)) for (const c of run) out.add(c.start);
    run = [];
  };
  for (const l of lines) {
    if (!l.text.trim()) continue;
    const c = candidate(l.text, l.start);
    // Page numbers of a contents list never go down (an entry with a lower number starts over).
    if (c && (run.length === 0 || c.page >= run[run.length - 1].page)) {
      run.push(c);
      runEnd = l.start + l.text.length;
    } else {
      close();
      if (c) {
        run = [c];
        runEnd = l.start + l.text.length;
      }
    }
  }
  close();
  return out;
}

// Dot leaders say "contents" on their own; without them, most titles must come back as lines of
// the document after the list (its headings).
function confirmed(run: Candidate[], runEnd: number, openings: () => LineOpenings): boolean {
  if (run.filter((c) => c.leader).length * 2 >= run.length) return true;
  const byFirstWord = openings();
  const found = run.filter((c) => {
    const n = normal(c.title);
    if (n.length < 3 || n.split(' ').length > MAX_OPENING_WORDS) return false;
    // A later line that opens with the title's words (the heading it points to).
    return (byFirstWord.get(n.split(' ')[0]) ?? []).some((l) => l.start > runEnd && (l.norm === n || l.norm.startsWith(`${n} `)));
  }).length;
  return found * 2 >= run.length;
}

// A title comes back as the opening of a line: at most its first eight words.
const MAX_OPENING_WORDS = 8;

type LineOpenings = Map<string, Array<{ start: number; norm: string }>>;

/** Every non-empty line's normalised text, grouped by its first word. */
function lineOpenings(lines: Array<{ text: string; start: number }>): LineOpenings {
  const byFirstWord: LineOpenings = new Map();
  for (const l of lines) {
    const norm = normal(l.text);
    if (!norm) continue;
    const space = norm.indexOf(' ');
    const first = space < 0 ? norm : norm.slice(0, space);
    const list = byFirstWord.get(first);
    if (list) list.push({ start: l.start, norm });
    else byFirstWord.set(first, [{ start: l.start, norm }]);
  }
  return byFirstWord;
}
