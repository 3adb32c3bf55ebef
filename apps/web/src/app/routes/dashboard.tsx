import { Alert, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_AGENCIES, DASHBOARD_PAGE_SIZE, NO_SET_ASIDE, RECENT_FILTER_IDLE_MS, type Opportunity } from '@biddesk/shared';
import { PageHeader } from '../../components/ui/page-header';
import { errorMessage } from '../../lib/api-client';
import { usePreferences } from '../../lib/preferences';
import { searchOpportunities, useOpportunityList, useOpportunityStats, useToggleSaved } from '../../features/opportunities/api/opportunities-api';
import { OpportunityCard } from '../../features/opportunities/components/opportunity-card';
import { Pager } from '../../features/opportunities/components/pager';
import { SearchCard } from '../../features/opportunities/components/search-card';
import { StatCards } from '../../features/opportunities/components/stat-cards';
import { PendingInvitationsCard } from '../../features/invites/components/pending-invitations-card';
import { MyWorkspacesCard } from '../../features/workspaces/components/my-workspaces-card';
import { EMPTY_FILTERS, hasCriterion, readRecentFilters, rememberFilter, type FilterValues, type RecentFilter } from '../../features/opportunities/recent-filters';

type Mode = { kind: 'list' } | { kind: 'saved' } | { kind: 'search'; results: Opportunity[] };

function filtersFromParams(params: URLSearchParams): FilterValues {
  return {
    keyword: params.get('keywords') ?? '',
    agency: params.get('agency') || ALL_AGENCIES,
    naics: params.get('naics') ?? '',
    psc: params.get('psc') ?? '',
    setAside: params.get('setAside') || NO_SET_ASIDE,
  };
}

function paramsFromFilters(f: FilterValues): Record<string, string> {
  const entries = { keywords: f.keyword.trim(), agency: f.agency === ALL_AGENCIES ? '' : f.agency, naics: f.naics.trim(), psc: f.psc.trim(), setAside: f.setAside === NO_SET_ASIDE ? '' : f.setAside };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v));
}

/** Dashboard (SPEC §2): search card, stat cards, pending invitations, my workspaces, opportunity grid with a pager. */
export function DashboardRoute() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<FilterValues>(() => filtersFromParams(params));
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [page, setPage] = useState(1);
  const [recent, setRecent] = useState<RecentFilter[]>(readRecentFilters);
  // Settings > Display picks the server listing's page size; search results page 20 at a time (SPEC §4).
  const pageSize = usePreferences().itemsPerPage;

  const listing = useOpportunityList({ page, limit: pageSize, saved_only: mode.kind === 'saved' }, mode.kind !== 'search');
  const stats = useOpportunityStats();
  const toggleSaved = useToggleSaved();

  const search = useMutation({
    mutationFn: (f: FilterValues) =>
      searchOpportunities({ keywords: f.keyword.trim() || undefined, agency: f.agency, naics: f.naics.trim() || undefined, psc: f.psc.trim() || undefined, set_aside: f.setAside }),
    onSuccess: (answer) => {
      setMode({ kind: 'search', results: answer.results });
      setPage(1);
      notifications.show({ color: 'green', message: `Found ${answer.total} opportunities` });
    },
    onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Search failed') }),
  });

  const runSearch = useCallback(
    (f: FilterValues) => {
      if (!hasCriterion(f)) {
        notifications.show({ color: 'yellow', message: 'Please enter at least one search criterion' });
        return;
      }
      setParams(paramsFromFilters(f));
      search.mutate(f);
    },
    [search, setParams],
  );

  // SPEC §2: an automatic search on load when the URL carries any filter.
  const autoSearched = useRef(false);
  useEffect(() => {
    if (autoSearched.current) return;
    autoSearched.current = true;
    const initial = filtersFromParams(params);
    if (hasCriterion(initial)) search.mutate(initial);
  }, [params, search]);

  // SPEC §9: a filter is remembered after 2 s without edits; the latest 3 are kept.
  useEffect(() => {
    if (!hasCriterion(filters)) return;
    const timer = setTimeout(() => setRecent(rememberFilter(filters)), RECENT_FILTER_IDLE_MS);
    return () => clearTimeout(timer);
  }, [filters]);

  useEffect(() => {
    if (listing.isError) notifications.show({ color: 'red', message: mode.kind === 'saved' ? 'Failed to load saved opportunities' : 'Failed to fetch opportunities' });
  }, [listing.isError, mode.kind]);

  const onToggleSaved = (o: Opportunity) => {
    const flipLocal = (saved: boolean) =>
      setMode((m) => (m.kind === 'search' ? { ...m, results: m.results.map((r) => (r.id === o.id ? { ...r, saved } : r)) } : m));
    flipLocal(!o.saved);
    toggleSaved.mutate(o, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Updated' }),
      onError: () => {
        flipLocal(o.saved);
        notifications.show({ color: 'red', message: 'Failed to update' });
      },
    });
  };

  const { items, totalPages, total } = useMemo(() => {
    if (mode.kind === 'search') {
      const size = DASHBOARD_PAGE_SIZE;
      const pages = Math.max(1, Math.ceil(mode.results.length / size));
      return { items: mode.results.slice((page - 1) * size, page * size), totalPages: pages, total: mode.results.length };
    }
    return { items: listing.data?.data ?? [], totalPages: listing.data?.total_pages ?? 0, total: listing.data?.total ?? 0 };
  }, [mode, listing.data, page]);

  const heading = mode.kind === 'search' ? 'Search results' : mode.kind === 'saved' ? 'My Saved Opportunities' : 'Latest opportunities';

  return (
    <>
      <PageHeader title="Dashboard" description="Search federal solicitations and track the ones you are bidding on." />
      <SearchCard
        values={filters}
        onChange={setFilters}
        onSearch={() => runSearch(filters)}
        onSaved={() => {
          setMode({ kind: 'saved' });
          setPage(1);
        }}
        onClear={() => {
          setFilters(EMPTY_FILTERS);
          setParams({});
          setMode({ kind: 'list' });
          setPage(1);
        }}
        searching={search.isPending}
        recent={recent}
        onRecent={(r) => {
          const f = { keyword: r.keyword, agency: r.agency, naics: r.naics, psc: r.psc, setAside: r.setAside };
          setFilters(f);
          runSearch(f);
        }}
      />
      <StatCards stats={stats.data} />
      <PendingInvitationsCard />
      <MyWorkspacesCard />
      <Text fw={600} mb="sm" data-testid="results-heading">
        {heading} {total > 0 && <Text span c="dimmed" size="sm">({total.toLocaleString('en-US')})</Text>}
      </Text>
      {mode.kind !== 'search' && listing.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.length === 0 ? (
        <Alert color="gray" variant="light">
          {mode.kind === 'saved' ? 'You have not saved any opportunities yet. Use the star on an opportunity to save it.' : 'No opportunities found.'}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((o) => (
            <OpportunityCard key={o.id} opportunity={o} onToggleSaved={onToggleSaved} />
          ))}
        </SimpleGrid>
      )}
      <Pager
        page={page}
        totalPages={totalPages}
        onChange={(p) => {
          setPage(p);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </>
  );
}
