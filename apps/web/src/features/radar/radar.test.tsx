import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RadarResponse, RadarRow, User } from '@biddesk/shared';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { readRadarState, writeRadarState } from './url-state';

const SLOW = { timeout: 10_000 };
const guestUser: User = { ...plainUser, id: 'g1', name: 'Gia Guest', is_guest: true };

function row(n: number, overrides: Partial<RadarRow> = {}): RadarRow {
  return {
    award_key: `CONT_AWD_W912HQ2${n}C0001_9700_-NONE-_-NONE-`,
    piid: `W912HQ2${n}C0001`,
    parent_idv_piid: null,
    recipient_name: `INCUMBENT ${n} LLC`,
    recipient_uei: `UEI00000000${n}`,
    awarding_agency_code: '097',
    awarding_agency_name: 'Department of Defense',
    awarding_sub_agency_name: 'Department of the Army',
    awarding_office_name: 'W2SD ENDIST BALTIMORE',
    naics_code: '541512',
    psc_code: 'D307',
    current_end_date: '2027-09-30',
    potential_end_date: '2029-09-30',
    obligated_amount: '900000.00',
    ceiling_amount: '1000000.00',
    extent_competed_code: 'A',
    extent_competed: 'Full and open competition',
    offers_received: 4,
    signals: [],
    source_url: 'https://www.usaspending.gov/award/x/',
    fetched_at: '2026-11-28T03:00:00.000Z',
    pursuit_id: null,
    ...overrides,
  };
}

const singleOffer = {
  kind: 'single_offer' as const,
  label: 'Single offer',
  explanation: 'Only one offer was received last time: other firms did not bid, and a recompete may draw them in.',
  evidence: 'number of offers received: 1',
};

const agencies = [
  { code: '097', name: 'Department of Defense', level: 'agency', awards: 12 },
  { code: '2100', name: 'Department of the Army', level: 'sub_agency', awards: 7 },
];

function response(rows: RadarRow[], total = rows.length): RadarResponse {
  return {
    data: rows,
    total,
    total_capped: false,
    page: 1,
    page_size: 50,
    window: { from: '2027-05-28', to: '2028-05-28' },
    caveats: ['End dates move.'],
  };
}

function stubRadar(rows: RadarRow[], extra: Record<string, (c: FetchCall) => { status?: number; body?: unknown }> = {}) {
  return stubApi({
    'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    'GET /api/radar': () => ({ body: response(rows) }),
    'GET /api/radar/searches': () => ({ body: { data: [] } }),
    'GET /api/radar/agencies': () => ({ body: { data: agencies } }),
    ...extra,
  });
}

describe('/radar', () => {
  it('lists awards with signals as badges followed by their explanation and source, in plain text', async () => {
    stubRadar([row(1, { offers_received: 1, signals: [singleOffer] }), row(2)]);
    renderApp('/radar', plainUser);
    const rows = await screen.findAllByTestId('radar-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    const signals = within(rows[0]!).getByRole('list', { name: 'Signals' });
    expect(signals).toHaveTextContent('Single offer');
    expect(signals).toHaveTextContent(singleOffer.explanation);
    expect(signals).toHaveTextContent('(from: number of offers received: 1)');
    expect(within(rows[1]!).getByText('None in the data')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('INCUMBENT 1 LLC')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Options may run to Sep 30, 2029')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 awards end between May 28, 2027 and May 28, 2028');
  });

  it('shows each award as a card with its signals and Track on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({ ...original(query), matches: query === '(max-width: 48em)' }));
    try {
      stubRadar([row(1, { offers_received: 1, signals: [singleOffer] })]);
      renderApp('/radar', plainUser);
      const [card] = await screen.findAllByTestId('radar-row', {}, SLOW);
      expect(card!.tagName).not.toBe('TR');
      expect(within(card!).getByRole('list', { name: 'Signals' })).toHaveTextContent(singleOffer.explanation);
      expect(within(card!).getByRole('button', { name: 'Track the recompete of W912HQ21C0001 (INCUMBENT 1 LLC)' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('sends the filters to the server from the form and keeps them in the URL', async () => {
    const calls = stubRadar([row(1)]);
    renderApp('/radar', plainUser);
    const user = userEvent.setup();
    await screen.findAllByTestId('radar-row', {}, SLOW);
    await user.type(screen.getByLabelText('NAICS codes', { exact: false }), '541512, 541511');
    await user.click(screen.getByRole('textbox', { name: 'Awarding agencies' }));
    await user.click(await screen.findByRole('option', { name: 'Department of the Army (2100) · 7', hidden: true }));
    await user.click(screen.getByLabelText('Only awards with a signal'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/radar?')).at(-1)!.url).toContain('signals_only=true'));
    const last = new URL(calls.filter((c) => c.url.startsWith('/api/radar?')).at(-1)!.url, 'http://x').searchParams;
    expect(last.get('naics')).toBe('541512, 541511');
    expect(last.get('agency')).toBe('2100');
    expect(last.get('from_months')).toBe('6');
    expect(last.get('to_months')).toBe('18');
    expect(screen.getByTestId('location-search')).toHaveTextContent('signals_only=true');
  });

  it('tracks a recompete and then says Tracked with a link to the pipeline', async () => {
    let tracked = false;
    const calls = stubRadar([], {
      'GET /api/radar': () => ({ body: response([row(1, { pursuit_id: tracked ? 'p1' : null })]) }),
      'POST /api/radar/track': () => {
        tracked = true;
        return { status: 201, body: { id: 'p1' } };
      },
      'GET /api/pursuits': () => ({ body: { data: [], stages: [], totals: [] } }),
    });
    renderApp('/radar', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Track the recompete of W912HQ21C0001 (INCUMBENT 1 LLC)' }, SLOW));
    expect(await screen.findByText('Tracked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recompete of W912HQ21C0001 (INCUMBENT 1 LLC): open the pipeline' })).toHaveAttribute(
      'href',
      '/pipeline',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ award_key: 'CONT_AWD_W912HQ21C0001_9700_-NONE-_-NONE-' });
  });

  it('saves the filters as a radar search under a name, and shows the server refusal when there is one', async () => {
    const calls = stubRadar([row(1)], {
      'POST /api/radar/searches': (c) =>
        (c.body as { name: string }).name === 'Taken'
          ? { status: 409, body: { code: 'CONFLICT', detail: 'You already have a saved search with this name' } }
          : {
              status: 201,
              body: { id: 's1', name: 'Army IT', kind: 'radar', filters: {}, link: '/radar', created_at: '', updated_at: '' },
            },
    });
    renderApp('/radar?naics=541512&signals_only=true', plainUser);
    const user = userEvent.setup();
    await screen.findAllByTestId('radar-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Save as radar search' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a saved search with this name')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Army IT');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      name: 'Army IT',
      filters: { naics: '541512', from_months: 6, to_months: 18, signals_only: true },
    });
  });

  it('lists the saved radar searches, each opening the radar with its filters', async () => {
    stubRadar([row(1)], {
      'GET /api/radar/searches': () => ({
        body: {
          data: [
            {
              id: 's1',
              name: 'Army IT',
              kind: 'radar',
              filters: {},
              link: '/radar?naics=541512&agency=2100',
              created_at: '',
              updated_at: '',
            },
          ],
        },
      }),
    });
    renderApp('/radar', plainUser);
    const user = userEvent.setup();
    // Open the menu once the page has its rows: a click while the page still re-renders can land
    // on a button that is replaced, and the menu never opens.
    await screen.findAllByTestId('radar-row', {}, SLOW);
    await user.click(await screen.findByRole('button', { name: 'Radar searches (1)' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Army IT' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?naics=541512&agency=2100'));
  });

  it('shows the server explanation of a bad filter', async () => {
    stubApi({
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
      'GET /api/radar/searches': () => ({ body: { data: [] } }),
      'GET /api/radar/agencies': () => ({ body: { data: agencies } }),
      'GET /api/radar': () => ({
        status: 400,
        body: { code: 'VALIDATION', detail: 'NAICS "5415" is not valid: a NAICS code has 6 digits' },
      }),
    });
    renderApp('/radar?naics=5415', plainUser);
    expect(await screen.findByText('NAICS "5415" is not valid: a NAICS code has 6 digits', {}, SLOW)).toBeInTheDocument();
  });

  it('is not for guests, and has no sidebar entry for them', async () => {
    stubApi({ 'GET /api/auth/refresh-user': () => ({ body: guestUser }) });
    renderApp('/radar', guestUser);
    expect(await screen.findByText('Access Denied', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Radar' })).not.toBeInTheDocument();
  });

  it('has a sidebar entry for internal users', async () => {
    stubRadar([]);
    renderApp('/radar', plainUser);
    expect(await screen.findByRole('link', { name: 'Radar' }, SLOW)).toHaveAttribute('href', '/radar');
  });
});

describe('radar URL state', () => {
  it('round-trips, leaving defaults out', () => {
    const state = readRadarState(new URLSearchParams('naics=541512&to_months=24&signals_only=true&sort=obligated&order=desc&page=3'));
    expect(state).toEqual({
      naics: '541512',
      psc: '',
      agency: '',
      fromMonths: 6,
      toMonths: 24,
      signalsOnly: true,
      sort: 'obligated',
      order: 'desc',
      page: 3,
    });
    expect(writeRadarState(state).toString()).toBe('naics=541512&to_months=24&signals_only=true&sort=obligated&order=desc&page=3');
    expect(writeRadarState(readRadarState(new URLSearchParams())).toString()).toBe('');
  });
});
