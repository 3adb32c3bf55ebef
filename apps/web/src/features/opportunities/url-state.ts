import {
  ALL_AGENCIES,
  NO_SET_ASIDE,
  NOTICE_STATUSES,
  OPPORTUNITY_SORTS,
  type NoticeStatus,
  type OpportunitySort,
  type SortOrder,
} from '@biddesk/shared';
import { DEFAULT_VIEW_OPTIONS, type DefaultView } from '../../lib/preferences';
import type { FilterValues } from './recent-filters';

/**
 * Everything the dashboard shows, read from its URL (issue 15: page, sort, view and My Saved live
 * in the URL, so Back and reload return to the same place). SPEC §2's filter parameters keep their
 * names: keywords, agency, naics, psc, setAside.
 */
export interface DashboardState {
  filters: FilterValues;
  page: number;
  sort?: OpportunitySort;
  order?: SortOrder;
  view?: DefaultView;
  saved: boolean;
  status?: NoticeStatus;
  noticeType?: string;
  dueWithin?: number;
  postedWithin?: number;
}

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

const positiveInt = (value: string | null, max: number): number | undefined => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

export function readDashboardState(params: URLSearchParams): DashboardState {
  return {
    filters: {
      keyword: params.get('keywords') ?? '',
      agency: params.get('agency') || ALL_AGENCIES,
      naics: params.get('naics') ?? '',
      psc: params.get('psc') ?? '',
      setAside: params.get('setAside') || NO_SET_ASIDE,
    },
    page: positiveInt(params.get('page'), 100_000) ?? 1,
    sort: oneOf(OPPORTUNITY_SORTS, params.get('sort')),
    order: oneOf(['asc', 'desc'] as const, params.get('order')),
    view: oneOf(DEFAULT_VIEW_OPTIONS, params.get('view')),
    saved: params.get('saved') === '1',
    status: oneOf(NOTICE_STATUSES, params.get('status')),
    noticeType: params.get('type') || undefined,
    dueWithin: positiveInt(params.get('due'), 365),
    postedWithin: positiveInt(params.get('posted'), 365),
  };
}

/** The URL query of a state; defaults are left out so links stay short. */
export function writeDashboardState(s: DashboardState): URLSearchParams {
  const f = s.filters;
  const entries: [string, string | undefined][] = [
    ['keywords', f.keyword.trim() || undefined],
    ['agency', f.agency === ALL_AGENCIES ? undefined : f.agency],
    ['naics', f.naics.trim() || undefined],
    ['psc', f.psc.trim() || undefined],
    ['setAside', f.setAside === NO_SET_ASIDE ? undefined : f.setAside],
    ['saved', s.saved ? '1' : undefined],
    ['status', s.status],
    ['type', s.noticeType],
    ['due', s.dueWithin ? String(s.dueWithin) : undefined],
    ['posted', s.postedWithin ? String(s.postedWithin) : undefined],
    ['sort', s.sort],
    ['order', s.order],
    ['view', s.view],
    ['page', s.page > 1 ? String(s.page) : undefined],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => e[1] !== undefined));
}

/** The stat cards' links (issue 15: stat cards apply their filter); each lists what its count counts. */
export const STAT_LINKS = {
  open_solicitations: '/?status=open',
  due_this_week: '/?status=open&due=7&sort=due',
  favorited: '/?saved=1',
  recently_updated: '/?status=all&posted=3',
} as const;
