/**
 * Markdown and text helpers shared by the generators. Everything here is deterministic: dates are
 * formatted from their literal calendar parts, never through the host time zone.
 */
import type { Requirement, SectionCode } from '../types';
import type { Tone } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A table cell: pipes would split the cell and newlines would end the row. */
export function escapeCell(text: string | null | undefined): string {
  if (text === null || text === undefined || text.trim() === '') return 'N/A';
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

/** Markdown table from a header row and body rows; cells are escaped here. */
export function table(header: string[], rows: string[][]): string[] {
  const line = (cells: string[]) => `| ${cells.map((c) => escapeCell(c)).join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(line)];
}

/** Calendar date (UTC y/m/d) of an ISO date or date-time, read literally so "2027-01-05T23:00-05:00" stays Jan 5. */
export function calendarDate(iso: string | null | undefined): { y: number; m: number; d: number } | null {
  if (!iso) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return { y, m: mo, d };
}

/** "Jan 5, 2027", or "N/A" when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const c = calendarDate(iso);
  return c ? `${MONTHS[c.m - 1]} ${c.d}, ${c.y}` : 'N/A';
}

export function formatDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * Days remaining by SPEC §4's rule, the one every deadline badge uses (packages/shared urgency.ts):
 * the time left to the due instant in days, rounded up; negative once passed; null if unknown.
 */
export function daysUntil(iso: string | null | undefined, now: Date): number | null {
  if (!calendarDate(iso)) return null;
  // A date without a time lasts to the end of that day: 23:59 UTC, as the import stores a deadline
  // SAM gave without one, so the count agrees with the deadline badge (SPEC §4).
  const text = /^\d{4}-\d{2}-\d{2}$/.test(iso!.trim()) ? `${iso!.trim()}T23:59:00Z` : iso!.trim();
  const due = new Date(text).getTime();
  if (Number.isNaN(due)) return null;
  // (+ 0 turns a -0 for "due within the last day" into 0.)
  return Math.ceil((due - now.getTime()) / 86_400_000) + 0;
}

// U.S. zones a federal notice gives its time in, tried in this order for an offset on a date.
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
];

/** The zone name ("Eastern Daylight Time") of a U.S. zone on that offset at that instant, if one is. */
function zoneName(instant: Date, offsetMinutes: number): string | null {
  for (const zone of US_ZONES) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(instant);
    const off = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(off);
    const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
    if (minutes !== offsetMinutes) continue;
    return (
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })
        .formatToParts(instant)
        .find((p) => p.type === 'timeZoneName')?.value ?? null
    );
  }
  return null;
}

/**
 * The deadline as the notice states it: its own local time with the UTC offset, and the U.S.
 * zone's name where the offset and date identify one — "Jul 10, 2017, 2:00 PM UTC-04:00 (Eastern
 * Daylight Time)". A date without a time is the date alone.
 */
export function formatDeadline(iso: string | null | undefined): string {
  const date = formatDate(iso);
  const m = iso ? /T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(iso.trim()) : null;
  if (!m || date === 'N/A') return date;
  const h = Number(m[1]);
  const time = `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
  if (!m[3]) return `${date}, ${time} (no time zone on the notice)`;
  if (m[3] === 'Z') return `${date}, ${time} UTC`;
  const sign = m[3][0] === '-' ? -1 : 1;
  const digits = m[3].slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const label = `UTC${m[3][0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
  const name = zoneName(new Date(iso!.trim()), offset);
  return `${date}, ${time} ${label}${name ? ` (${name})` : ''}`;
}

export function daysLabel(days: number | null): string {
  if (days === null) return 'N/A';
  if (days < 0) return `Closed ${-days} day${days === -1 ? '' : 's'} ago`;
  if (days === 0) return 'Due today';
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** Collapse whitespace and drop control characters from pasted notice text. */
export function clean(text: string | null | undefined): string {
  return (
    (text ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u00a0\u200b]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Cut at a word boundary so quoted requirement text stays readable in lists. */
export function clip(text: string, max = 220): string {
  const t = clean(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function cite(r: Requirement): string {
  return `[${r.requirement_id}]`;
}

export function citeAll(reqs: Requirement[], max = 6): string {
  const ids = reqs.slice(0, max).map(cite).join(', ');
  return reqs.length > max ? `${ids} and ${reqs.length - max} more` : ids;
}

export function pageNote(r: Requirement): string {
  return r.page === null ? '' : ` (p. ${r.page})`;
}

/** "- **[L-003]** (p. 4) text" — the standard way a requirement is quoted in prose documents. */
export function quoteLine(r: Requirement, max = 220): string {
  return `- **${cite(r)}**${pageNote(r)} ${clip(r.text, max)}`;
}

export const SECTION_ORDER: SectionCode[] = ['L', 'M', 'C', 'other'];

export const SECTION_TITLE: Record<SectionCode, string> = {
  L: 'Section L: Instructions to Offerors',
  M: 'Section M: Evaluation Factors',
  C: 'Section C: Statement of Work',
  other: 'Other Sections',
};

export const SECTION_SHORT: Record<SectionCode, string> = { L: 'L', M: 'M', C: 'C', other: 'Other' };

/** Requirements per section, in SECTION_ORDER, each keeping document order. Empty sections omitted. */
export function groupBySection(reqs: Requirement[]): [SectionCode, Requirement[]][] {
  return SECTION_ORDER.map((s) => [s, reqs.filter((r) => r.section === s)] as [SectionCode, Requirement[]]).filter(
    ([, list]) => list.length > 0,
  );
}

/** Musts before shoulds, heavier first, then document order (ids are numbered in document order). */
export function byImportance(reqs: Requirement[]): Requirement[] {
  const index = new Map(reqs.map((r, i) => [r, i]));
  return [...reqs].sort(
    (a, b) =>
      (a.must_or_should === 'must' ? 0 : 1) - (b.must_or_should === 'must' ? 0 : 1) ||
      b.weight - a.weight ||
      (index.get(a) ?? 0) - (index.get(b) ?? 0),
  );
}

/** Tone only changes phrasing: pick the formal variant when asked for formal writing. */
export function phrase(tone: Tone, plain: string, formal: string): string {
  return tone === 'formal' ? formal : plain;
}

/** The extra explanation paragraph that the 'detailed' tone adds to a section. */
export function detail(tone: Tone, text: string): string[] {
  return tone === 'detailed' ? [`> ${text}`, ''] : [];
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Title line with the solicitation number when known. */
export function titleLine(kind: string, title: string, solicitation: string | null): string {
  const name = clean(title) || 'Untitled opportunity';
  return `# ${kind}: ${name}${solicitation ? ` (${clean(solicitation)})` : ''}`;
}
