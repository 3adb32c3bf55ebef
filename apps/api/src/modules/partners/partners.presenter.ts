import type { PartnerAward, PartnerHistory, PartnerSummary } from '@biddesk/shared';
import type { AwardRow } from '../../db/schema/index';
import type { PartnerRow, TopRow } from './partners.repository';

/** Wire shape of a recipient with its history; `tops` are its rows from topAgenciesAndNaics. */
export function presentPartner(row: PartnerRow, tops: TopRow[]): PartnerSummary {
  const history: PartnerHistory = {
    award_count: row.award_count,
    total_obligated: row.total_obligated,
    last_award_date: row.last_award_date,
    top_agencies: tops.filter((t) => t.kind === 'agency').map((t) => ({ code: t.code, name: t.name, count: t.n })),
    top_naics: tops.filter((t) => t.kind === 'naics').map((t) => ({ code: t.code, name: t.name, count: t.n })),
  };
  return { uei: row.uei, name: row.name, parent_uei: row.parent_uei, business_types: row.business_types, history };
}

/** One award of a recipient, linking to the record it came from and saying when it was fetched. */
export function presentPartnerAward(a: AwardRow): PartnerAward {
  return {
    award_key: a.awardKey,
    piid: a.piid,
    parent_idv_piid: a.parentIdvPiid,
    recipient_name: a.recipientName,
    awarding_agency_name: a.awardingAgencyName,
    awarding_office_name: a.awardingOfficeName,
    naics_code: a.naicsCode,
    psc_code: a.pscCode,
    pop_state: a.popState,
    start_date: a.startDate,
    current_end_date: a.currentEndDate,
    obligated_amount: a.obligatedAmount,
    ceiling_amount: a.baseAndAllOptionsValue,
    description: a.description,
    source: a.source,
    source_url: a.sourceUrl,
    fetched_at: a.fetchedAt.toISOString(),
  };
}
