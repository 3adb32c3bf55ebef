import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PartnerSearchResponse, PartnerSummary, Pursuit, User } from '@biddesk/shared';
import { AppProviders } from '../../app/providers';
import { opportunityFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi } from '../workspaces/workspace-test-api';
import { AwardValueOffer } from './components/award-value-offer';
import { PursuitPartyLinks } from './components/pursuit-party-links';
import { inviteNote } from './components/invite-partner-dialog';
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
const page = (data: PartnerSummary[], total = data.length): PartnerSearchResponse => ({ data, total, page: 1, page_size: 25, awards_loaded: true });

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
      'GET /api/pursuits': () => ({ body: { data: [{ id: PURSUIT_ID, title: 'Harbor dredging', solicitation_number: 'N1' }], stages: [], totals: [] } }),
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
      [`POST /api/workspaces/${owned.id}/invite`]: () => ({ status: 201, body: { id: 'i1', email: 'bd@alpha.example', role: 'CONTRIBUTOR', status: 'PENDING', replaced_previous: false } }),
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
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'bd@alpha.example', role: 'CONTRIBUTOR', message: inviteNote(alpha) }));
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
    expect(await within(await screen.findByRole('navigation', { name: /main/i }, SLOW)).findByRole('link', { name: /Partners/ })).toHaveAttribute('href', '/partners');
  });

  it('keeps its state in the URL', () => {
    const q = readPartnerQuery(new URLSearchParams('naics=5415&sort=count&page=3&business_type=HUBZone+firm&sort=bogus'));
    expect(q).toEqual({ naics: '5415', psc: undefined, agency: undefined, state: undefined, businessType: 'HUBZone firm', q: undefined, sort: 'count', page: 3 });
    expect(writePartnerQuery(q).toString()).toBe('naics=5415&business_type=HUBZone+firm&sort=count&page=3');
    expect(readPartnerQuery(new URLSearchParams('sort=bogus&page=-1'))).toMatchObject({ sort: 'obligated', page: 1 });
  });
});

function renderPart(node: React.ReactNode) {
  render(
    <MemoryRouter>
      <AppProviders>{node}</AppProviders>
    </MemoryRouter>,
  );
}

describe('a pursuit’s linked names', () => {
  it('link to the partner detail and say why an ambiguous name is not linked', async () => {
    stubApi({
      [`GET /api/pursuits/${PURSUIT_ID}/parties`]: () => ({
        body: {
          data: [
            { kind: 'teaming_partner', name: 'Alpha Systems Inc', uei: 'ALPHA0000001', linked_by: 'chosen', not_linked_reason: null },
            { kind: 'competitor', name: 'Smith & Sons', uei: null, linked_by: null, not_linked_reason: '2 award recipients were seen under this name, so it is not linked: add the right one from partner search.' },
            { kind: 'competitor', name: 'Unknown Corp', uei: null, linked_by: null, not_linked_reason: null },
          ],
        },
      }),
    });
    renderPart(<PursuitPartyLinks pursuitId={PURSUIT_ID} />);
    expect(await screen.findByRole('link', { name: 'Alpha Systems Inc' }, SLOW)).toHaveAttribute('href', '/partners?uei=ALPHA0000001');
    const list = screen.getByTestId('pursuit-party-links');
    expect(list).toHaveTextContent('Competitor: Smith & Sons — 2 award recipients were seen under this name');
    expect(list).not.toHaveTextContent('Unknown Corp');
  });
});

describe('the value from a prior award', () => {
  const base = { id: PURSUIT_ID, estimated_value: null, value_source: null, value_award: null } as unknown as Pursuit;
  const offer = {
    suggestion: {
      award_key: 'K1',
      piid: 'W912HQ22P0064',
      recipient_name: 'Rice',
      basis: 'ceiling',
      amount: 120000,
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (W912HQ22P0064)',
      source_url: 'https://www.usaspending.gov/award/K1/',
      fetched_at: '2026-11-20T12:00:00.000Z',
      label: 'from prior award W912HQ22P0064, Rice',
    },
    reason: null,
  };

  it('is offered with its source and taken in one click, never applied by itself', async () => {
    const calls = stubApi({
      [`GET /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({ body: offer }),
      [`POST /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({ body: { ...base, estimated_value: 120000, value_source: 'prior_award' } }),
    });
    renderPart(<AwardValueOffer pursuit={base} />);
    const box = screen.getByTestId('value-source');
    await waitFor(() => expect(box).toHaveTextContent('offers $120,000 (base and all options) — from prior award W912HQ22P0064, Rice'), SLOW);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use $120,000' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ award_key: 'K1' }));
  });

  it('names the source of a value taken, and asks nothing for an entered value', async () => {
    const calls = stubApi({ [`GET /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({ body: offer }) });
    renderPart(<AwardValueOffer pursuit={{ ...base, estimated_value: 120000, value_source: 'prior_award', value_award: { award_key: 'K1', piid: 'W912HQ22P0064', recipient_name: 'Rice', basis: 'ceiling' } }} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByTestId('value-source')).toHaveTextContent('Value source: from prior award W912HQ22P0064, Rice (base and all options)');
    expect(screen.queryByRole('button', { name: /Use/ })).not.toBeInTheDocument();
  });

  it('shows an entered value as entered without asking for an offer', () => {
    const calls = stubApi({});
    renderPart(<AwardValueOffer pursuit={{ ...base, estimated_value: 5, value_source: 'entered' }} />);
    expect(screen.getByTestId('value-source')).toHaveTextContent('Value source: entered');
    expect(calls).toEqual([]);
  });
});

describe('the workspace header’s awards line', () => {
  const w = workspaceFixture(1);
  const line = {
    opportunity_id: w.opportunity!.id,
    incumbent: {
      piid: 'FA870215D0001',
      recipient_name: 'Massachusetts Institute of Technology',
      recipient_uei: 'MITLL0000001',
      current_end_date: '2027-09-30',
      obligated_amount: '1500000.00',
      ceiling_amount: '4000000.00',
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (FA870215D0001)',
    },
  };

  it('names the incumbent, its end and obligation of ceiling, linking to the awards card', async () => {
    stubApi({ ...workspaceApi(w), [`GET /api/workspaces/${w.id}/awards-line`]: () => ({ body: line }) });
    renderApp(`/workspace/${w.id}`, plainUser);
    const el = await screen.findByTestId('workspace-awards-line', {}, SLOW);
    expect(el).toHaveTextContent('Incumbent: Massachusetts Institute of Technology · ends Sep 30, 2027 · $1,500,000 of $4,000,000 (matched: contract number quoted in the notice (FA870215D0001))');
    expect(within(el).getByRole('link')).toHaveAttribute('href', `/opportunity/${w.opportunity!.id}#awards`);
  });

  it('lands on the awards card of the opportunity it links to', async () => {
    const opp = opportunityFixture(1);
    stubApi({
      ...refresh(plainUser),
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
      [`GET /api/opportunities/${opp.id}/workspace`]: () => ({ body: { workspace_id: null, is_member: false, owner_name: null } }),
      'GET /api/documents': () => ({ body: [] }),
      [`GET /api/opportunities/${opp.id}/awards`]: () => ({ body: { opportunity_id: opp.id, candidates: [], caveats: [], awards_loaded: 1 } }),
    });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderApp(`/opportunity/${opp.id}#awards`, plainUser);
    await screen.findByText(/No award matches this notice/, {}, SLOW);
    await waitFor(() => expect(scrolled.mock.contexts).toContain(screen.getByTestId('incumbent-awards')));
  });

  it('shows nothing without a candidate', async () => {
    stubApi(workspaceApi(w));
    renderApp(`/workspace/${w.id}`, plainUser);
    await screen.findByTestId('workspace-name', {}, SLOW);
    expect(screen.queryByTestId('workspace-awards-line')).not.toBeInTheDocument();
  });

  it('is never asked for by a guest', async () => {
    const calls = stubApi({ ...workspaceApi(w), ...refresh(guestUser), [`GET /api/workspaces/${w.id}/awards-line`]: () => ({ body: line }) });
    renderApp(`/workspace/${w.id}`, guestUser);
    await screen.findByTestId('workspace-name', {}, SLOW);
    expect(calls.filter((c) => c.url.endsWith('/awards-line'))).toEqual([]);
    expect(screen.queryByTestId('workspace-awards-line')).not.toBeInTheDocument();
  });
});
