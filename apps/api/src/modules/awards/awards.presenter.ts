import { EXTENT_COMPETED_LABELS, INCUMBENT_RULE_LABELS, type IncumbentCandidate, type IncumbentRule } from '@biddesk/shared';
import type { AwardRow } from '../../db/schema/index';

export interface Match {
  award: AwardRow;
  rule: IncumbentRule;
  score: number;
  matchedOn: string[];
}

export function presentCandidate({ award: a, rule, score, matchedOn }: Match): IncumbentCandidate {
  const detail = matchedOn.length ? ` (${matchedOn.join(', ')})` : '';
  return {
    award_key: a.awardKey,
    piid: a.piid,
    parent_idv_piid: a.parentIdvPiid,
    award_type_code: a.awardTypeCode,
    recipient_uei: a.recipientUei,
    recipient_name: a.recipientName,
    awarding_agency_name: a.awardingAgencyName,
    awarding_office_name: a.awardingOfficeName,
    naics_code: a.naicsCode,
    psc_code: a.pscCode,
    pop_state: a.popState,
    start_date: a.startDate,
    current_end_date: a.currentEndDate,
    potential_end_date: a.potentialEndDate,
    obligated_amount: a.obligatedAmount,
    ceiling_amount: a.baseAndAllOptionsValue,
    offers_received: a.offersReceived,
    extent_competed_code: a.extentCompetedCode,
    extent_competed: a.extentCompetedCode ? (EXTENT_COMPETED_LABELS[a.extentCompetedCode] ?? a.extentCompetedCode) : null,
    set_aside_code: a.setAsideCode,
    modification_count: a.modificationCount,
    solicitation_id: a.solicitationId,
    description: a.description,
    rule,
    rule_label: `matched: ${INCUMBENT_RULE_LABELS[rule]}${detail}`,
    score,
    matched_on: matchedOn,
    source: a.source,
    source_url: a.sourceUrl,
    fetched_at: a.fetchedAt.toISOString(),
  };
}
