/** Formats a date as short month, day, year in US English, or "N/A" (SPEC §4). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** File size in KB with one decimal (SPEC §9). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A count with its noun in the right number: plural(1, 'page') is "1 page", plural(3, 'page')
 * "3 pages", plural(2, 'opportunity', 'opportunities') "2 opportunities". The one plural rule of
 * the API and the web app (issue 21: "All 1 version are removed", "at most 1 pages"); counts of a
 * thousand or more get US grouping ("1,204 notices").
 */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/** "Just now", "n mins ago", "n hours ago", "n days ago" (SPEC §9). */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const d = value instanceof Date ? value : new Date(value);
  const mins = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (mins < 1) return 'Just now';
  if (mins < 60) return `${plural(mins, 'min')} ago`;
  const hours = Math.floor(mins / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  return `${plural(days, 'day')} ago`;
}

/** Initials of a person's name for the avatar ("Ada Lovelace" -> "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Default workspace name: solicitation number, a dash, the title cut to 50 characters (SPEC §2). */
export function defaultWorkspaceName(solicitationNumber: string | null | undefined, title: string): string {
  const cut = title.length > 50 ? `${title.slice(0, 50)}...` : title;
  return solicitationNumber ? `${solicitationNumber} - ${cut}` : cut;
}

/**
 * A response deadline as SAM states it: the date and time in the UTC offset SAM gave
 * ("Jun 1, 2026, 4:30 PM UTC-04:00"); the date alone when SAM gave no time (zone null).
 */
export function formatDeadline(value: string | null | undefined, zone: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'N/A';
  const m = zone ? /^([+-])(\d{2}):(\d{2})$/.exec(zone) : null;
  if (!m) return formatDate(d);
  const offsetMin = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  // The wall-clock time at that offset, formatted as if it were UTC.
  const wall = new Date(d.getTime() + offsetMin * 60_000);
  const text = wall.toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${text} UTC${zone}`;
}
