import type { NewOpportunityRow, OpportunityContact } from '../../../db/schema/opportunities';
import { parseSamDate, samTimeZone } from '../../../lib/sam-dates';

import { httpUrlOrNull } from '../../../lib/http-url';
/** The columns of ContractOpportunitiesFullCSV an import cannot do without. */
export const REQUIRED_COLUMNS = ['NoticeId', 'Title'] as const;

export type CsvRecord = Record<string, string | undefined>;

export type RowResult = { ok: true; row: NewOpportunityRow } | { ok: false; reason: string };

const NOTICE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function text(record: CsvRecord, column: string): string | null {
  const value = record[column]?.trim();
  return value ? value : null;
}

function someSet(...values: (string | null)[]): boolean {
  return values.some((v) => v !== null);
}

/**
 * Maps one extract record (columns matched by header name, API-FACTS §2) to an opportunities row.
 * A record without a usable NoticeId or Title, or with a date that is not a date, is malformed:
 * the importer counts and reports it instead of storing half of it.
 */
export function csvRecordToRow(record: CsvRecord): RowResult {
  const noticeId = text(record, 'NoticeId');
  if (!noticeId || !NOTICE_ID.test(noticeId)) return { ok: false, reason: `invalid NoticeId ${JSON.stringify(record.NoticeId ?? '')}` };
  const title = text(record, 'Title');
  if (!title) return { ok: false, reason: `missing Title for ${noticeId}` };

  const dates: Record<string, Date | null> = {};
  for (const [column, which] of [
    ['PostedDate', 'start'],
    ['ResponseDeadLine', 'end'],
    ['ArchiveDate', 'end'],
  ] as const) {
    const parsed = parseSamDate(record[column], which);
    if (parsed === undefined) return { ok: false, reason: `invalid ${column} ${JSON.stringify(record[column])} for ${noticeId}` };
    dates[column] = parsed;
  }

  const contact = (prefix: 'Primary' | 'Secondary'): OpportunityContact | null => {
    const c = {
      type: prefix === 'Primary' ? ('primary' as const) : ('secondary' as const),
      title: text(record, `${prefix}ContactTitle`),
      full_name: text(record, `${prefix}ContactFullname`),
      email: text(record, `${prefix}ContactEmail`),
      phone: text(record, `${prefix}ContactPhone`),
      fax: text(record, `${prefix}ContactFax`),
    };
    return someSet(c.full_name, c.email, c.phone, c.title) ? c : null;
  };

  const pop = {
    street_address: text(record, 'PopStreetAddress'),
    city: text(record, 'PopCity'),
    state: text(record, 'PopState'),
    zip: text(record, 'PopZip'),
    country: text(record, 'PopCountry'),
  };
  const award = {
    number: text(record, 'AwardNumber'),
    date: text(record, 'AwardDate'),
    amount: text(record, 'Award$'),
    awardee: text(record, 'Awardee'),
  };
  const officeAddress = {
    city: text(record, 'City'),
    state: text(record, 'State'),
    zip: text(record, 'ZipCode'),
    country: text(record, 'CountryCode'),
  };
  const active = text(record, 'Active');

  return {
    ok: true,
    row: {
      noticeId,
      title,
      solicitationNumber: text(record, 'Sol#'),
      department: text(record, 'Department/Ind.Agency'),
      cgac: text(record, 'CGAC'),
      subTier: text(record, 'Sub-Tier'),
      fpdsCode: text(record, 'FPDS Code'),
      // SAM pads some office names with runs of spaces ("0906 AQ CO     DET A").
      office: text(record, 'Office')?.replace(/\s{2,}/g, ' ') ?? null,
      aacCode: text(record, 'AAC Code'),
      noticeType: text(record, 'Type'),
      baseType: text(record, 'BaseType'),
      archiveType: text(record, 'ArchiveType'),
      archiveDate: dates.ArchiveDate,
      setAsideCode: text(record, 'SetASideCode'),
      setAside: text(record, 'SetASide'),
      naicsCode: text(record, 'NaicsCode'),
      pscCode: text(record, 'ClassificationCode'),
      postedDate: dates.PostedDate,
      responseDeadline: dates.ResponseDeadLine,
      responseTimeZone: samTimeZone(record.ResponseDeadLine),
      active: active === null ? null : /^(yes|true|y|1)$/i.test(active),
      placeOfPerformance: someSet(...Object.values(pop)) ? pop : null,
      award: someSet(...Object.values(award)) ? award : null,
      contacts: [contact('Primary'), contact('Secondary')].filter((c): c is OpportunityContact => c !== null),
      organizationType: text(record, 'OrganizationType'),
      officeAddress: someSet(...Object.values(officeAddress)) ? officeAddress : null,
      additionalInfoLink: httpUrlOrNull(text(record, 'AdditionalInfoLink')),
      link: httpUrlOrNull(text(record, 'Link')),
      description: text(record, 'Description'),
      attachments: [],
      source: 'csv',
    },
  };
}
