import { Alert, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_PAGE_SIZE, NOTICE_STATUS_OPTIONS, RECENT_FILTER_IDLE_MS, defaultOrder, type OpportunitySummary } from '@biddesk/shared';
import { PageHeader } from '../../components/ui/page-header';
import { SkipLink, skipTargetClass } from '../../components/ui/skip-link';
import { usePreferences } from '../../lib/preferences';
import { useOpportunityList, useOpportunitySearch, useToggleSaved } from '../../features/opportunities/api/opportunities-api';
import { apiFilters, dashboardQuery } from '../../features/opportunities/dashboard-query';
import { OpportunityCard } from '../../features/opportunities/components/opportunity-card';
import { OpportunityCompactList } from '../../features/opportunities/components/opportunity-compact';
import { OpportunityTable } from '../../features/opportunities/components/opportunity-table';
import { Pager } from '../../components/ui/pager';
import { ResultsToolbar } from '../../features/opportunities/components/results-toolbar';
import { SearchCard } from '../../features/opportunities/components/search-card';
import { SavedSearchesMenu } from '../../features/saved-searches/components/saved-searches-menu';
import { StatCards } from '../../features/opportunities/components/stat-cards';
import { PendingInvitationsCard } from '../../features/invites/components/pending-invitations-card';
import { MyWorkspacesCard } from '../../features/workspaces/components/my-workspaces-card';
import { usePursuitLookup } from '../../features/pipeline/api/pursuits-api';
import { TrackButton } from '../../features/pipeline/components/track-button';
import {
  EMPTY_FILTERS,
  hasCriterion,
  readRecentFilters,
  rememberFilter,
  type FilterValues,
  type RecentFilter,
} from '../../features/opportunities/recent-filters';
import { readDashboardState, writeDashboardState, type DashboardState } from '../../features/opportunities/url-state';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

// One formatter: toLocaleString('en-US') builds a new one on every call, each render.
const COUNT = new Intl.NumberFormat('en-US');
const found = (n: number) => `Found ${COUNT.format(n)} ${n === 1 ? 'opportunity' : 'opportunities'}`;

/**
 * Dashboard (SPEC §2): search card, stat cards, pending invitations, my workspaces, and the
 * opportunities as cards, a table or compact lines with a pager. Everything that decides what is
 * listed lives in the URL (url-state.ts), so Back and reload return to the same page, sort and view.
 */
export function DashboardRoute() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readDashboardState(params), [params]);
  const prefs = usePreferences();
  const [filters, setFilters] = useState<FilterValues>(state.filters);
  const [recent, setRecent] = useState<RecentFilter[]>(readRecentFilters);

  // The inputs follow the URL when it changes underneath them (Back, stat links, Clear).
  const urlFilters = JSON.stringify(state.filters);
  // Only when they differ: a new object here would render the whole screen again on its first show.
  useEffect(
    () => setFilters((current) => (JSON.stringify(current) === urlFilters ? current : (JSON.parse(urlFilters) as FilterValues))),
    [urlFilters],
  );

  const { mode, hasKeyword, status, sort, order, viewParams, listParams } = dashboardQuery(state, prefs);
  const view = state.view ?? prefs.defaultView;

  const update = (patch: Partial<DashboardState>) => setParams(writeDashboardState({ ...state, ...patch }));

  const listing = useOpportunityList(listParams, mode !== 'search');
  const { keyword: keywords, ...otherFilters } = apiFilters(state.filters);
  const search = useOpportunitySearch({ keywords, ...otherFilters, ...viewParams }, mode === 'search');
  const toggleSaved = useToggleSaved();

  // The results start below the search card, the stat cards and the workspaces: a search that
  // answers, and a page change, bring them into view (issue 21: they stayed below the fold, and
  // paging jumped to the top of the page). scroll-margin keeps the heading clear of the header.
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const showResults = () => resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  // "Found n" for a search this screen ran (SPEC §8), neutral: finding nothing is not an error and
  // finding something is not a success. A cached answer shown again after Back is not announced.
  // Nothing found has one message, the results' own "No opportunities found." (issue 21: a second
  // toast said "Found 0 opportunities" beside it).
  const announce = useRef(mode === 'search' && !search.data);
  useEffect(() => {
    if (!search.isSuccess || search.isPlaceholderData || !announce.current) return;
    announce.current = false;
    if (search.data.total) toast.info(found(search.data.total));
    showResults();
  }, [search.isSuccess, search.isPlaceholderData, search.data, search.dataUpdatedAt]);
  useEffect(() => {
    if (search.isError) toast.error(MESSAGES.searchFailed, search.error);
  }, [search.isError, search.error]);
  useEffect(() => {
    if (listing.isError) toast.error(mode === 'saved' ? MESSAGES.failedToLoadSavedOpportunities : MESSAGES.failedToFetchOpportunities);
  }, [listing.isError, mode]);

  const runSearch = (f: FilterValues) => {
    if (!hasCriterion(f)) {
      toast.warning('Please enter at least one search criterion');
      return;
    }
    announce.current = true;
    const next = writeDashboardState({ ...state, filters: f, saved: false, page: 1 });
    if (next.toString() === params.toString()) void search.refetch();
    else setParams(next);
  };

  // SPEC §9: a filter is remembered after 2 s without edits; the latest 3 are kept.
  useEffect(() => {
    if (!hasCriterion(filters)) return;
    const timer = setTimeout(() => setRecent(rememberFilter(filters)), RECENT_FILTER_IDLE_MS);
    return () => clearTimeout(timer);
  }, [filters]);

  // Stable, so the memoised cards do not render again when something else on the screen changes.
  const { mutate: mutateSaved } = toggleSaved;
  const onToggleSaved = useCallback(
    (o: OpportunitySummary) =>
      mutateSaved(o, {
        onSuccess: () => toast.success(MESSAGES.updated),
        onError: () => toast.error(MESSAGES.failedToUpdate),
      }),
    [mutateSaved],
  );

  const { items, totalPages, total } = useMemo(() => {
    if (mode === 'search') {
      // SPEC §4: after a search, the results are paged 20 at a time on the client.
      const results = search.data?.results ?? [];
      const pages = Math.max(1, Math.ceil(results.length / DASHBOARD_PAGE_SIZE));
      return {
        items: results.slice((state.page - 1) * DASHBOARD_PAGE_SIZE, state.page * DASHBOARD_PAGE_SIZE),
        totalPages: pages,
        total: results.length,
      };
    }
    return { items: listing.data?.data ?? [], totalPages: listing.data?.total_pages ?? 0, total: listing.data?.total ?? 0 };
  }, [mode, search.data, listing.data, state.page]);

  // Which of the listed opportunities are in the pipeline, for their Track buttons (issue 26).
  const lookup = usePursuitLookup(useMemo(() => items.map((o) => o.id), [items]));
  const renderTrack = useCallback(
    // Nothing until the lookup answers: a Track button on an already tracked notice would be wrong.
    (o: OpportunitySummary) =>
      lookup.data ? (
        <TrackButton opportunityId={o.id} title={o.title} trackedStage={lookup.data.find((t) => t.opportunity_id === o.id)?.stage_name} />
      ) : null,
    [lookup.data],
  );

  const loading = mode === 'search' ? search.isPending && search.fetchStatus !== 'idle' : listing.isPending;
  const statusLabel = NOTICE_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? '';
  const heading =
    mode === 'search'
      ? 'Search results'
      : mode === 'saved'
        ? 'My Saved Opportunities'
        : status === 'open'
          ? 'Open opportunities'
          : statusLabel;

  return (
    <>
      <PageHeader title="Dashboard" description="Search federal solicitations and track the ones you are bidding on." />
      {/* Past the search form, the cards and the workspaces to the list (issue 21 item 5: 31 Tabs). */}
      <SkipLink targetId="opportunity-results">Skip to opportunities</SkipLink>
      <SearchCard
        values={filters}
        onChange={setFilters}
        onSearch={() => runSearch(filters)}
        onSaved={() => update({ saved: true, page: 1, status: undefined })}
        onClear={() => {
          setFilters(EMPTY_FILTERS);
          setParams(writeDashboardState({ filters: EMPTY_FILTERS, page: 1, saved: false, view: state.view }));
        }}
        searching={search.isFetching}
        recent={recent}
        onRecent={(r) => {
          const f = { keyword: r.keyword, agency: r.agency, naics: r.naics, psc: r.psc, setAside: r.setAside };
          setFilters(f);
          runSearch(f);
        }}
      />
      <SavedSearchesMenu />
      <StatCards />
      <PendingInvitationsCard />
      <MyWorkspacesCard />
      <Text
        ref={resultsRef}
        fw={600}
        mb="sm"
        data-testid="results-heading"
        id="opportunity-results"
        tabIndex={-1}
        className={skipTargetClass}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
      >
        {heading}{' '}
        {total > 0 && (
          <Text span c="dimmed" size="sm">
            ({COUNT.format(total)})
          </Text>
        )}
      </Text>
      <ResultsToolbar
        status={status}
        onStatus={(s) => update({ status: s, page: 1 })}
        noticeType={state.noticeType}
        onNoticeType={(t) => update({ noticeType: t, page: 1 })}
        sort={sort}
        order={order}
        hasKeyword={hasKeyword}
        onSort={(s, o) => update({ sort: s, order: o, page: 1 })}
        view={view}
        onView={(v) => update({ view: v })}
      />
      {loading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.length === 0 ? (
        <Alert color="gray" variant="light">
          {mode === 'saved'
            ? 'You have not saved any opportunities yet. Use the star on an opportunity to save it.'
            : 'No opportunities found.'}
        </Alert>
      ) : view === 'table' ? (
        <OpportunityTable
          items={items}
          sort={sort}
          order={order}
          onSort={(s) => update({ sort: s, order: s === sort ? (order === 'asc' ? 'desc' : 'asc') : defaultOrder(s), page: 1 })}
          onToggleSaved={onToggleSaved}
          renderTrack={renderTrack}
        />
      ) : view === 'compact' ? (
        <OpportunityCompactList items={items} onToggleSaved={onToggleSaved} renderTrack={renderTrack} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((o) => (
            <OpportunityCard key={o.id} opportunity={o} onToggleSaved={onToggleSaved} renderTrack={renderTrack} />
          ))}
        </SimpleGrid>
      )}
      <Pager
        page={state.page}
        totalPages={totalPages}
        onChange={(p) => {
          update({ page: p });
          showResults();
        }}
      />
    </>
  );
}
