import { PARTNER_SORTS, type PartnerSort } from '@biddesk/shared';

/** The /partners page's filters, sort and page, kept in the URL like the dashboard's. */
export interface PartnerQuery {
  naics?: string;
  psc?: string;
  agency?: string;
  state?: string;
  businessType?: string;
  q?: string;
  sort: PartnerSort;
  page: number;
}

const KEYS = { naics: 'naics', psc: 'psc', agency: 'agency', state: 'state', businessType: 'business_type', q: 'q' } as const;

export function readPartnerQuery(params: URLSearchParams): PartnerQuery {
  const text = (k: string) => params.get(k)?.trim() || undefined;
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    naics: text(KEYS.naics),
    psc: text(KEYS.psc),
    agency: text(KEYS.agency),
    state: text(KEYS.state),
    businessType: text(KEYS.businessType),
    q: text(KEYS.q),
    sort: (PARTNER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PartnerSort) : 'obligated',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function writePartnerQuery(q: PartnerQuery): URLSearchParams {
  const out = new URLSearchParams();
  for (const [field, key] of Object.entries(KEYS) as [keyof typeof KEYS, string][]) {
    const v = q[field];
    if (v) out.set(key, v);
  }
  if (q.sort !== 'obligated') out.set('sort', q.sort);
  if (q.page > 1) out.set('page', String(q.page));
  return out;
}

/** The server groups awards only within a filter (a million awards unfiltered take seconds). */
export const hasPartnerFilter = (q: PartnerQuery): boolean => Boolean(q.naics || q.psc || q.agency || q.state || q.businessType || q.q);
