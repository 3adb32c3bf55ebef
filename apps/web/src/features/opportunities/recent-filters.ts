import { ALL_AGENCIES, NO_SET_ASIDE, RECENT_FILTERS_MAX } from '@biddesk/shared';

/** A dashboard filter kept locally (SPEC §3 recent filter). */
export interface RecentFilter {
  id: string;
  keyword: string;
  agency: string;
  naics: string;
  psc: string;
  setAside: string;
  urgencyFilter: string;
  savedOnly: boolean;
  timestamp: number;
  label: string;
}

export interface FilterValues {
  keyword: string;
  agency: string;
  naics: string;
  psc: string;
  setAside: string;
}

const KEY = 'biddesk.recentFilters';

export const EMPTY_FILTERS: FilterValues = { keyword: '', agency: ALL_AGENCIES, naics: '', psc: '', setAside: NO_SET_ASIDE };

/** SPEC §5: keywords, an agency other than all, NAICS, PSC, or a set-aside other than none. */
export function hasCriterion(f: FilterValues): boolean {
  return Boolean(
    f.keyword.trim() ||
    (f.agency && f.agency !== ALL_AGENCIES) ||
    f.naics.trim() ||
    f.psc.trim() ||
    (f.setAside && f.setAside !== NO_SET_ASIDE),
  );
}

export function filterLabel(f: FilterValues): string {
  const parts = [
    f.keyword.trim() && `"${f.keyword.trim()}"`,
    f.agency !== ALL_AGENCIES && f.agency,
    f.naics.trim() && `NAICS ${f.naics.trim()}`,
    f.psc.trim() && `PSC ${f.psc.trim()}`,
    f.setAside !== NO_SET_ASIDE && f.setAside,
  ].filter(Boolean);
  return parts.join(' · ');
}

export function readRecentFilters(): RecentFilter[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as RecentFilter[];
    return Array.isArray(parsed) ? parsed.slice(0, RECENT_FILTERS_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts a filter first, drops an older copy of the same filter and keeps the latest 3. */
export function rememberFilter(f: FilterValues, now = Date.now()): RecentFilter[] {
  const label = filterLabel(f);
  const entry: RecentFilter = { id: `${now}`, ...f, urgencyFilter: 'all', savedOnly: false, timestamp: now, label };
  const next = [entry, ...readRecentFilters().filter((r) => r.label !== label)].slice(0, RECENT_FILTERS_MAX);
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}
