/** A value/label pair of a select (SPEC §3 agency filter option). */
export interface SelectOption {
  value: string;
  label: string;
}

/** "All Agencies": no agency filter. */
export const ALL_AGENCIES = 'all';

/**
 * The agencies of SPEC §9 (it says 23 but names 24; all 24 are here). Values are the exact `Department/Ind.Agency` strings SAM.gov uses
 * (shared/data/samgov/DEPARTMENTS.md), so a filter compares them as they are stored.
 */
export const AGENCY_OPTIONS: SelectOption[] = [
  { value: ALL_AGENCIES, label: 'All Agencies' },
  ...[
    'DEPT OF DEFENSE',
    'VETERANS AFFAIRS, DEPARTMENT OF',
    'HOMELAND SECURITY, DEPARTMENT OF',
    'JUSTICE, DEPARTMENT OF',
    'AGRICULTURE, DEPARTMENT OF',
    'INTERIOR, DEPARTMENT OF THE',
    'STATE, DEPARTMENT OF',
    'TRANSPORTATION, DEPARTMENT OF',
    'ENERGY, DEPARTMENT OF',
    'HEALTH AND HUMAN SERVICES, DEPARTMENT OF',
    'COMMERCE, DEPARTMENT OF',
    'TREASURY, DEPARTMENT OF THE',
    'LABOR, DEPARTMENT OF',
    'EDUCATION, DEPARTMENT OF',
    'HOUSING AND URBAN DEVELOPMENT, DEPARTMENT OF',
    'GENERAL SERVICES ADMINISTRATION',
    'NATIONAL AERONAUTICS AND SPACE ADMINISTRATION',
    'ENVIRONMENTAL PROTECTION AGENCY',
    'FEDERAL DEPOSIT INSURANCE CORPORATION',
    'AGENCY FOR INTERNATIONAL DEVELOPMENT',
    'SECURITIES AND EXCHANGE COMMISSION',
    'POSTAL SERVICE',
    'SOCIAL SECURITY ADMINISTRATION',
    'OFFICE OF PERSONNEL MANAGEMENT',
  ].map((value) => ({ value, label: value })),
];

/** No set-aside filter. */
export const NO_SET_ASIDE = 'none';

/** Set-aside filter options with SAM.gov's codes (SPEC §3). */
export const SET_ASIDE_OPTIONS: SelectOption[] = [
  { value: NO_SET_ASIDE, label: 'No set-aside filter' },
  { value: 'SBA', label: 'Total Small Business (SBA)' },
  { value: 'SBP', label: 'Partial Small Business (SBP)' },
  { value: '8A', label: '8(a) Competed' },
  { value: '8AN', label: '8(a) Sole Source' },
  { value: 'SDVOSBC', label: 'SDVOSB Set-Aside' },
  { value: 'SDVOSBS', label: 'SDVOSB Sole Source' },
  { value: 'WOSB', label: 'Women-Owned Small Business (WOSB)' },
  { value: 'EDWOSB', label: 'Economically Disadvantaged WOSB (EDWOSB)' },
  { value: 'HZC', label: 'HUBZone Set-Aside' },
  { value: 'HZS', label: 'HUBZone Sole Source' },
];

export const SET_ASIDE_CODES = SET_ASIDE_OPTIONS.filter((o) => o.value !== NO_SET_ASIDE).map((o) => o.value);
