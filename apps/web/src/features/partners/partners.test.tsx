import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartnerSearchResponse, PartnerSummary, User } from '@biddesk/shared';
import { workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { inviteNote } from './invite-note';
import { readPartnerQuery, writePartnerQuery } from './partner-url-state';

const SLOW = { timeout: 10_000 };
const guestUser: User = { ...plainUser, id: 'g1', is_guest: true };
const refresh = (user: User) => ({ 'GET /api/auth/refresh-user': () => ({ body: user }) });
const PURSUIT_ID = '00000000-0000-4000-8000-000000000001';

const alpha: PartnerSummary = {
  uei: 'ALPHA0000001',
  name: 'Alpha Systems Inc',
  parent_uei: null,
  business_types: ['Women-owned small business'],
  history: {
    award_count: 4,
    total_obligated: '9150010.25',
    last_award_date: '2025-03-01',
    top_agencies: [{ code: '097', name: 'Department of Defense', count: 3 }],
    top_naics: [{ code: '541512', name: null, count: 3 }],
  },
};
const page = (data: PartnerSummary[], total = data.length): PartnerSearchResponse => ({
  data,
  total,
  page: 1,
  page_size: 25,
  awards_loaded: true,
});

describe('/partners', () => {
  it('lists recipients with their award history; the filters go to the URL and the API', async () => {
    const calls = stubApi({ ...refresh(plainUser), 'GET /api/partners': () => ({ body: page([alpha], 60) }) });
    renderApp('/partners?naics=5415', plainUser);
    const row = await screen.findByTestId('partner-row', {}, SLOW);
    expect(row).toHaveTextContent('Alpha Systems Inc');
    expect(row).toHaveTextContent('UEI ALPHA0000001 · Women-owned small business');
    expect(row).toHaveTextContent('$9,150,010');
    expect(row).toHaveTextContent('Mar 1, 2025');
    expect(row).toHaveTextContent('Department of Defense (3)');
    expect(screen.getByTestId('partner-summary')).toHaveTextContent('60 recipients');
    expect(calls.find((c) => c.url.startsWith('/api/partners'))!.url).toBe('/api/partners?naics=5415&sort=obligated&page=1');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Place (state)' }), 'va{Enter}');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/partners?naics=5415&state=va&sort=obligated&page=1'));
    expect(screen.getByTestId('location')).toHaveTextContent('/partners');
    // Three pages of 25: the pager is shown.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  });

  it('asks for a filter before searching, and asks the server nothing until then', async () => {
    const calls = stubApi(refresh(plainUser));
    renderApp('/partners', plainUser);
    expect(await screen.findByText(/Choose a NAICS, PSC, awarding agency/, {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/partners'))).toEqual([]);
  });

  it('refuses a malformed NAICS in the field instead of asking the server', async () => {
    const calls = stubApi({ ...refresh(plainUser), 'GET /api/partners': () => ({ body: page([]) }) });
    renderApp('/partners', plainUser);
    const user = userEvent.setup();
    const naics = await screen.findByRole('textbox', { name: 'NAICS' }, SLOW);
    await user.type(naics, '54a{Enter}');
    expect(await screen.findByText('Up to 6 digits')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/partners')).every((c) => !c.url.includes('naics'))).toBe(true);
  });

  it('says when no award data is loaded rather than that nobody does this work', async () => {
    stubApi({ ...refresh(plainUser), 'GET /api/partners': () => ({ body: { ...page([]), awards_loaded: false } }) });
    renderApp('/partners?q=rice', plainUser);
    expect(await screen.findByText(/No award data is loaded yet/, {}, SLOW)).toBeInTheDocument();
  });

  it('adds a recipient as a teaming partner of a pursuit the user owns', async () => {
    const calls = stubApi({
      ...refresh(plainUser),
      'GET /api/partners': () => ({ body: page([alpha]) }),
      'GET /api/pursuits': () => ({
        body: { data: [{ id: PURSUIT_ID, title: 'Harbor dredging', solicitation_number: 'N1' }], stages: [], totals: [] },
      }),
      [`POST /api/pursuits/${PURSUIT_ID}/parties`]: () => ({ body: { data: [] } }),
    });
    renderApp('/partners?q=alpha', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Alpha Systems Inc as teaming partner' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Alpha Systems Inc to a pursuit' });
    // Only the user's own pursuits are offered.
    expect(calls.find((c) => c.url.startsWith('/api/pursuits'))!.url).toBe(`/api/pursuits?owner=${plainUser.id}`);
    await user.click(within(dialog).getByRole('textbox', { name: 'Pursuit' }));
    await user.click(await screen.findByRole('option', { name: 'Harbor dredging (N1)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'teaming_partner', uei: 'ALPHA0000001' }));
    expect(await screen.findByText('Alpha Systems Inc added as teaming partner of Harbor dredging')).toBeInTheDocument();
  });

  it('starts the existing invitation flow for a workspace the user owns, the note prefilled', async () => {
    const owned = workspaceFixture(1, { name: 'Owned workspace' });
    const joined = workspaceFixture(2, { name: 'Joined workspace', user_role: 'CONTRIBUTOR' });
    const calls = stubApi({
      ...refresh(plainUser),
      'GET /api/partners': () => ({ body: page([alpha]) }),
      'GET /api/workspaces': () => ({ body: [owned, joined] }),
      [`POST /api/workspaces/${owned.id}/invite`]: () => ({
        status: 201,
        body: { id: 'i1', email: 'bd@alpha.example', role: 'CONTRIBUTOR', status: 'PENDING', replaced_previous: false },
      }),
    });
    renderApp('/partners?q=alpha', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite Alpha Systems Inc to a workspace' }, SLOW));
    const chooser = await screen.findByRole('dialog', { name: 'Invite Alpha Systems Inc to a workspace' });
    await user.click(within(chooser).getByRole('textbox', { name: 'Workspace you own' }));
    expect(screen.queryByRole('option', { name: 'Joined workspace', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Owned workspace', hidden: true }));
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));
    const invite = await screen.findByRole('dialog', { name: 'Invite Member' });
    expect(within(invite).getByRole('textbox', { name: 'Message (optional)' })).toHaveValue(inviteNote(alpha));
    await user.type(within(invite).getByRole('textbox', { name: 'Email' }), 'bd@alpha.example');
    await user.click(within(invite).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        email: 'bd@alpha.example',
        role: 'CONTRIBUTOR',
        message: inviteNote(alpha),
      }),
    );
  });

  it('is not in a guest’s navigation, and a guest gets no data', async () => {
    const calls = stubApi(refresh(guestUser));
    renderApp('/partners', guestUser);
    expect(await screen.findByText(/Partner search is for this company/, {}, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: /main/i })).queryByRole('link', { name: /Partners/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/partners'))).toEqual([]);
  });

  it('is in an internal user’s navigation', async () => {
    stubApi(refresh(plainUser));
    renderApp('/', plainUser);
    expect(
      await within(await screen.findByRole('navigation', { name: /main/i }, SLOW)).findByRole('link', { name: /Partners/ }),
    ).toHaveAttribute('href', '/partners');
  });

  it('keeps its state in the URL', () => {
    const q = readPartnerQuery(new URLSearchParams('naics=5415&sort=count&page=3&business_type=HUBZone+firm&sort=bogus'));
    expect(q).toEqual({
      naics: '5415',
      psc: undefined,
      agency: undefined,
      state: undefined,
      businessType: 'HUBZone firm',
      q: undefined,
      sort: 'count',
      page: 3,
    });
    expect(writePartnerQuery(q).toString()).toBe('naics=5415&business_type=HUBZone+firm&sort=count&page=3');
    expect(readPartnerQuery(new URLSearchParams('sort=bogus&page=-1'))).toMatchObject({ sort: 'obligated', page: 1 });
  });
});
