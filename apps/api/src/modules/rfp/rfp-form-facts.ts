import { factSource, type FormDue, type FormFact, type SolicitationFormFacts } from '@biddesk/analysis';
import { formatDeadline, type RfpDueCheck, type RfpFormFact, type RfpFormFacts, type RfpOfferDue } from '@biddesk/shared';

/**
 * The filled form's facts as the workspace shows them (issue 22 item 4), and its offer due date
 * checked against the SAM.gov notice. Dates stay the form's own words: a calendar date, a time and
 * a zone as written, never turned into a Date and re-printed in another zone. Only the comparison
 * works in instants, and only where the form's zone names a U.S. zone.
 */

/** The notice's deadline as stored: SAM's instant and the UTC offset it stated (null: a date only). */
export interface NoticeDeadline {
  responseDeadline: Date | null;
  responseTimeZone: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2017-07-10" → "Jul 10, 2017", from the digits alone (no Date, so no zone can shift the day). */
export function calendarText(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The form's date, time and zone as written: "Jul 10, 2017, 1:00 PM EST". */
export function offerDueText(due: { date: string; time: string | null; zone: string | null }): string {
  const day = calendarText(due.date);
  if (!due.time) return day;
  if (!due.zone) return `${day}, ${due.time} (no time zone on the form)`;
  return `${day}, ${due.time} ${/^local$/i.test(due.zone) ? 'local time' : due.zone}`;
}

// The zones a U.S. form writes ("EST", "ET", "Eastern"), each read as the region's clock on that
// date: agencies write "EST" all year, meaning Eastern time, so a July "1:00 PM EST" is 17:00 UTC.
const REGIONS: Array<[RegExp, string]> = [
  [/^(E[SD]?T|eastern)$/i, 'America/New_York'],
  [/^(C[SD]?T|central)$/i, 'America/Chicago'],
  [/^(M[SD]?T|mountain)$/i, 'America/Denver'],
  [/^(P[SD]?T|pacific)$/i, 'America/Los_Angeles'],
  [/^AK[SD]?T$/i, 'America/Anchorage'],
  [/^H[SD]?T$/i, 'Pacific/Honolulu'],
  [/^(UTC|GMT|Zulu)$/i, 'UTC'],
];

/** Minutes east of UTC of an IANA zone at an instant. */
function offsetMinutes(zone: string, at: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** "1:00 PM" → minutes after midnight. */
function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2}) ([AP])M$/.exec(time)!;
  return ((Number(m[1]) % 12) + (m[3] === 'P' ? 12 : 0)) * 60 + Number(m[2]);
}

/** The instant of the form's date and time in the region its zone names; null when it names none. */
export function formInstant(due: { date: string; time: string | null; zone: string | null }): number | null {
  const region = due.time && due.zone ? REGIONS.find(([re]) => re.test(due.zone!))?.[1] : undefined;
  if (!region) return null;
  const [y, mo, d] = due.date.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d) + minutesOf(due.time!) * 60_000;
  // The offset at the wall time read as UTC is right except within hours of a clock change; a second look settles it.
  const first = wall - offsetMinutes(region, wall) * 60_000;
  return wall - offsetMinutes(region, first) * 60_000;
}

/** The notice's calendar date and clock time in the offset SAM stated (the date alone without one). */
function noticeWall(notice: NoticeDeadline): { date: string; minutes: number | null } {
  const at = notice.responseDeadline!.getTime();
  const m = notice.responseTimeZone ? /^([+-])(\d{2}):(\d{2})$/.exec(notice.responseTimeZone) : null;
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const wall = new Date(at + offset * 60_000);
  return { date: wall.toISOString().slice(0, 10), minutes: m ? wall.getUTCHours() * 60 + wall.getUTCMinutes() : null };
}

/**
 * The form's due date against the notice's: the same moment where both give a time and the form's
 * zone is known; else the same calendar date (and the same clock time when both give one, the
 * form's "local" being the office's clock, which is the zone SAM states).
 */
export function checkDue(due: { date: string; time: string | null; zone: string | null }, notice: NoticeDeadline | null): RfpDueCheck {
  if (!notice?.responseDeadline) {
    const detail = notice
      ? 'The SAM.gov notice states no response deadline to compare with.'
      : 'No SAM.gov notice is linked to this workspace to compare with.';
    return { agreement: 'no_notice', notice_text: null, detail };
  }
  // A date-only deadline is stored at 23:59 UTC of its day: its day is printed from the UTC digits,
  // never in the server's zone (east of UTC that would be the next day).
  const noticeText = notice.responseTimeZone
    ? formatDeadline(notice.responseDeadline.toISOString(), notice.responseTimeZone)
    : calendarText(notice.responseDeadline.toISOString().slice(0, 10));
  const formText = offerDueText(due);
  const differs = (what: string): RfpDueCheck => ({
    agreement: 'differs',
    notice_text: noticeText,
    detail: `The ${what} differ: the form gives ${formText}, the SAM.gov notice ${noticeText}. An amendment may have moved the date; confirm with the contracting officer.`,
  });
  const instant = formInstant(due);
  const wall = noticeWall(notice);
  if (instant !== null && wall.minutes !== null) {
    if (Math.abs(instant - notice.responseDeadline.getTime()) >= 60_000) return differs('due date and time');
    return { agreement: 'same', notice_text: noticeText, detail: 'The form and the SAM.gov notice give the same due date and time.' };
  }
  if (wall.date !== due.date) return differs('due dates');
  if (due.time && wall.minutes !== null && minutesOf(due.time) !== wall.minutes) return differs('due times');
  const missing = !due.time ? 'the form gives no time' : wall.minutes === null ? 'the notice gives no time' : 'the form names no time zone';
  return { agreement: 'same', notice_text: noticeText, detail: `The form and the SAM.gov notice give the same due date (${missing}).` };
}

const FACT_LABELS: Array<[keyof SolicitationFormFacts, string]> = [
  ['solicitationNumber', 'Solicitation number'],
  ['issueDate', 'Issue date'],
  ['issuingOffice', 'Issued by'],
  ['naics', 'NAICS'],
  ['sizeStandard', 'Size standard'],
  ['setAside', 'Set-aside'],
];
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The stored facts as the wire shape; the due date checked against the workspace's notice. */
export function presentFormFacts(facts: SolicitationFormFacts | null, notice: NoticeDeadline | null): RfpFormFacts | null {
  if (!facts) return null;
  const form = facts.form ?? null;
  const list: RfpFormFact[] = [];
  for (const [key, label] of FACT_LABELS) {
    const fact = facts[key] as FormFact | undefined;
    if (!fact) continue;
    const value = key === 'issueDate' ? calendarText(fact.value) : fact.value;
    list.push({ key: snake(key), label, value, caption: fact.caption, page: fact.page, source: factSource(fact, facts.form) });
  }
  const due = facts.offerDue;
  const offerDue: RfpOfferDue | null = due
    ? { ...due.value, text: offerDueText(due.value), caption: due.caption, page: due.page, source: factSource(due, facts.form) }
    : null;
  return { form, offer_due: offerDue, due_check: due ? checkDue(due.value, notice) : null, facts: list };
}

/** What the generated brief takes from the form: its due date, where it was read, and the notice's when it differs. */
export function formDueOf(facts: SolicitationFormFacts | null | undefined, notice: NoticeDeadline | null): FormDue | undefined {
  const due = facts?.offerDue;
  if (!due) return undefined;
  const instant = formInstant(due.value);
  const check = checkDue(due.value, notice);
  return {
    text: offerDueText(due.value),
    source: factSource(due, facts.form),
    at: instant === null ? due.value.date : new Date(instant).toISOString(),
    noticeDiffers: check.agreement === 'differs' ? check.notice_text : null,
  };
}
