import { RADAR_DEFAULT_FROM_MONTHS, RADAR_DEFAULT_TO_MONTHS, RADAR_SORTS, type RadarSort } from '@biddesk/shared';

/** What /radar shows, kept in the URL so a saved search's link and Back both restore it. */
export interface RadarState {
  naics: string;
  psc: string;
  agency: string;
  fromMonths: number;
  toMonths: number;
  signalsOnly: boolean;
  sort: RadarSort;
  order: 'asc' | 'desc';
  page: number;
}

const int = (v: string | null, fallback: number) => (v !== null && /^\d+$/.test(v) ? Number(v) : fallback);

export function readRadarState(params: URLSearchParams): RadarState {
  const sort = params.get('sort');
  return {
    naics: params.get('naics') ?? '',
    psc: params.get('psc') ?? '',
    agency: params.get('agency') ?? '',
    fromMonths: int(params.get('from_months'), RADAR_DEFAULT_FROM_MONTHS),
    toMonths: int(params.get('to_months'), RADAR_DEFAULT_TO_MONTHS),
    signalsOnly: params.get('signals_only') === 'true',
    sort: (RADAR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as RadarSort) : 'end_date',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, int(params.get('page'), 1)),
  };
}

/** The URL parameters of a state: defaults left out, so links stay short. */
export function writeRadarState(s: RadarState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.naics) p.set('naics', s.naics);
  if (s.psc) p.set('psc', s.psc);
  if (s.agency) p.set('agency', s.agency);
  if (s.fromMonths !== RADAR_DEFAULT_FROM_MONTHS) p.set('from_months', String(s.fromMonths));
  if (s.toMonths !== RADAR_DEFAULT_TO_MONTHS) p.set('to_months', String(s.toMonths));
  if (s.signalsOnly) p.set('signals_only', 'true');
  if (s.sort !== 'end_date') p.set('sort', s.sort);
  if (s.order !== 'asc') p.set('order', s.order);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/** GET /radar's query for a state (the server validates and explains). */
export function toRadarQuery(s: RadarState) {
  return {
    naics: s.naics || undefined,
    psc: s.psc || undefined,
    agency: s.agency || undefined,
    from_months: s.fromMonths,
    to_months: s.toMonths,
    signals_only: s.signalsOnly || undefined,
    sort: s.sort,
    order: s.order,
    page: s.page,
  };
}
