import { countOf, dayOf, moneyOf, textOf, usaspendingAwardKey, usaspendingAwardUrl, type AwardRecord } from './award-record';
import type { SamAward } from './sam-contract-awards-schemas';

/** SAM's "not applicable" codes carry no fact. */
const code = (v: { code?: string } | undefined): string | null => {
  const c = textOf(v?.code);
  return c === null || c === 'N/A' || c === 'X' ? null : c;
};

/**
 * One SAM.gov Contract Awards record (one transaction: the base or a modification) → our row, keyed
 * as USAspending keys the same award (contractId.subtier is the agency id in that key), so the two
 * sources meet on one row. Orders take their competition fields from the referenced IDV's when
 * their own are absent (field-mapping.csv).
 */
/** The contracting officer's size determination ('S' / 'O'), from its code, else its name; else null. */
function sizeOf(raw: unknown): 'S' | 'O' | null {
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (!first || typeof first !== 'object') return null;
  const { code: c, name } = first as { code?: unknown; name?: unknown };
  const said = typeof c === 'string' ? c.trim().toUpperCase() : '';
  if (said === 'S' || said === 'O') return said;
  const text = typeof name === 'string' ? name.trim().toUpperCase() : '';
  return text === 'SMALL BUSINESS' ? 'S' : text === 'OTHER THAN SMALL BUSINESS' ? 'O' : null;
}

export function awardFromSam(r: SamAward, fetchedAt: Date): AwardRecord {
  const id = r.contractId;
  const core = r.coreData;
  const details = r.awardDetails;
  const isIdv = core?.awardOrIDV?.toUpperCase() === 'IDV';
  const parent = id.referencedIDVPiid ? { piid: id.referencedIDVPiid, agency: id.referencedIDVSubtier?.code ?? id.subtier.code } : null;
  const awardKey = usaspendingAwardKey(isIdv ? 'idv' : 'award', id.piid, id.subtier.code, parent);
  const org = core?.federalOrganization?.contractingInformation;
  const place = core?.principalPlaceOfPerformance;
  const dates = details?.dates ?? {};
  const dollars = details?.totalContractDollars ?? {};
  const comp = details?.competitionInformation;
  const typeCode = code(core?.awardOrIDVType);
  const uei = details?.awardeeData?.awardeeUEIInformation;
  return {
    awardKey,
    piid: id.piid,
    parentIdvPiid: parent?.piid ?? null,
    awardTypeCode: typeCode && isIdv ? `IDV_${typeCode}` : typeCode,
    recipientUei: textOf(uei?.uniqueEntityId),
    recipientName:
      textOf(details?.awardeeData?.awardeeHeader?.awardeeName) ?? textOf(details?.awardeeData?.awardeeHeader?.legalBusinessName),
    recipientParentUei: textOf(uei?.awardeeUltimateParentUniqueEntityId),
    awardingAgencyCode: textOf(org?.contractingDepartment?.code),
    awardingAgencyName: textOf(org?.contractingDepartment?.name),
    awardingSubAgencyCode: textOf(org?.contractingSubtier?.code),
    awardingSubAgencyName: textOf(org?.contractingSubtier?.name),
    awardingOfficeCode: textOf(org?.contractingOffice?.code),
    awardingOfficeName: textOf(org?.contractingOffice?.name),
    naicsCode: textOf(core?.productOrServiceInformation?.principalNaics?.[0]?.code),
    pscCode: textOf(core?.productOrServiceInformation?.productOrService?.code),
    popState: textOf(place?.state?.code),
    popZip: textOf(place?.zipCode)?.slice(0, 5) ?? null,
    popCountry: textOf(place?.country?.code),
    startDate: dayOf(dates.periodOfPerformanceStartDate),
    // For an IDV the ordering period's end is what gets recompeted.
    currentEndDate: dayOf(isIdv ? (dates.lastDateToOrder ?? dates.currentCompletionDate) : dates.currentCompletionDate),
    potentialEndDate: dayOf(dates.ultimateCompletionDate),
    obligatedAmount: moneyOf(dollars.totalActionObligation),
    baseAndAllOptionsValue: moneyOf(dollars.totalBaseAndAllOptionsValue),
    solicitationId: textOf(core?.solicitationId),
    setAsideCode: code(core?.competitionInformation?.typeOfSetAside) ?? code(comp?.idvTypeOfSetAside),
    extentCompetedCode: code(core?.competitionInformation?.extentCompeted) ?? code(comp?.extentCompetedForReferencedIdv),
    offersReceived: countOf(comp?.numberOfOffersReceived) ?? countOf(comp?.idvNumberOfOffersReceived),
    businessSize: sizeOf(details?.preferenceProgramsInformation?.contractingOfficerBusinessSizeDetermination),
    modificationCount: null,
    description: textOf(details?.productOrServiceInformation?.descriptionOfContractRequirement),
    lastActionDate: dayOf(details?.transactionData?.lastModifiedDate) ?? dayOf(dates.dateSigned),
    source: 'sam_contract_awards',
    sourceUrl: usaspendingAwardUrl(awardKey),
    fetchedAt,
  };
}

/**
 * SAM answers one record per transaction: keeps, per award, the latest (its summary values are
 * the award's current ones) and counts the modifications seen.
 */
export function latestPerAward(records: { award: AwardRecord; modificationNumber: string | undefined }[]): AwardRecord[] {
  const byKey = new Map<string, { award: AwardRecord; mods: Set<string> }>();
  for (const { award, modificationNumber } of records) {
    const seen = byKey.get(award.awardKey);
    const mods = seen?.mods ?? new Set<string>();
    if (modificationNumber && modificationNumber !== '0') mods.add(modificationNumber);
    const newer = !seen || (award.lastActionDate ?? '') >= (seen.award.lastActionDate ?? '');
    byKey.set(award.awardKey, { award: newer ? award : seen.award, mods });
  }
  return [...byKey.values()].map(({ award, mods }) => ({ ...award, modificationCount: mods.size }));
}
