import type { Opportunity, OpportunitySummary } from '@biddesk/shared';
import { httpUrlOrNull } from '../../lib/http-url';
import type { OpportunityListRow, OpportunityWithSaved } from './opportunities.repository';
import { summarize } from './summary';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The fields a listing and the detail share. */
function presentCommon(row: OpportunityListRow | OpportunityWithSaved) {
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
    response_time_zone: row.responseTimeZone,
    archive_date: iso(row.archiveDate),
    active: row.active,
    saved: Boolean(row.saved),
    pdf_processed: row.pdfProcessed,
    // Links are rendered as links: http(s) only, whatever an import stored.
    link: httpUrlOrNull(row.link),
    notice_count: row.groupNoticeCount,
  };
}

/** Wire shape of an opportunity (SPEC §3), with the caller's saved flag and the full description. */
export function presentOpportunity(row: OpportunityWithSaved): Opportunity {
  return {
    ...presentCommon(row),
    description: row.description,
    attachments: (row.attachments ?? []).filter((a) => httpUrlOrNull(a.url) !== null),
    contacts: row.contacts ?? [],
    place_of_performance: row.placeOfPerformance ?? null,
    award: row.award ?? null,
    additional_info_link: httpUrlOrNull(row.additionalInfoLink),
  };
}

/** Wire shape of a listing or search row: a short summary instead of the description. */
export function presentSummary(row: OpportunityListRow): OpportunitySummary {
  return { ...presentCommon(row), summary: summarize(row.descriptionHead) };
}
