import { httpUrlOrNull } from '../../lib/http-url';
import type {
  Attachment,
  NewOpportunityRow,
  OfficeAddress,
  OpportunityAward,
  OpportunityContact,
  PlaceOfPerformance,
} from '../../db/schema/opportunities';
import { parseSamDate, samTimeZone } from '../../lib/sam-dates';
import type { SamAward, SamCodeName, SamLocation, SamOfficeAddress, SamOpportunity, SamPointOfContact } from './samgov-types';

/** A NewOpportunityRow whose list columns and source are always set. */
export type SamOpportunityRow = NewOpportunityRow & {
  contacts: OpportunityContact[];
  attachments: Attachment[];
  source: 'sam_api';
};

/**
 * Maps one v2 search record to an `opportunities` row, filling the columns the way the bulk CSV
 * extract fills them (Department/Ind.Agency, CGAC, Sub-Tier, FPDS Code, Office, AAC Code, …), so
 * rows from both sources look alike. `description` keeps SAM's noticedesc URL: the marker that the
 * text still has to be fetched.
 */
export function mapSamOpportunity(o: SamOpportunity): SamOpportunityRow {
  const org = splitOrganization(o.fullParentPathName, o.fullParentPathCode, o.organizationType);
  return {
    noticeId: o.noticeId.trim(),
    title: clean(o.title) ?? '',
    solicitationNumber: clean(o.solicitationNumber),
    department: org.department ?? clean(o.department),
    subTier: org.subTier ?? clean(o.subTier),
    // Like the CSV importer: SAM pads some office names with runs of spaces.
    office: (org.office ?? clean(o.office))?.replace(/\s{2,}/g, ' ') ?? null,
    cgac: org.cgac,
    fpdsCode: org.fpdsCode,
    aacCode: org.aacCode,
    noticeType: clean(o.type),
    baseType: clean(o.baseType),
    archiveType: clean(o.archiveType),
    archiveDate: samDate(o.archiveDate, 'end'),
    setAsideCode: clean(o.typeOfSetAside),
    setAside: clean(o.typeOfSetAsideDescription),
    naicsCode: clean(o.naicsCode) ?? clean(o.naicsCodes?.[0]),
    pscCode: clean(o.classificationCode),
    postedDate: samDate(o.postedDate, 'start'),
    responseDeadline: samDate(o.responseDeadLine, 'end'),
    responseTimeZone: samTimeZone(typeof o.responseDeadLine === 'string' ? o.responseDeadLine : null),
    active: parseActive(o.active),
    placeOfPerformance: mapLocation(o.placeOfPerformance),
    award: mapAward(o.award),
    contacts: (o.pointOfContact ?? []).map(mapContact).filter((c): c is OpportunityContact => c !== null),
    organizationType: clean(o.organizationType),
    officeAddress: mapOfficeAddress(o.officeAddress),
    additionalInfoLink: httpUrlOrNull(clean(o.additionalInfoLink)),
    link: httpUrlOrNull(clean(o.uiLink)),
    description: clean(o.description),
    attachments: mapAttachments(o.resourceLinks),
    source: 'sam_api',
  };
}

/** `"  x  "` → `"x"`; `""`, whitespace, `"null"` and non-strings → null. */
function clean(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' || t === 'null' ? null : t;
}

/** clean() plus runs of whitespace (incl. `\n`) folded to one space, as the CSV extract has them. */
function collapse(v: unknown): string | null {
  const t = clean(v);
  return t === null ? null : t.replace(/\s+/g, ' ');
}

function parseActive(v: unknown): boolean | null {
  const t = clean(v)?.toLowerCase();
  if (t === 'yes' || t === 'true' || t === 'y') return true;
  if (t === 'no' || t === 'false' || t === 'n') return false;
  return null;
}

/**
 * SAM dates, read the way the CSV importer reads them (lib/sam-dates.ts),
 * so a notice gets the same timestamps from either source: a date-only posting is noon UTC of that
 * day, a date-only deadline or archive date 23:59 UTC. Absent or malformed → null.
 */
function samDate(v: string | null | undefined, dateOnly: 'start' | 'end'): Date | null {
  return parseSamDate(typeof v === 'string' ? v : null, dateOnly) ?? null;
}

interface OrgParts {
  department: string | null;
  subTier: string | null;
  office: string | null;
  cgac: string | null;
  fpdsCode: string | null;
  aacCode: string | null;
}

/**
 * Splits `fullParentPathName` / `fullParentPathCode` into the CSV's Department, Sub-Tier, Office,
 * CGAC, FPDS Code and AAC Code. Names contain dots themselves (`U.S. EMBASSY PARIS`,
 * `INTERNAT. BOUNDARY AND WATER COMM.`), so fragments that cannot start an org name are glued
 * back, and surplus segments (more names than codes) go to the office, the last segment.
 * The AAC code is the last code of an `OFFICE`; sub-commands have none (the CSV leaves it empty).
 */
export function splitOrganization(
  pathName: string | null | undefined,
  pathCode: string | null | undefined,
  organizationType?: string | null,
): OrgParts {
  const codes = (clean(pathCode) ?? '')
    .split('.')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const names = splitPathNames(clean(pathName) ?? '', codes.length);
  const lastCode = codes.length >= 3 ? codes[codes.length - 1] : null;
  const type = clean(organizationType)?.toUpperCase();
  const aacCode = lastCode && (type ? type === 'OFFICE' : /^[A-Z0-9]{6}$/i.test(lastCode)) ? lastCode : null;
  return {
    department: names[0] ?? null,
    subTier: names.length >= 2 ? names[1] : null,
    office: names.length >= 1 ? names[names.length - 1] : null,
    cgac: codes[0] ?? null,
    fpdsCode: codes[1] ?? null,
    aacCode,
  };
}

function splitPathNames(pathName: string, expected: number): string[] {
  if (pathName === '') return [];
  const merged: string[] = [];
  for (const fragment of pathName.split('.')) {
    const prev = merged[merged.length - 1];
    const prevLastWord = prev?.trim().split(/\s+/).pop() ?? '';
    // A new segment never starts with a space, a dash or punctuation, is never empty, and never
    // follows a lone initial ("U" of "U.S EMBASSY", "…: U" of "…: U.S.-MEXICO"): those fragments
    // belong to the name before.
    const afterInitial = /^[A-Za-z]$/.test(prevLastWord) && (prev?.trim().length === 1 || fragment.trim().length <= 2);
    const continues = prev !== undefined && (fragment === '' || /^[\s\-,;:)&/]/.test(fragment) || afterInitial);
    if (continues) merged[merged.length - 1] = `${prev}.${fragment}`;
    else merged.push(fragment);
  }
  let parts = merged.map((p) => p.trim()).filter((p) => p !== '');
  if (expected >= 1 && parts.length > expected) {
    parts = [...parts.slice(0, expected - 1), parts.slice(expected - 1).join('.')];
  }
  return parts;
}

function name(v: SamCodeName | null | undefined, prefer: 'code' | 'name'): string | null {
  if (!v) return null;
  return prefer === 'code' ? (clean(v.code) ?? clean(v.name)) : (clean(v.name) ?? clean(v.code));
}

/** Like the CSV's Pop* columns: city name, state code, zip, country code. All-empty → null. */
function mapLocation(p: SamLocation | null | undefined): PlaceOfPerformance | null {
  if (!p || typeof p !== 'object') return null;
  const street = [clean(p.streetAddress), clean(p.streetAddress2)].filter((s) => s !== null).join(', ');
  const out: PlaceOfPerformance = {
    street_address: street === '' ? null : street,
    city: name(p.city, 'name'),
    state: name(p.state, 'code'),
    zip: clean(p.zip),
    country: name(p.country, 'code'),
  };
  return Object.values(out).every((v) => v === null) ? null : out;
}

/** Awardee flattened like the CSV's `Awardee` column: `NAME City ST ZIP COUNTRY`. */
function mapAward(a: SamAward | null | undefined): OpportunityAward | null {
  if (!a || typeof a !== 'object') return null;
  const who = a.awardee;
  const loc = who?.location;
  const awardeeParts = [
    collapse(who?.name),
    name(loc?.city, 'name'),
    name(loc?.state, 'code'),
    clean(loc?.zip),
    name(loc?.country, 'code'),
  ].filter((s): s is string => s !== null);
  const out: OpportunityAward = {
    number: clean(a.number),
    date: clean(a.date),
    amount: clean(a.amount),
    awardee: clean(who?.name) === null ? null : awardeeParts.join(' '),
  };
  return Object.values(out).every((v) => v === null) ? null : out;
}

function mapContact(c: SamPointOfContact | null | undefined): OpportunityContact | null {
  if (!c || typeof c !== 'object') return null;
  const out: OpportunityContact = {
    type: clean(c.type)?.toLowerCase() === 'secondary' ? 'secondary' : 'primary',
    title: collapse(c.title),
    full_name: collapse(c.fullName),
    email: clean(c.email),
    phone: clean(c.phone),
    fax: clean(c.fax),
  };
  // Like the CSV importer: a fax number alone does not make a contact.
  return [out.title, out.full_name, out.email, out.phone].every((v) => v === null) ? null : out;
}

function mapOfficeAddress(a: SamOfficeAddress | null | undefined): OfficeAddress | null {
  if (!a || typeof a !== 'object') return null;
  const out: OfficeAddress = {
    city: clean(a.city),
    state: clean(a.state),
    zip: clean(a.zipcode), // kept as SAM sends it (also `837055354`), as the CSV importer does
    country: clean(a.countryCode),
  };
  return Object.values(out).every((v) => v === null) ? null : out;
}

/** resourceLinks → `[{name, url}]`; the name is the URL's file name when it has one, else `Attachment N`. */
function mapAttachments(links: string[] | null | undefined): Attachment[] {
  if (!Array.isArray(links)) return [];
  const urls = links.map((l) => clean(l)).filter((l): l is string => l !== null);
  return urls.map((url, i) => ({ name: fileNameOf(url) ?? `Attachment ${i + 1}`, url }));
}

function fileNameOf(url: string): string | null {
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').filter((s) => s !== '');
  } catch {
    return null;
  }
  const last = segments[segments.length - 1];
  if (!last || !/\.[A-Za-z0-9]{1,8}$/.test(last)) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
