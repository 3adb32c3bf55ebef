import {
  countOf,
  dayOf,
  moneyOf,
  textOf,
  usaspendingAwardUrl,
  type AwardRecord,
  type RecipientRecord,
} from '../../../integrations/awards/award-record';

/**
 * One row of a USAspending contract CSV → an award row and its recipient. Two layouts are read
 * (headers: shared/data/awards/usaspending/bulk/columns__*.txt): the custom download's
 * PrimeAwardSummaries (one row per award) and the PrimeTransactions layout, which is also the
 * layout of the monthly award data archive (one row per action; the latest action wins).
 */
export type AwardCsvLayout = 'award_summaries' | 'transactions';

export const REQUIRED_AWARD_COLUMNS = [
  'contract_award_unique_key',
  'award_id_piid',
  'recipient_uei',
  'recipient_name',
  'period_of_performance_current_end_date',
];

/** The layout a header names, or null when it is not a USAspending contract CSV. */
export function layoutOf(columns: string[]): AwardCsvLayout | null {
  if (!REQUIRED_AWARD_COLUMNS.every((c) => columns.includes(c))) return null;
  return columns.includes('contract_transaction_unique_key') ? 'transactions' : 'award_summaries';
}

export function missingAwardColumns(columns: string[]): string[] {
  return REQUIRED_AWARD_COLUMNS.filter((c) => !columns.includes(c));
}

// Socio-economic flags ('t'/'f') that describe a vendor, and the label we keep.
export const BUSINESS_FLAGS: [string, string][] = [
  ['c8a_program_participant', '8(a) program participant'],
  ['historically_underutilized_business_zone_hubzone_firm', 'HUBZone firm'],
  ['service_disabled_veteran_owned_business', 'Service-disabled veteran-owned business'],
  ['veteran_owned_business', 'Veteran-owned business'],
  ['women_owned_small_business', 'Women-owned small business'],
  ['economically_disadvantaged_women_owned_small_business', 'Economically disadvantaged women-owned small business'],
  ['woman_owned_business', 'Woman-owned business'],
  ['small_disadvantaged_business', 'Small disadvantaged business'],
  ['minority_owned_business', 'Minority-owned business'],
  ['alaskan_native_corporation_owned_firm', 'Alaskan Native corporation-owned firm'],
  ['sba_certified_8a_joint_venture', 'SBA-certified 8(a) joint venture'],
  ['educational_institution', 'Educational institution'],
  ['nonprofit_organization', 'Nonprofit organization'],
  ['federally_funded_research_and_development_corp', 'FFRDC'],
];

const KEY = /^CONT_(AWD|IDV)_\S+$/;

export type CsvRecord = Record<string, string | undefined>;
export type MappedAwardRow = { ok: true; award: AwardRecord; recipient: RecipientRecord | null } | { ok: false; reason: string };

/** A date cell: blank → null, a date → YYYY-MM-DD, anything else → the reason it is malformed. */
function dateCell(record: CsvRecord, column: string): { value: string | null } | { reason: string } {
  const raw = record[column]?.trim() ?? '';
  if (raw === '') return { value: null };
  const day = dayOf(raw);
  return day ? { value: day } : { reason: `${column} "${raw.slice(0, 40)}" is not a date` };
}

function moneyCell(record: CsvRecord, column: string): { value: string | null } | { reason: string } {
  const raw = record[column]?.trim() ?? '';
  if (raw === '') return { value: null };
  const money = moneyOf(raw);
  return money ? { value: money } : { reason: `${column} "${raw.slice(0, 40)}" is not an amount` };
}

/**
 * The contracting officer's size determination: the code column ('S' / 'O'), else its text
 * ("SMALL BUSINESS" / "OTHER THAN SMALL BUSINESS"); anything else says nothing (null).
 */
function businessSizeOf(record: CsvRecord): 'S' | 'O' | null {
  const code = textOf(record.contracting_officers_determination_of_business_size_code)?.toUpperCase();
  if (code === 'S' || code === 'O') return code;
  const text = textOf(record.contracting_officers_determination_of_business_size)?.toUpperCase();
  if (text === 'SMALL BUSINESS') return 'S';
  if (text === 'OTHER THAN SMALL BUSINESS') return 'O';
  return null;
}

export function csvRecordToAward(record: CsvRecord, layout: AwardCsvLayout, fetchedAt: Date): MappedAwardRow {
  const key = textOf(record.contract_award_unique_key);
  if (!key) return { ok: false, reason: 'contract_award_unique_key is empty' };
  if (!KEY.test(key)) return { ok: false, reason: `contract_award_unique_key "${key.slice(0, 60)}" is not a contract award key` };
  const piid = textOf(record.award_id_piid);
  if (!piid) return { ok: false, reason: 'award_id_piid is empty' };
  const isIdv = key.startsWith('CONT_IDV_');

  const dates = {
    start: dateCell(record, 'period_of_performance_start_date'),
    end: dateCell(record, isIdv && record.ordering_period_end_date ? 'ordering_period_end_date' : 'period_of_performance_current_end_date'),
    potential: dateCell(record, 'period_of_performance_potential_end_date'),
    last: dateCell(record, layout === 'transactions' ? 'action_date' : 'award_latest_action_date'),
  };
  const money = {
    obligated: moneyCell(record, layout === 'transactions' ? 'total_dollars_obligated' : 'total_obligated_amount'),
    ceiling: moneyCell(record, 'potential_total_value_of_award'),
  };
  for (const cell of [...Object.values(dates), ...Object.values(money)]) if ('reason' in cell) return { ok: false, reason: cell.reason };
  const value = (c: { value: string | null } | { reason: string }) => ('value' in c ? c.value : null);

  const offersRaw = textOf(record.number_of_offers_received);
  const offers = countOf(offersRaw);
  if (offersRaw !== null && offers === null)
    return { ok: false, reason: `number_of_offers_received "${offersRaw.slice(0, 20)}" is not a count` };

  const typeCode = isIdv ? textOf(record.idv_type_code) : textOf(record.award_type_code);
  const uei = textOf(record.recipient_uei)?.toUpperCase() ?? null;
  const name = textOf(record.recipient_name);
  const award: AwardRecord = {
    awardKey: key,
    piid,
    parentIdvPiid: textOf(record.parent_award_id_piid),
    awardTypeCode: typeCode && isIdv ? `IDV_${typeCode}` : typeCode,
    recipientUei: uei,
    recipientName: name,
    recipientParentUei: textOf(record.recipient_parent_uei)?.toUpperCase() ?? null,
    awardingAgencyCode: textOf(record.awarding_agency_code),
    awardingAgencyName: textOf(record.awarding_agency_name),
    awardingSubAgencyCode: textOf(record.awarding_sub_agency_code),
    awardingSubAgencyName: textOf(record.awarding_sub_agency_name),
    awardingOfficeCode: textOf(record.awarding_office_code),
    awardingOfficeName: textOf(record.awarding_office_name),
    naicsCode: textOf(record.naics_code),
    pscCode: textOf(record.product_or_service_code),
    popState: textOf(record.primary_place_of_performance_state_code),
    popZip: textOf(record.primary_place_of_performance_zip_4)?.slice(0, 5) ?? null,
    popCountry: textOf(record.primary_place_of_performance_country_code),
    startDate: value(dates.start),
    currentEndDate: value(dates.end),
    potentialEndDate: value(dates.potential),
    obligatedAmount: value(money.obligated),
    baseAndAllOptionsValue: value(money.ceiling),
    solicitationId: textOf(record.solicitation_identifier),
    setAsideCode: textOf(record.type_of_set_aside_code),
    extentCompetedCode: textOf(record.extent_competed_code),
    offersReceived: offers,
    businessSize: businessSizeOf(record),
    // Neither layout states a count (number_of_actions is FPDS's bundling count, not this): for
    // transactions it is counted from the history `transaction` adds to (awards-write.repository.ts).
    modificationCount: null,
    description: textOf(layout === 'transactions' ? record.transaction_description : record.prime_award_base_transaction_description),
    lastActionDate: value(dates.last),
    source: 'usaspending_csv',
    sourceUrl: textOf(record.usaspending_permalink) ?? usaspendingAwardUrl(key),
    fetchedAt,
  };
  // One action of the award's history; a row without its modification number or date cannot be placed.
  const modificationNumber = layout === 'transactions' ? textOf(record.modification_number) : null;
  if (modificationNumber && award.lastActionDate)
    award.transaction = { modificationNumber, actionDate: award.lastActionDate, currentEndDate: award.currentEndDate };
  // A vendor only by UEI: a row without one names nobody we can tell apart from a namesake.
  const recipient: RecipientRecord | null = uei
    ? {
        uei,
        names: name ? [name] : [],
        parentUei: award.recipientParentUei,
        // The size determination is per award (per NAICS), not the vendor's: it stays off this list.
        businessTypes: BUSINESS_FLAGS.filter(([column]) => record[column]?.trim().toLowerCase() === 't').map(([, label]) => label),
      }
    : null;
  return { ok: true, award, recipient };
}
