import type { Opportunity } from '@biddesk/shared';
import type { OpportunityWithSaved } from './opportunities.repository';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Wire shape of an opportunity (SPEC §3), with the caller's saved flag. */
export function presentOpportunity(row: OpportunityWithSaved): Opportunity {
  return {
    id: row.id,
    notice_id: row.noticeId,
    agency: row.department,
    sub_tier: row.subTier,
    office: row.office,
    title: row.title,
    solicitation_number: row.solicitationNumber,
    notice_type: row.noticeType,
    naics: row.naicsCode,
    psc: row.pscCode,
    set_aside: row.setAsideCode,
    set_aside_description: row.setAside,
    posted_date: iso(row.postedDate),
    response_date: iso(row.responseDeadline),
    archive_date: iso(row.archiveDate),
    active: row.active,
    saved: Boolean(row.saved),
    description: row.description,
    attachments: row.attachments ?? [],
    pdf_processed: row.pdfProcessed,
    contacts: row.contacts ?? [],
    place_of_performance: row.placeOfPerformance ?? null,
    award: row.award ?? null,
    link: row.link,
    additional_info_link: row.additionalInfoLink,
  };
}
