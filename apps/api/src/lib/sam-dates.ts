/**
 * Parses every date form SAM.gov uses (API-FACTS §1 and §2) into a real timestamp:
 *   2026-03-15 06:44:18.17-04        extract PostedDate (2-3 digit fraction, hour-only offset)
 *   2026-03-20T15:00:00+09:00        ResponseDeadLine, API responseDeadLine
 *   2026-03-23                       date only (ArchiveDate, AwardDate, some deadlines, API postedDate)
 *   03/23/2026 or 03/23/2026 14:00   older extracts
 * Returns null for empty input and undefined for text that is not a date, so a caller can tell
 * "absent" from "malformed".
 */
export function parseSamDate(value: string | null | undefined, dateOnly: 'start' | 'end' = 'start'): Date | null | undefined {
  const v = value?.trim();
  if (!v) return null;

  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return dateOnlyToDate(m[1]!, m[2]!, m[3]!, dateOnly);

  m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (m) return dateOnlyToDate(m[3]!, m[1]!, m[2]!, dateOnly);

  m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,6}))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(v);
  if (m) {
    const [, day, time, fraction, zone] = m;
    const ms = (fraction ?? '0').padEnd(3, '0').slice(0, 3);
    const seconds = time!.length === 5 ? `${time}:00` : time;
    return valid(new Date(`${day}T${seconds}.${ms}${normaliseZone(zone)}`));
  }

  m = /^(\d{2})\/(\d{2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (m) {
    const [, mm, dd, yyyy, hh, mi, ss] = m;
    return valid(new Date(`${yyyy}-${mm}-${dd}T${hh!.padStart(2, '0')}:${mi}:${ss ?? '00'}Z`));
  }
  return undefined;
}

function normaliseZone(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === 'Z') return 'Z';
  if (/^[+-]\d{2}$/.test(zone)) return `${zone}:00`;
  if (/^[+-]\d{4}$/.test(zone)) return `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return zone;
}

// A date with no time: its start for postings, its end for deadlines ("due 2026-03-23" means by the
// end of that day). Noon and 23:59 UTC keep the calendar day the same in every US time zone.
function dateOnlyToDate(y: string, m: string, d: string, which: 'start' | 'end'): Date | undefined {
  const date = valid(new Date(`${y}-${m}-${d}T${which === 'end' ? '23:59:00' : '12:00:00'}Z`));
  return date && date.getUTCDate() === Number(d) ? date : undefined;
}

function valid(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The UTC offset a SAM date-time states (`2026-03-20T15:00:00+09:00` → `+09:00`, `-04` → `-04:00`,
 * `Z` → `+00:00`), so a deadline can be shown in the zone SAM gave it. Null for a date without a
 * time, an empty value, or a time without a zone.
 */
export function samTimeZone(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v || !/\d{2}:\d{2}/.test(v)) return null;
  const m = /(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(v);
  if (!m) return null;
  const zone = normaliseZone(m[1]);
  return zone === 'Z' ? '+00:00' : zone;
}
