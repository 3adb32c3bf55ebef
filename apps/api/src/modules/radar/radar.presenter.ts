import { EXTENT_COMPETED_LABELS, type RadarRow } from '@biddesk/shared';
import type { RadarPageRow } from './radar.repository';
import { radarSignals } from './radar-signals';

export function presentRadarRow(a: RadarPageRow): RadarRow {
  return {
    award_key: a.awardKey,
    piid: a.piid,
    parent_idv_piid: a.parentIdvPiid,
    recipient_name: a.recipientName,
    recipient_uei: a.recipientUei,
    awarding_agency_code: a.awardingAgencyCode,
    awarding_agency_name: a.awardingAgencyName,
    awarding_sub_agency_name: a.awardingSubAgencyName,
    awarding_office_name: a.awardingOfficeName,
    naics_code: a.naicsCode,
    psc_code: a.pscCode,
    // The window's condition holds, so the end date is there.
    current_end_date: a.currentEndDate!,
    potential_end_date: a.potentialEndDate,
    obligated_amount: a.obligatedAmount,
    ceiling_amount: a.baseAndAllOptionsValue,
    extent_competed_code: a.extentCompetedCode,
    extent_competed: a.extentCompetedCode ? (EXTENT_COMPETED_LABELS[a.extentCompetedCode] ?? a.extentCompetedCode) : null,
    offers_received: a.offersReceived,
    signals: radarSignals(a),
    source_url: a.sourceUrl,
    fetched_at: a.fetchedAt.toISOString(),
    pursuit_id: a.pursuitId,
  };
}
