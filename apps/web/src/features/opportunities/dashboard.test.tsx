import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { opportunitySummaryFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { pageWindow } from '../../components/ui/pager';

// First renders wait for the whole dashboard on a busy 2-core machine: a ceiling, not a speed check.
const SLOW = { timeout: 10_000 };

const summary = opportunitySummaryFixture;

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };

describe('dashboard', () => {
  it('lists opportunities with the four stats and a deadline badge', async () => {
    stubApi({
      ...refresh,
      'GET /api/opportunities': () => ({ body: { data: [summary(1)], total: 1, total_pages: 1, page: 1 } }),
      'GET /api/opportunities/stats': () => ({ body: { open_solicitations: 1234, due_this_week: 5, favorited: 2, recently_updated: 7 } }),
    });
    renderApp('/', plainUser);
    const card = await screen.findByTestId('opportunity-card', {}, SLOW);
    expect(within(card).getByText('Opportunity 1')).toBeInTheDocument();
    expect(within(card).getByTestId('deadline-badge')).toHaveAttribute('data-level', 'urgent');
    expect(within(card).getByTestId('deadline-badge')).toHaveTextContent('3d left');
    expect(within(screen.getByTestId('stat-open_solicitations')).getByText('1,234')).toBeInTheDocument();
  });

  it('needs at least one criterion before it searches', async () => {
    const calls = stubApi(refresh);
    renderApp('/', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter at least one search criterion')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/opportunities/search'))).toBe(false);
  });

  it('searches on Enter, drops empty filters and pages the results 20 at a time on the client', async () => {
    const results = Array.from({ length: 25 }, (_, i) => summary(i + 1));
    const calls = stubApi({ ...refresh, 'POST /api/opportunities/search': () => ({ body: { results, total: 25, source: 'local' } }) });
    renderApp('/', plainUser);
    await userEvent.type(await screen.findByLabelText('Keywords', {}, SLOW), 'cyber{Enter}');
    expect(await screen.findByText('Found 25 opportunities', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(
      '/api/opportunities/search?keywords=cyber&agency=all&set_aside=none&status=open&sort=relevance&order=desc',
    );
    await waitFor(() => expect(screen.getAllByTestId('opportunity-card')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getAllByTestId('opportunity-card')).toHaveLength(5));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  // Issue 21: after Search the results stayed below the fold and paging jumped to the top of the
  // page; with no match, "No opportunities found." and a "Found 0 opportunities" toast both showed.
  it('brings the results into view after a search and on every page change, not the top of the page', async () => {
    const results = Array.from({ length: 25 }, (_, i) => summary(i + 1));
    stubApi({ ...refresh, 'POST /api/opportunities/search': () => ({ body: { results, total: 25, source: 'local' } }) });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrolled = vi.mocked(HTMLElement.prototype.scrollIntoView);
    scrolled.mockClear();
    renderApp('/', plainUser);
    await userEvent.type(await screen.findByLabelText('Keywords', {}, SLOW), 'cyber{Enter}');
    await screen.findByText('Found 25 opportunities', {}, SLOW);
    const heading = screen.getByTestId('results-heading');
    await waitFor(() => expect(scrolled.mock.contexts).toContain(heading));
    scrolled.mockClear();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getAllByTestId('opportunity-card')).toHaveLength(5));
    expect(scrolled.mock.contexts).toContain(screen.getByTestId('results-heading'));
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('says "No opportunities found." once when a search finds nothing', async () => {
    stubApi({ ...refresh, 'POST /api/opportunities/search': () => ({ body: { results: [], total: 0, source: 'local' } }) });
    renderApp('/', plainUser);
    await userEvent.type(await screen.findByLabelText('Keywords', {}, SLOW), 'zzzz{Enter}');
    expect(await screen.findByText('No opportunities found.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('results-heading')).toHaveTextContent('Search results');
    expect(screen.queryByText(/Found 0/)).toBeNull();
  });

  it('runs the search from the query parameters on load', async () => {
    const calls = stubApi({
      ...refresh,
      'POST /api/opportunities/search': () => ({ body: { results: [summary(9)], total: 1, source: 'local' } }),
    });
    renderApp('/?naics=3364&setAside=SBA', plainUser);
    // Singular, and neutral (not a green success).
    const toast = await screen.findByText('Found 1 opportunity', {}, SLOW);
    expect(toast.closest('[style*="--notification-color"]')?.getAttribute('style')).toContain('blue');
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(
      '/api/opportunities/search?agency=all&naics=3364&set_aside=SBA&status=open&sort=posted&order=desc',
    );
    expect(screen.getByLabelText('NAICS Code')).toHaveValue('3364');
  });

  it('saves optimistically and rolls back with "Failed to update" when the call fails', async () => {
    stubApi({
      ...refresh,
      'GET /api/opportunities': () => ({ body: { data: [summary(1)], total: 1, total_pages: 1, page: 1 } }),
      'GET /api/opportunities/stats': () => ({ body: { open_solicitations: 1, due_this_week: 1, favorited: 0, recently_updated: 1 } }),
      'POST /api/opportunities/00000000-0000-0000-0000-000000000001/save': () => ({ status: 500, body: { detail: 'boom' } }),
    });
    renderApp('/', plainUser);
    const toggle = await screen.findByTestId('save-toggle', {}, SLOW);
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to update')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('save-toggle')).toHaveAttribute('aria-pressed', 'false'));
    expect(within(screen.getByTestId('stat-favorited')).getByTestId('stat-value')).toHaveTextContent('0');
  });
});

describe('pageWindow', () => {
  it('shows at most five page buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 50)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(50, 50)).toEqual([46, 47, 48, 49, 50]);
  });
});
