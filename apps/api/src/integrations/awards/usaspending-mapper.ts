import { countOf, dayOf, moneyOf, textOf, usaspendingAwardUrl, type AwardRecord, type RecipientRecord } from './award-record';
import type { UsaAwardDetail, UsaRecipientDetail, UsaSearchResult } from './usaspending-schemas';

/**
 * USAspending answers → our rows. The detail carries what the search cannot (solicitation id,
 * set-aside, extent competed, offers, ceiling, potential end); those come from the award's LATEST
 * transaction, which the UI says beside them (README §2 of the awards data folder).
 */

/** Splits CONT_AWD_{piid}_{agency}_{parentPiid|-NONE-}_{parentAgency|-NONE-} from the end (a PIID may hold "_"). */
export function parseAwardKey(key: string): { kind: 'award' | 'idv'; piid: string; agency: string; parentPiid: string | null } | null {
  const parts = key.split('_');
  if (parts[0] !== 'CONT') return null;
  if (parts[1] === 'IDV' && parts.length >= 4)
    return { kind: 'idv', piid: parts.slice(2, -1).join('_'), agency: parts.at(-1)!, parentPiid: null };
  if (parts[1] === 'AWD' && parts.length >= 6) {
    const parent = parts.at(-2)!;
    return { kind: 'award', piid: parts.slice(2, -3).join('_'), agency: parts.at(-3)!, parentPiid: parent === '-NONE-' ? null : parent };
  }
  return null;
}

export function awardFromDetail(d: UsaAwardDetail, fetchedAt: Date): AwardRecord {
  const l = d.latest_transaction_contract_data;
  const pop = d.period_of_performance;
  const agency = d.awarding_agency;
  const place = d.place_of_performance;
  return {
    awardKey: d.generated_unique_award_id,
    piid: d.piid,
    parentIdvPiid: textOf(d.parent_award?.piid),
    awardTypeCode: textOf(d.type),
    recipientUei: textOf(d.recipient?.recipient_uei),
    recipientName: textOf(d.recipient?.recipient_name),
    recipientParentUei: textOf(d.recipient?.parent_recipient_uei),
    awardingAgencyCode: textOf(agency?.toptier_agency?.code),
    awardingAgencyName: textOf(agency?.toptier_agency?.name),
    awardingSubAgencyCode: textOf(agency?.subtier_agency?.code),
    awardingSubAgencyName: textOf(agency?.subtier_agency?.name),
    // The detail names the office but never gives its code.
    awardingOfficeCode: null,
    awardingOfficeName: textOf(agency?.office_agency_name),
    naicsCode: textOf(l?.naics),
    pscCode: textOf(l?.product_or_service_code),
    popState: textOf(place?.state_code),
    popZip: textOf(place?.zip5),
    popCountry: textOf(place?.location_country_code),
    startDate: dayOf(pop?.start_date),
    // For an IDV end_date is the ordering period's end, which is what gets recompeted.
    currentEndDate: dayOf(pop?.end_date),
    potentialEndDate: dayOf(pop?.potential_end_date),
    obligatedAmount: moneyOf(d.total_obligation),
    baseAndAllOptionsValue: moneyOf(d.base_and_all_options),
    solicitationId: textOf(l?.solicitation_identifier),
    setAsideCode: textOf(l?.type_set_aside),
    extentCompetedCode: textOf(l?.extent_competed),
    offersReceived: countOf(l?.number_of_offers_received),
    // Not mapped from this source (the CSV downloads carry it).
    businessSize: null,
    modificationCount: null,
    description: textOf(d.description),
    lastActionDate: dayOf(pop?.last_modified_date),
    source: 'usaspending_api',
    sourceUrl: usaspendingAwardUrl(d.generated_unique_award_id),
    fetchedAt,
  };
}

/** A search hit: fewer fields than the detail (no solicitation id, set-aside, offers, ceiling). */
export function awardFromSearchResult(r: UsaSearchResult, fetchedAt: Date): AwardRecord {
  const key = parseAwardKey(r.generated_internal_id);
  const place = r['Primary Place of Performance'];
  return {
    awardKey: r.generated_internal_id,
    piid: textOf(r['Award ID']) ?? key?.piid ?? r.generated_internal_id,
    parentIdvPiid: key?.parentPiid ?? null,
    awardTypeCode: null,
    recipientUei: textOf(r['Recipient UEI']),
    recipientName: textOf(r['Recipient Name']),
    recipientParentUei: null,
    awardingAgencyCode: textOf(r['Awarding Agency Code']),
    awardingAgencyName: textOf(r['Awarding Agency']),
    awardingSubAgencyCode: textOf(r['Awarding Sub Agency Code']),
    awardingSubAgencyName: textOf(r['Awarding Sub Agency']),
    awardingOfficeCode: null,
    awardingOfficeName: null,
    naicsCode: textOf(r.NAICS?.code),
    pscCode: textOf(r.PSC?.code),
    popState: textOf(place?.state_code),
    popZip: textOf(place?.zip5),
    popCountry: textOf(place?.location_country_code),
    startDate: dayOf(r['Start Date']),
    currentEndDate: dayOf(r['End Date']),
    potentialEndDate: null,
    obligatedAmount: moneyOf(r['Award Amount']),
    baseAndAllOptionsValue: null,
    solicitationId: null,
    setAsideCode: null,
    extentCompetedCode: null,
    offersReceived: null,
    // Not mapped from this source (the CSV downloads carry it).
    businessSize: null,
    modificationCount: null,
    description: textOf(r.Description),
    lastActionDate: null,
    source: 'usaspending_api',
    sourceUrl: usaspendingAwardUrl(r.generated_internal_id),
    fetchedAt,
  };
}

/** A recipient by UEI with every name USAspending has seen for it; null without a UEI (never keyed by name). */
export function recipientFromDetail(d: UsaRecipientDetail): RecipientRecord | null {
  const uei = textOf(d.uei);
  if (!uei) return null;
  const names = [...new Set([d.name, ...d.alternate_names].map(textOf).filter((n): n is string => n !== null))];
  return { uei, names, parentUei: textOf(d.parent_uei), businessTypes: (d.business_types ?? []).filter(Boolean) };
}
