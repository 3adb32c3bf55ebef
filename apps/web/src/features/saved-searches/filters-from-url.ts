import { ALL_AGENCIES, NO_SET_ASIDE, SAVED_SEARCH_STATUSES, SAVED_SEARCH_URL_PARAMS, type SavedSearch } from '@biddesk/shared';

export type SearchFilters = SavedSearch['filters'];

/**
 * The dashboard's current filters as a saved search keeps them, read from the URL the dashboard
 * writes (SPEC §2 keywords, agency, naics, psc, setAside; plus type and status). "All agencies"
 * and "no set-aside" are no filter. Null when the URL holds no criterion to save.
 */
export function filtersFromUrl(params: URLSearchParams): SearchFilters | null {
  const read = (key: keyof typeof SAVED_SEARCH_URL_PARAMS) => params.get(SAVED_SEARCH_URL_PARAMS[key])?.trim() || undefined;
  const agency = read('agency');
  const setAside = read('set_aside');
  const status = read('status');
  const filters: SearchFilters = {
    keyword: read('keyword'),
    agency: agency && agency !== ALL_AGENCIES ? agency : undefined,
    naics: read('naics'),
    psc: read('psc'),
    set_aside: setAside && setAside !== NO_SET_ASIDE ? setAside : undefined,
    notice_type: read('notice_type'),
    status: (SAVED_SEARCH_STATUSES as readonly string[]).includes(status ?? '') ? (status as SearchFilters['status']) : undefined,
  };
  const criterion = filters.keyword || filters.agency || filters.naics || filters.psc || filters.set_aside || filters.notice_type;
  if (!criterion) return null;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as SearchFilters;
}

/** A short description of a search's filters for the menu. */
export function describeFilters(f: SearchFilters): string {
  const parts = [
    f.keyword && `"${f.keyword}"`,
    f.agency,
    f.naics && `NAICS ${f.naics}`,
    f.psc && `PSC ${f.psc}`,
    f.set_aside && `set-aside ${f.set_aside}`,
    f.notice_type,
    f.status && f.status !== 'open' && f.status.replace('_', ' '),
  ].filter(Boolean);
  return parts.join(' · ');
}
