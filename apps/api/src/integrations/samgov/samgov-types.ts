/**
 * Types of the SAM.gov Get Opportunities Public API v2 search response
 * (`GET https://api.sam.gov/opportunities/v2/search`), written from a real saved response
 * (fixtures/search-response-v2.json) and the GSA doc. Every field SAM may leave out or null is
 * typed so; real data has `{}`, `""` and partial objects where the doc promises full ones.
 */

/** `{code, name}` pairs in placeOfPerformance / award locations. `code` is often missing. */
export interface SamCodeName {
  code?: string | null;
  name?: string | null;
}

export interface SamLocation {
  streetAddress?: string | null;
  streetAddress2?: string | null;
  city?: SamCodeName | null;
  state?: SamCodeName | null;
  zip?: string | null;
  country?: SamCodeName | null;
}

export interface SamAwardee {
  name?: string | null;
  location?: SamLocation | null;
  ueiSAM?: string | null;
  cageCode?: string | null;
  /** Old records only. */
  duns?: string | null;
}

/** On award notices. Real data also has `{awardee: {}}` with nothing else. */
export interface SamAward {
  /** `YYYY-MM-DD` */
  date?: string | null;
  number?: string | null;
  /** Decimal string, e.g. `"5000000.00"`. */
  amount?: string | number | null;
  awardee?: SamAwardee | null;
}

export interface SamPointOfContact {
  fax?: string | null;
  /** `"primary"` or `"secondary"`. */
  type?: string | null;
  email?: string | null;
  phone?: string | null;
  title?: string | null;
  /** Real quirks: `"Telephone: 7176053353"`, embedded `\n`. */
  fullName?: string | null;
  additionalInfo?: { content?: string | null } | null;
}

export interface SamOfficeAddress {
  /** May lack its hyphen: `"837055354"`. */
  zipcode?: string | null;
  city?: string | null;
  countryCode?: string | null;
  state?: string | null;
}

export interface SamLink {
  rel: string;
  href: string;
}

/** One item of `opportunitiesData`. */
export interface SamOpportunity {
  /** 32 lowercase hex characters. */
  noticeId: string;
  /** May carry leading or trailing spaces. */
  title: string;
  solicitationNumber?: string | null;
  /** Dot-joined org names: department.subtier[.…].office (names may contain commas). */
  fullParentPathName?: string | null;
  /** Dot-joined org codes: CGAC.FPDS code[.…].AAC code (for offices). */
  fullParentPathCode?: string | null;
  /** Deprecated; only in old records and doc examples. */
  department?: string | null;
  /** Deprecated; only in old records and doc examples. */
  subTier?: string | null;
  /** Deprecated; only in old records and doc examples. */
  office?: string | null;
  /** Real data: date only, `"2026-02-02"`. The doc claims `"YYYY-MM-DD HH:MM:SS"`. */
  postedDate?: string | null;
  /** Current notice type, e.g. `"Solicitation"`, `"Award Notice"`. */
  type?: string | null;
  /** Original notice type; may differ from `type`. */
  baseType?: string | null;
  /** `auto15`, `auto30`, `autocustom`, `manual`. */
  archiveType?: string | null;
  /** `YYYY-MM-DD` or null. */
  archiveDate?: string | null;
  typeOfSetAsideDescription?: string | null;
  /** Set-aside code, e.g. `SBA`, `NONE`, `""` or null. */
  typeOfSetAside?: string | null;
  /** ISO with offset (`2026-03-02T16:00:00-05:00`), date only (`2025-02-24`) or null. */
  responseDeadLine?: string | null;
  naicsCode?: string | null;
  naicsCodes?: string[] | null;
  /** PSC, e.g. `"Z2AA"`, `"5850"`. */
  classificationCode?: string | null;
  /** `"Yes"` / `"No"`. */
  active?: string | null;
  award?: SamAward | null;
  pointOfContact?: SamPointOfContact[] | null;
  /**
   * Not text: the noticedesc URL, `https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid={id}`.
   * Doc examples also show the literal string `"null"`.
   */
  description?: string | null;
  /** `"OFFICE"`, `"SUB COMMAND"`, … */
  organizationType?: string | null;
  officeAddress?: SamOfficeAddress | null;
  /** Partial objects, `{}` or null are all real. */
  placeOfPerformance?: SamLocation | null;
  additionalInfoLink?: string | null;
  /** `https://sam.gov/opp/{id}/view` or `https://sam.gov/workspace/contract/opp/{id}/view`. */
  uiLink?: string | null;
  links?: SamLink[] | null;
  /** Attachment download URLs (append `api_key` to download), or null. */
  resourceLinks?: string[] | null;
}

/** The whole v2 search answer. */
export interface SamSearchResponse {
  totalRecords: number;
  limit: number;
  offset: number;
  opportunitiesData: SamOpportunity[];
  links?: SamLink[] | null;
}

/** SAM's own error body, e.g. `{"errorCode":"400","errorMessage":"PostedFrom and PostedTo are mandatory"}`. */
export interface SamErrorBody {
  errorCode: string;
  errorMessage: string;
}

/** WSO2 gateway body on 429/401, e.g. `{"code":"900804","message":"Message throttled out",…}`. */
export interface SamGatewayErrorBody {
  code: string;
  message: string;
  description?: string;
  /** `"2026-Sep-02 00:00:00+0000 UTC"` */
  nextAccessTime?: string;
}

/** API-Umbrella-style body on a missing or invalid key: `{"error":{"code":"API_KEY_INVALID","message":…}}`. */
export interface SamUmbrellaErrorBody {
  error: { code: string; message: string };
}
