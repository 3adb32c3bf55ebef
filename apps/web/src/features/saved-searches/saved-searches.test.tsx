import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { filtersFromUrl } from './filters-from-url';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const search = (over: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 's1',
  name: 'Radar work',
  filters: { keyword: 'radar', agency: 'DEPT OF DEFENSE' },
  link: '/?keywords=radar&agency=DEPT+OF+DEFENSE',
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
  ...over,
});
const searchAnswer = { 'POST /api/opportunities/search': () => ({ body: { results: [], total: 0, source: 'local' } }) };

describe('filtersFromUrl', () => {
  it('reads the dashboard parameters; all agencies and no set-aside are no filter; nothing to save without a criterion', () => {
    expect(filtersFromUrl(new URLSearchParams('keywords=radar&agency=all&setAside=none&type=Solicitation&status=all&page=3'))).toEqual({
      keyword: 'radar',
      notice_type: 'Solicitation',
      status: 'all',
    });
    expect(filtersFromUrl(new URLSearchParams('naics=5415&setAside=SBA&status=bogus'))).toEqual({ naics: '5415', set_aside: 'SBA' });
    expect(filtersFromUrl(new URLSearchParams('page=2&status=all'))).toBeNull();
  });
});

describe('saved searches on the dashboard', () => {
  it('saves the filters in the URL under a name', async () => {
    const calls = stubApi({
      ...refresh,
      ...searchAnswer,
      'POST /api/saved-searches': (c) => ({ status: 201, body: search({ name: (c.body as { name: string }).name }) }),
    });
    renderApp('/?keywords=radar&agency=DEPT%20OF%20DEFENSE', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Save search' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('"radar" · DEPT OF DEFENSE');
    await userEvent.clear(name);
    await userEvent.type(name, 'Radar work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Search saved as "Radar work"')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/saved-searches')?.body).toEqual({
      name: 'Radar work',
      filters: { keyword: 'radar', agency: 'DEPT OF DEFENSE' },
    });
  });

  it('offers no save without a criterion in the URL', async () => {
    stubApi(refresh);
    renderApp('/', plainUser);
    expect(await screen.findByRole('button', { name: 'Save search' }, { timeout: 10_000 })).toBeDisabled();
  });

  it('lists saved searches, opens one through the URL, and deletes one', async () => {
    let list = [search(), search({ id: 's2', name: 'Set-aside SBA', filters: { set_aside: 'SBA' }, link: '/?setAside=SBA' })];
    const calls = stubApi({
      ...refresh,
      ...searchAnswer,
      'GET /api/saved-searches': () => ({ body: { data: list } }),
      'DELETE /api/saved-searches/s2': () => {
        list = list.filter((s) => s.id !== 's2');
        return { status: 204 };
      },
    });
    renderApp('/', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Saved searches (2)' }, { timeout: 10_000 }));
    // The popover is still in its opening transition in jsdom (hidden to role queries): hidden: true.
    const items = await screen.findByRole('list', { name: 'Saved searches', hidden: true });
    expect(within(items).getByText('"radar" · DEPT OF DEFENSE')).toBeInTheDocument();
    await userEvent.click(within(items).getByRole('button', { name: 'Delete saved search Set-aside SBA', hidden: true }));
    expect(await screen.findByText('Saved search "Set-aside SBA" deleted')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/saved-searches/s2')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved searches (1)' })).toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: 'Open saved search Radar work', hidden: true }, { timeout: 5_000 }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?keywords=radar&agency=DEPT+OF+DEFENSE'));
  });
});
