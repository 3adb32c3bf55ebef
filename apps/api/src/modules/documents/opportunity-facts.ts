import type { OpportunityFacts } from '@biddesk/analysis';
import sanitizeHtml from 'sanitize-html';
import type { OpportunityRow } from '../../db/schema/index';
import { isDescriptionMarker } from '../opportunities/description';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Plain text of a stored description; SAM gives HTML, and a fetch marker is no text at all. */
export function descriptionText(description: string | null): string | null {
  if (!description || isDescriptionMarker(description)) return null;
  const text = sanitizeHtml(description.replace(/<\/(p|div|li|h\d|tr)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").trim() || null;
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
    response_date: iso(row.responseDeadline),
    description: descriptionText(row.description),
    place_of_performance: place,
    contacts: (row.contacts ?? []).map((c) => ({ name: c.full_name, email: c.email, phone: c.phone })),
  };
}
