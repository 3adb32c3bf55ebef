import type { OpportunityFacts } from '@biddesk/analysis';
import sanitizeHtml from 'sanitize-html';
import type { OpportunityRow } from '../../db/schema/index';
import { isDescriptionMarker } from '../opportunities/description';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The response deadline as the notice gave it, for the generators to print as it is stated: the
 * instant at the notice's own UTC offset ("2026-07-10T14:00:00-04:00"), or the date alone when SAM
 * gave no time (zone null; stored as 23:59 UTC of that date). Before, the UTC form made the brief say
 * "6:00 PM UTC" for a 2:00 PM Eastern deadline, and "11:59 PM UTC" for a date SAM gave without one.
 */
export function statedDeadline(at: Date | null, zone: string | null): string | null {
  if (!at) return null;
  const m = zone ? /^([+-])(\d{2}):(\d{2})$/.exec(zone) : null;
  if (!m) return at.toISOString().slice(0, 10);
  const offsetMinutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return `${new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19)}${zone}`;
}

/**
 * The instant a stated deadline names, as the API sends deadlines (ISO UTC): a date alone is its
 * 23:59 UTC, as imported. Workspaces kept before statedDeadline hold the UTC form already.
 */
export function deadlineInstant(stated: string | null): string | null {
  if (!stated) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(stated) ? `${stated}T23:59:00Z` : stated);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Plain text of a stored description; SAM gives HTML, and a fetch marker is no text at all. */
export function descriptionText(description: string | null): string | null {
  if (!description || isDescriptionMarker(description)) return null;
  const text = sanitizeHtml(description.replace(/<\/(p|div|li|h\d|tr)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} });
  return (
    text
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .trim() || null
  );
}

/** What the document generators know about an opportunity. */
export function opportunityFacts(row: OpportunityRow): OpportunityFacts {
  const pop = row.placeOfPerformance;
  const place = pop ? [pop.city, pop.state, pop.zip, pop.country].filter(Boolean).join(', ') || null : null;
  return {
    title: row.title,
    solicitation_number: row.solicitationNumber,
    agency: row.department,
    sub_tier: row.subTier,
    office: row.office,
    notice_type: row.noticeType,
    naics: row.naicsCode,
    psc: row.pscCode,
    set_aside: row.setAsideCode,
    set_aside_description: row.setAside,
    posted_date: iso(row.postedDate),
    response_date: statedDeadline(row.responseDeadline, row.responseTimeZone),
    description: descriptionText(row.description),
    place_of_performance: place,
    contacts: (row.contacts ?? []).map((c) => ({ name: c.full_name, email: c.email, phone: c.phone })),
  };
}
