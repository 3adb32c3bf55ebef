import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { opportunitySummaryFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { writePreferences } from '../../lib/preferences';
import { readDashboardState, STAT_LINKS, writeDashboardState } from './url-state';

// First renders wait for the whole dashboard on a busy 2-core machine: a ceiling, not a speed check.
const SLOW = { timeout: 10_000 };

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const rows = Array.from({ length: 3 }, (_, i) =>
  opportunitySummaryFixture(i + 1, {
    notice_type: i === 0 ? 'Combined Synopsis/Solicitation' : 'Solicitation',
    notice_count: i === 0 ? 3 : 1,
    set_aside: 'SBA',
    set_aside_description: 'Total Small Business Set-Aside (FAR 19.5)',
    response_date: '2030-06-01T20:30:00.000Z',
    response_time_zone: '-04:00',
  }),
);
const listing = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/opportunities?'));
const lastListing = (calls: FetchCall[]) => new URL(listing(calls).at(-1)!.url, 'http://x').searchParams;

function stubListing(totalPages = 7) {
  return stubApi({
    ...refresh,
    'GET /api/opportunities': () => ({ body: { data: rows, total: totalPages * 20, total_pages: totalPages, page: 1 } }),
  });
}

describe('dashboard views', () => {
  it('cards show notice type, notice count, posted date, NAICS/PSC, set-aside and the due time as SAM gives it', async () => {
    stubListing();
    renderApp('/', plainUser);
    const card = (await screen.findAllByTestId('opportunity-card', {}, SLOW))[0]!;
    expect(within(card).getByTestId('notice-type')).toHaveTextContent('Combined Synopsis/Solicitation');
    expect(within(card).getByTestId('notice-count')).toHaveTextContent('3 notices');
    expect(within(card).getByTestId('opportunity-facts')).toHaveTextContent(
      /Posted .* · NAICS 541512 · PSC D302 · Total Small Business Set-Aside/,
    );
    expect(within(card).getByTestId('opportunity-due')).toHaveTextContent('Due Jun 1, 2030, 4:30 PM UTC-04:00');
    expect(within(card).getByTestId('opportunity-summary')).toHaveTextContent('Summary of opportunity 1');
  });

  it('opens in the view chosen in Settings → Display, and the URL view wins over it', async () => {
    writePreferences({ defaultView: 'table' });
    stubListing();
    const first = renderApp('/', plainUser);
    expect(await screen.findByTestId('opportunity-table', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByTestId('opportunity-row')).toHaveLength(3);
    first.unmount();
    renderApp('/?view=compact', plainUser);
    expect(await screen.findByTestId('opportunity-compact', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('opportunity-table')).not.toBeInTheDocument();
  });

  it('in the table and compact views Tab reaches the title of each notice before its star', async () => {
    for (const view of ['table', 'compact']) {
      stubListing();
      const shown = renderApp(`/?view=${view}`, plainUser);
      const row = (await screen.findAllByTestId('opportunity-row', {}, SLOW))[0]!;
      const title = within(row).getByTestId('opportunity-title');
      const star = within(row).getByRole('button', { name: 'Save opportunity' });
      // DOM order is Tab order: the title link comes first (issue 21 item 5).
      expect(title.compareDocumentPosition(star) & Node.DOCUMENT_POSITION_FOLLOWING, view).toBeTruthy();
      shown.unmount();
    }
  });

  it('sorts the table by a column (again for the other direction) through the URL and the API', async () => {
    const calls = stubListing();
    renderApp('/?view=table', plainUser);
    await screen.findByTestId('opportunity-table', {}, SLOW);
    expect(lastListing(calls).get('status')).toBe('open');
    expect(lastListing(calls).get('sort')).toBe('posted');
    await userEvent.click(screen.getByTestId('sort-due'));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('sort=due&order=asc&view=table'));
    await waitFor(() => expect(lastListing(calls).get('sort')).toBe('due'));
    expect(lastListing(calls).get('order')).toBe('asc');
    await userEvent.click(screen.getByTestId('sort-due'));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('sort=due&order=desc'));
    await userEvent.click(screen.getByTestId('sort-title'));
    await waitFor(() => expect(lastListing(calls).get('sort')).toBe('title'));
    expect(lastListing(calls).get('order')).toBe('asc');
    expect(screen.getByTestId('sort-title').closest('th')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('the toolbar sets which notices, the type, the sort and the view through the URL and the API', async () => {
    const calls = stubListing();
    renderApp('/', plainUser);
    await screen.findAllByTestId('opportunity-card', {}, SLOW);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Due soonest');
    await waitFor(() => expect(lastListing(calls).get('sort')).toBe('due'));
    expect(lastListing(calls).get('order')).toBe('asc');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Award notices');
    await waitFor(() => expect(lastListing(calls).get('status')).toBe('awarded'));
    await userEvent.selectOptions(screen.getByLabelText('Notice type'), 'Presolicitation');
    await waitFor(() => expect(lastListing(calls).get('notice_type')).toBe('Presolicitation'));
    expect(screen.getByTestId('location-search')).toHaveTextContent('status=awarded');
    await userEvent.selectOptions(screen.getByLabelText('Notice type'), 'All types');
    // Back to a query already answered (cached): the URL says it.
    await waitFor(() => expect(screen.getByTestId('location-search')).not.toHaveTextContent('notice_type'));
    await userEvent.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'Compact' }));
    expect(await screen.findByTestId('opportunity-compact')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'Compact' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('location-search')).toHaveTextContent('view=compact');
  });

  it('keeps the page in the URL, with First, Last and the total pages', async () => {
    const calls = stubListing(7);
    renderApp('/?page=3&sort=due', plainUser);
    expect(await screen.findByTestId('page-of', {}, SLOW)).toHaveTextContent('Page 3 of 7');
    expect(lastListing(calls).get('page')).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('page=7'));
    expect(screen.getByTestId('location-search')).toHaveTextContent('sort=due');
    await waitFor(() => expect(lastListing(calls).get('page')).toBe('7'));
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    await waitFor(() => expect(screen.getByTestId('location-search')).not.toHaveTextContent('page='));
  });

  it('puts My Saved in the URL and lists every saved notice', async () => {
    const calls = stubListing(1);
    renderApp('/', plainUser);
    await screen.findAllByTestId('opportunity-card', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'My Saved' }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('saved=1'));
    await waitFor(() => expect(lastListing(calls).get('saved_only')).toBe('true'));
    expect(lastListing(calls).get('status')).toBe('all');
    expect(screen.getByTestId('results-heading')).toHaveTextContent('My Saved Opportunities');
  });

  it('makes every stat card a link to the listing it counts', async () => {
    const calls = stubListing(1);
    renderApp('/', plainUser);
    await screen.findAllByTestId('opportunity-card', {}, SLOW);
    await userEvent.click(screen.getByTestId('stat-due_this_week'));
    await waitFor(() => expect(lastListing(calls).get('due_within')).toBe('7'));
    expect(lastListing(calls).get('status')).toBe('open');
    expect(lastListing(calls).get('sort')).toBe('due');
    expect(screen.getByTestId('stat-recently_updated').closest('a')).toHaveAttribute('href', STAT_LINKS.recently_updated);
  });

  // Issue 21: "Recently Updated 736" opened "All notices (735)": the card was read when the
  // dashboard loaded, the list when it opened, and a notice had aged out of the 3-day window.
  it('re-reads a stat card with the list it opens, so the two counts agree', async () => {
    let recent = 736;
    stubApi({
      ...refresh,
      'GET /api/opportunities/stats': () => ({
        body: { open_solicitations: 1204, due_this_week: 3, favorited: 0, recently_updated: recent },
      }),
      'GET /api/opportunities': () => ({ body: { data: rows, total: recent, total_pages: 37, page: 1 } }),
    });
    renderApp('/', plainUser);
    await waitFor(() => expect(screen.getByTestId('stat-recently_updated')).toHaveTextContent('736'), SLOW);
    recent = 735;
    await userEvent.click(screen.getByTestId('stat-recently_updated'));
    await waitFor(() => expect(screen.getByTestId('results-heading')).toHaveTextContent('All notices (735)'));
    await waitFor(() => expect(screen.getByTestId('stat-recently_updated')).toHaveTextContent('735'));
  });
});

describe('dashboard URL state', () => {
  it('reads what it writes, drops defaults and ignores junk', () => {
    const state = readDashboardState(
      new URLSearchParams('keywords=radar&page=4&sort=due&order=asc&view=table&saved=1&status=all&type=Sources%20Sought&due=7'),
    );
    expect(state).toMatchObject({
      page: 4,
      sort: 'due',
      order: 'asc',
      view: 'table',
      saved: true,
      status: 'all',
      noticeType: 'Sources Sought',
      dueWithin: 7,
    });
    expect(readDashboardState(writeDashboardState(state))).toEqual(state);
    expect(writeDashboardState(readDashboardState(new URLSearchParams('page=1&agency=all'))).toString()).toBe('');
    expect(readDashboardState(new URLSearchParams('page=-2&sort=price&view=grid&status=x&due=9999'))).toMatchObject({
      page: 1,
      sort: undefined,
      view: undefined,
      status: undefined,
      dueWithin: undefined,
    });
  });
});
