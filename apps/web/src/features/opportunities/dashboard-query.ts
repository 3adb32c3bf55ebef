import type { QueryClient } from '@tanstack/react-query';
import { defaultOrder, type NoticeStatus, type OpportunitySort, type SortOrder } from '@biddesk/shared';
import { readPreferences, type Preferences } from '../../lib/preferences';
import { listQuery, statsQuery, type ListParams, type ViewParams } from './api/opportunities-api';
import { hasCriterion, type FilterValues } from './recent-filters';
import { readDashboardState, type DashboardState } from './url-state';

export const apiFilters = (f: FilterValues) => ({
  keyword: f.keyword.trim() || undefined,
  agency: f.agency,
  naics: f.naics.trim() || undefined,
  psc: f.psc.trim() || undefined,
  set_aside: f.setAside,
});

export interface DashboardQuery {
  mode: 'saved' | 'search' | 'list';
  hasKeyword: boolean;
  status: NoticeStatus;
  sort: OpportunitySort;
  order: SortOrder;
  viewParams: ViewParams;
  /** The listing call (every mode but a search). */
  listParams: ListParams;
}

/**
 * What the dashboard asks the API for a URL state and the Settings. One function for the screen and
 * the sign-in prefetch, so the prefetched answer lands under exactly the key the screen reads.
 */
export function dashboardQuery(state: DashboardState, prefs: Pick<Preferences, 'itemsPerPage'>): DashboardQuery {
  const mode = state.saved ? 'saved' : hasCriterion(state.filters) ? 'search' : 'list';
  const hasKeyword = Boolean(state.filters.keyword.trim());
  const status = state.status ?? (state.saved ? 'all' : 'open');
  const sort: OpportunitySort =
    state.sort === 'relevance' && !hasKeyword ? 'posted' : (state.sort ?? (hasKeyword ? 'relevance' : 'posted'));
  const order = state.order ?? defaultOrder(sort);
  const viewParams = { status, notice_type: state.noticeType, due_within: state.dueWithin, posted_within: state.postedWithin, sort, order };
  const listParams = { page: state.page, limit: prefs.itemsPerPage, saved_only: state.saved, ...apiFilters(state.filters), ...viewParams };
  return { mode, hasKeyword, status, sort, order, viewParams, listParams };
}

/**
 * Right after sign-in, when the next screen is the dashboard: starts its listing and stats calls
 * before the app's layout and the dashboard have rendered (which takes a few hundred ms on a busy
 * machine), so the answers are there, or on their way, when the dashboard asks. Called after the
 * session is stored (the calls carry the new token). A search is left to the screen: it announces
 * its result count when it runs it.
 */
export function prefetchDashboard(queryClient: QueryClient, target: string): void {
  const url = new URL(target, window.location.origin);
  if (url.pathname !== '/') return;
  const q = dashboardQuery(readDashboardState(url.searchParams), readPreferences());
  if (q.mode !== 'search') void queryClient.prefetchQuery(listQuery(q.listParams));
  void queryClient.prefetchQuery(statsQuery());
}
