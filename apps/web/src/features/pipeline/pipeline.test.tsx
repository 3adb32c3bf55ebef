import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PipelineStage, Pursuit, PursuitImportReport, PursuitListResponse, User } from '@biddesk/shared';
import { opportunitySummaryFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { readPipelineState, writePipelineState } from './url-state';

const SLOW = { timeout: 10_000 };
const guestUser: User = { ...plainUser, id: 'g1', name: 'Gia Guest', email: 'gia@partner.example', is_guest: true };
const refresh = (user: User) => ({ 'GET /api/auth/refresh-user': () => ({ body: user }) });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stages: PipelineStage[] = ['Identified', 'Qualified', 'Capture', 'Bid decision', 'Proposal'].map((name, i) => ({
  id: id(100 + i),
  name,
  position: i,
  outcome: null,
  opens_workspace: name === 'Proposal',
  gate_evidence: name === 'Qualified' ? ['incumbent'] : null,
}));

function pursuit(n: number, overrides: Partial<Pursuit> = {}): Pursuit {
  return {
    id: id(n),
    opportunity_id: id(200 + n),
    notice_id: `N${n}`,
    award_key: null,
    title: `Pursuit ${n}`,
    solicitation_number: `SOL-${n}`,
    agency: 'DEPT OF THE NAVY',
    naics_code: '541512',
    response_deadline: '2030-06-01T20:00:00.000Z',
    stage_id: stages[0]!.id,
    owner: { id: plainUser.id, name: plainUser.name },
    estimated_value: 1_000_000 * n,
    value_source: 'entered',
    value_award: null,
    p_win: 50,
    p_go: null,
    weighted_value: 500_000 * n,
    expected_award_date: null,
    next_action: 'Call the contracting officer',
    next_action_due: '2026-12-01',
    competitors: [],
    teaming_partners: [],
    notes: '',
    incumbent: null,
    page_budget: null,
    workspace_id: null,
    stage_changed_at: '2026-11-01T00:00:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

function listResponse(pursuits: Pursuit[]): PursuitListResponse {
  return {
    data: pursuits,
    stages,
    totals: stages.map((s) => {
      const inStage = pursuits.filter((p) => p.stage_id === s.id);
      return {
        stage_id: s.id,
        count: inStage.length,
        total_value: inStage.reduce((a, p) => a + (p.estimated_value ?? 0), 0),
        weighted_value: inStage.reduce((a, p) => a + (p.weighted_value ?? 0), 0),
        unvalued: 0,
      };
    }),
  };
}

function stubPipeline(pursuits: Pursuit[], extra: Record<string, (c: FetchCall) => { status?: number; body?: unknown }> = {}) {
  return stubApi({
    ...refresh(plainUser),
    'GET /api/pursuits': () => ({ body: listResponse(pursuits) }),
    'GET /api/pipeline/owners': () => ({ body: { data: [{ id: plainUser.id, name: plainUser.name }] } }),
    ...extra,
  });
}

describe('/pipeline', () => {
  it('shows a column per stage with its count, value and weighted value; the day of a next action is the same in every time zone', async () => {
    stubPipeline([pursuit(1), pursuit(2, { stage_id: stages[1]!.id })]);
    renderApp('/pipeline', plainUser);
    const columns = await screen.findAllByTestId('pipeline-column', {}, SLOW);
    expect(columns.map((c) => c.getAttribute('data-stage'))).toEqual(stages.map((s) => s.name));
    expect(within(columns[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Identified (1)');
    expect(within(columns[0]!).getByTestId('stage-totals')).toHaveTextContent('$1M · weighted $500K');
    expect(within(columns[0]!).getByText(/Next: Call the contracting officer \(Dec 1, 2026\)/)).toBeInTheDocument();
    expect(screen.getByTestId('pipeline-summary')).toHaveTextContent('2 pursuits · $3,000,000 · weighted $1,500,000');
  });

  it('asks the server for 30 cards a column, and for all of them after Show all', async () => {
    const many = Array.from({ length: 31 }, (_, i) => pursuit(i + 1));
    const calls = stubPipeline(many);
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    const showAll = await screen.findByRole('button', { name: 'Show all 31 in Identified' }, SLOW);
    expect(calls.filter((c) => c.url.startsWith('/api/pursuits?') || c.url === '/api/pursuits').map((c) => c.url)).toEqual([
      '/api/pursuits?per_stage=30',
    ]);
    await user.click(showAll);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/pursuits')).toBe(true));
  });

  it('moves a pursuit to the next stage with Alt+→, sending the stage it was seen in', async () => {
    const moveCalls = stubPipeline([pursuit(1)], {
      [`POST /api/pursuits/${id(1)}/move`]: (c) => ({ body: pursuit(1, { stage_id: (c.body as { stage_id: string }).stage_id }) }),
    });
    renderApp('/pipeline', plainUser);
    const card = await screen.findByRole('group', { name: 'Pursuit 1' }, SLOW);
    within(card).getByRole('button', { name: 'Move Pursuit 1' }).focus();
    fireEvent.keyDown(within(card).getByRole('button', { name: 'Move Pursuit 1' }), { key: 'ArrowRight', altKey: true });
    await waitFor(() =>
      expect(moveCalls.find((c) => c.url.endsWith('/move'))?.body).toEqual({ stage_id: stages[1]!.id, from_stage_id: stages[0]!.id }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Moved Pursuit 1 to Qualified');
  });

  it('moves through the Move menu with the keyboard', async () => {
    const calls = stubPipeline([pursuit(1)], { [`POST /api/pursuits/${id(1)}/move`]: () => ({ body: pursuit(1) }) });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    const move = await screen.findByRole('button', { name: 'Move Pursuit 1' }, SLOW);
    await user.click(move);
    await user.click(await screen.findByRole('menuitem', { name: 'Capture', hidden: true }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/move'))?.body).toEqual({ stage_id: stages[2]!.id, from_stage_id: stages[0]!.id }),
    );
  });

  it('offers no move or edit on another owner’s pursuit, and Create workspace only from Proposal on', async () => {
    stubPipeline([
      pursuit(1, { owner: { id: 'someone', name: 'Sam Else' } }),
      pursuit(2, { stage_id: stages[4]!.id }),
      pursuit(3, { workspace_id: id(900) }),
    ]);
    renderApp('/pipeline', plainUser);
    const other = await screen.findByRole('group', { name: 'Pursuit 1' }, SLOW);
    expect(within(other).queryByRole('button', { name: /Move|Edit/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Pursuit 2' })).getByRole('button', { name: 'Create workspace for Pursuit 2' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Pursuit 3' })).getByRole('link', { name: 'Open workspace of Pursuit 3' }),
    ).toHaveAttribute('href', `/workspace/${id(900)}`);
  });

  it('shows the page the server sorted, from the URL, with totals per stage; sorting, paging and filters go to the URL and the API', async () => {
    const calls = stubPipeline([], {
      'GET /api/pursuits': (c) => ({
        body: {
          ...listResponse([pursuit(3), pursuit(2), pursuit(1)]),
          page: { page: c.url.includes('page=2') ? 2 : 1, per_page: 50, total: 120 },
        },
      }),
    });
    renderApp('/pipeline?view=table&sort=weighted&order=desc', plainUser);
    await screen.findByTestId('pipeline-table', {}, SLOW);
    expect(calls.filter((c) => c.url.startsWith('/api/pursuits?')).map((c) => c.url)).toEqual([
      '/api/pursuits?view=table&sort=weighted&order=desc&page=1&per_page=50',
    ]);
    // The rows in the order the server sent them: the browser no longer sorts.
    expect(screen.getAllByTestId('pursuit-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Pursuit 3',
      'Pursuit 2',
      'Pursuit 1',
    ]);
    expect(within(screen.getByTestId('pipeline-table')).getByRole('columnheader', { name: /Weighted/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(
      within(screen.getByTestId('stage-totals-table')).getByRole('row', { name: /Identified 3 \$6,000,000 \$3,000,000/ }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/pursuits?view=table&sort=weighted&order=desc&page=2&per_page=50'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Value/ }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('view=table&sort=value'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/pursuits?view=table&sort=value&order=asc&page=1&per_page=50'));
    await user.type(screen.getByRole('textbox', { name: 'NAICS' }), '5415{Enter}');
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('view=table&naics=5415&sort=value'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/pursuits?view=table&naics=5415&sort=value&order=asc&page=1&per_page=50'));
  });
});

describe('CSV export and import', () => {
  const report = (rows: PursuitImportReport['rows']): PursuitImportReport => {
    const n = (a: string) => rows.filter((r) => r.action === a).length;
    return {
      counts: { rows: rows.length, created: n('created'), updated: n('updated'), unchanged: n('unchanged'), refused: n('refused') },
      rows,
      ignored_columns: [],
    };
  };

  it('exports with the current filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:pipeline');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = stubPipeline([pursuit(1)], { 'GET /api/pursuits/export.csv': () => ({ body: 'notice_id' }) });
    renderApp('/pipeline?naics=5415', plainUser);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/pursuits/export.csv?naics=5415')).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('imports a file and shows the counts and each refused row with its reason', async () => {
    const calls = stubPipeline([pursuit(1)], {
      'POST /api/pursuits/import': () => ({
        body: report([
          { row: 2, notice_id: 'N1', action: 'updated', reason: null },
          { row: 3, notice_id: 'N2', action: 'unchanged', reason: null },
          {
            row: 4,
            notice_id: 'N9',
            action: 'refused',
            reason: 'Moving past Qualified needs a gate review with a Go decision. Record the Qualified gate review first.',
          },
        ]),
      }),
    });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Import pursuits from CSV' });
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['notice_id,p_win\nN1,50\n'], 'pipeline.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('3 rows: 0 created, 1 updated, 1 unchanged, 1 refused')).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('refused-rows')).getByRole('row', { name: /4 N9 Moving past Qualified needs a gate review/ }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/pursuits/import')?.method).toBe('POST');
    expect(await screen.findByText('Imported: 0 created, 1 updated, 1 unchanged, 1 refused')).toBeInTheDocument();
  });

  it('never says imported when every row was refused', async () => {
    stubPipeline([pursuit(1)], {
      'POST /api/pursuits/import': () => ({
        body: report([
          {
            row: 2,
            notice_id: 'N9',
            action: 'refused',
            reason: 'No notice has the notice id N9 (it is not in the opportunity data, and not in the pipeline).',
          },
        ]),
      }),
    });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Import pursuits from CSV' });
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['notice_id\nN9\n'], 'pipeline.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Nothing imported: every row was refused')).toBeInTheDocument();
    expect(screen.queryByText(/^Imported/)).not.toBeInTheDocument();
  });
});

describe('guests', () => {
  it('see no Pipeline, no opportunity data and no AI documents: only their invitations and workspaces', async () => {
    const calls = stubApi(refresh(guestUser));
    renderApp('/', guestUser);
    expect(await screen.findByText('You are not in any workspace yet. Accept an invitation to join one.', {}, SLOW)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: /main/i });
    expect(within(nav).queryByRole('link', { name: /Pipeline|AI Workspace|Saved Docs/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('opportunity-card')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => /\/api\/(opportunities|saved-searches|pursuits)/.test(u))).toEqual([]);
  });

  it('are told the pipeline is not theirs, and nothing is fetched', async () => {
    const calls = stubApi(refresh(guestUser));
    renderApp('/pipeline', guestUser);
    expect(await screen.findByText(/Guest accounts see only the workspaces they were invited to/, {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/pursuits') || c.url.startsWith('/api/pipeline'))).toEqual([]);
  });
});

describe('Track', () => {
  it('tracks an opportunity from its card, and a tracked one links to the pipeline with its stage', async () => {
    const rows = [opportunitySummaryFixture(1), opportunitySummaryFixture(2)];
    const calls = stubApi({
      ...refresh(plainUser),
      'GET /api/opportunities': () => ({ body: { data: rows, total: 2, total_pages: 1, page: 1 } }),
      'GET /api/pursuits/lookup': () => ({ body: { data: [{ opportunity_id: rows[1]!.id, pursuit_id: id(1), stage_name: 'Capture' }] } }),
      'POST /api/pursuits': () => ({ status: 201, body: pursuit(9) }),
    });
    renderApp('/', plainUser);
    const track = await screen.findByRole('button', { name: `Track ${rows[0]!.title}` }, SLOW);
    expect(screen.getByRole('link', { name: `${rows[1]!.title}: in the pipeline, Capture` })).toHaveAttribute('href', '/pipeline');
    await userEvent.setup().click(track);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/pursuits')?.body).toEqual({ opportunity_id: rows[0]!.id }),
    );
    expect(await screen.findByText('Added to the pipeline')).toBeInTheDocument();
  });
});

describe('pipeline URL state', () => {
  it('round-trips and drops malformed values', () => {
    const state = readPipelineState(
      new URLSearchParams(`view=table&stage=${id(100)}&owner=none&naics=54&due=30&sort=value&order=desc&page=2`),
    );
    expect(state).toEqual({
      view: 'table',
      filters: { stage: id(100), owner: 'none', agency: undefined, naics: '54', dueWithin: 30 },
      sort: 'value',
      order: 'desc',
      page: 2,
    });
    expect(readPipelineState(writePipelineState(state))).toEqual(state);
    expect(readPipelineState(new URLSearchParams('stage=x&owner=y&naics=abc&due=999&sort=nope'))).toEqual({
      view: 'board',
      filters: { stage: undefined, owner: undefined, agency: undefined, naics: undefined, dueWithin: undefined },
      sort: 'due',
      order: 'asc',
      page: 1,
    });
  });
});

describe('stage editor', () => {
  const adminUser: User = { ...plainUser, id: 'a1', role: 'admin' };
  it('lets an admin rename and reorder stages, sending the whole list; users see no Stages button', async () => {
    const calls = stubApi({
      ...refresh(adminUser),
      'GET /api/pursuits': () => ({ body: listResponse([]) }),
      'GET /api/pipeline/owners': () => ({ body: { data: [] } }),
      'PUT /api/admin/pipeline/stages': () => ({ body: { data: stages } }),
    });
    renderApp('/pipeline', adminUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stages' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Pipeline stages' });
    const name = within(dialog).getByRole('textbox', { name: 'Stage 3 name' });
    await user.clear(name);
    await user.type(name, 'Shaping');
    await user.click(within(dialog).getByRole('button', { name: 'Move stage 3 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save stages' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        stages: [stages[0], stages[2], stages[1], stages[3], stages[4]].map((s) => ({
          id: s!.id,
          name: s!.name === 'Capture' ? 'Shaping' : s!.name,
          outcome: null,
          opens_workspace: s!.opens_workspace,
          gate_evidence: s!.gate_evidence,
        })),
      }),
    );
  });

  it('shows no Stages button to a user', async () => {
    stubPipeline([]);
    renderApp('/pipeline', plainUser);
    await screen.findByTestId('pipeline-board', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Stages' })).not.toBeInTheDocument();
  });
});

describe('pursuit editor', () => {
  it('saves the fields it shows, and stops tracking only after confirming', async () => {
    const calls = stubPipeline([pursuit(1)], {
      [`PATCH /api/pursuits/${id(1)}`]: () => ({ body: pursuit(1) }),
      [`DELETE /api/pursuits/${id(1)}`]: () => ({ status: 204 }),
      // The drawer reads the whole pursuit and shows the decision history.
      [`GET /api/pursuits/${id(1)}`]: () => ({ body: pursuit(1) }),
      [`GET /api/pursuits/${id(1)}/decisions`]: () => ({
        body: {
          gate_reviews: [],
          outcome: null,
          evidence: { incumbent: null, page_budget: null, rfp_requirements: { extracted: false, count: 0 } },
        },
      }),
      [`GET /api/pursuits/${id(1)}/parties`]: () => ({ body: { data: [] } }),
    });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Pursuit 1' }, SLOW));
    const drawer = await screen.findByRole('dialog', { name: 'Edit pursuit: Pursuit 1' });
    const pWin = within(drawer).getByRole('textbox', { name: 'p(win) %' });
    await user.clear(pWin);
    await user.type(pWin, '70');
    expect(within(drawer).getByTestId('editor-weighted')).toHaveTextContent('Weighted value: $700,000');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        owner_id: plainUser.id,
        estimated_value: 1_000_000,
        p_win: 70,
        p_go: null,
        next_action: 'Call the contracting officer',
        next_action_due: '2026-12-01',
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Edit Pursuit 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit pursuit: Pursuit 1' })).getByRole('button', { name: 'Stop tracking' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Stop tracking?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Stop tracking' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/pursuits/${id(1)}`)).toBe(true));
  });
});

describe('gates and outcomes (issue 26 items 3-4)', () => {
  const factors = [
    { id: id(300), name: 'Technical fit', description: 'Can we do it?', weight: 2, position: 0 },
    { id: id(301), name: 'Price position', description: '', weight: 1, position: 1 },
  ];
  const noDecisions = {
    gate_reviews: [],
    outcome: null,
    evidence: { incumbent: null, page_budget: null, rfp_requirements: { extracted: false, count: 0 } },
  };

  it('opens the gate review when the server refuses a move for a missing Go, previews p(go), records the Go and then moves', async () => {
    const at = pursuit(1, { stage_id: stages[1]!.id });
    let moves = 0;
    const calls = stubPipeline([at], {
      [`POST /api/pursuits/${id(1)}/move`]: () =>
        moves++ === 0
          ? { status: 409, body: { code: 'GATE_REQUIRED', detail: 'Moving past Qualified needs a gate review with a Go decision.' } }
          : { body: { ...at, stage_id: stages[2]!.id } },
      'GET /api/pipeline/gate-factors': () => ({ body: { data: factors } }),
      [`GET /api/pursuits/${id(1)}/decisions`]: () => ({ body: noDecisions }),
      // The review as the server records it from the body this test sends.
      [`POST /api/pursuits/${id(1)}/gate-reviews`]: () => ({
        status: 201,
        body: {
          id: id(400),
          gate_stage_id: stages[1]!.id,
          gate_name: 'Qualified',
          scores: [
            { factor_id: id(300), name: 'Technical fit', weight: 2, score: 5, note: 'Our core work' },
            { factor_id: id(301), name: 'Price position', weight: 1, score: 2, note: 'Incumbent is cheaper' },
          ],
          inputs: {
            stage_name: 'Qualified',
            estimated_value: at.estimated_value,
            p_win: at.p_win,
            evidence: { incumbent: 'none', page_budget: null, rfp_requirements: { extracted: false, count: 0 } },
            required: ['incumbent'],
            missing: [],
          },
          p_go: 75,
          recommendation: 'bid',
          drivers: ['Technical fit'],
          decision: 'go',
          rationale: 'Fits our core work',
          decided_by: { id: plainUser.id, name: plainUser.name },
          created_at: '2026-11-28T12:00:00.000Z',
        },
      }),
    });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Move Pursuit 1' }, SLOW)).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: 'Gate review: Qualified' }, SLOW);
    expect(within(dialog).getByTestId('gate-preview')).toHaveTextContent('Score every factor to see p(go) and the recommendation.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Technical fit' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Price position' }), '2');
    // (5 × 2 + 2 × 1) / 3 = 4 → 75%: Bid, driven by Technical fit.
    expect(within(dialog).getByTestId('gate-preview')).toHaveTextContent('p(go) 75% · Bid — driven by Technical fit');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note: Technical fit' }), 'Our core work');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note: Price position' }), 'Incumbent is cheaper');
    await user.click(within(dialog).getByRole('checkbox', { name: 'No incumbent (new requirement)' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Go' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Rationale' }), 'Fits our core work');
    await user.click(within(dialog).getByRole('button', { name: 'Record Go and move to Capture' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/move'))).toHaveLength(2));
    expect(calls.find((c) => c.url.endsWith('/gate-reviews'))?.body).toEqual({
      gate_stage_id: stages[1]!.id,
      scores: [
        { factor_id: id(300), score: 5, note: 'Our core work' },
        { factor_id: id(301), score: 2, note: 'Incumbent is cheaper' },
      ],
      incumbent: 'none',
      page_budget: null,
      decision: 'go',
      rationale: 'Fits our core work',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gate review: Qualified' })).not.toBeInTheDocument());
  });

  it('asks for the outcome when a pursuit is moved to a closing stage, and sends the reasons', async () => {
    const closing = [
      ...stages,
      { id: id(110), name: 'No bid', position: 5, outcome: 'no_bid' as const, opens_workspace: false, gate_evidence: null },
    ];
    const calls = stubApi({
      ...refresh(plainUser),
      'GET /api/pursuits': () => ({ body: { ...listResponse([pursuit(1)]), stages: closing, totals: [] } }),
      'GET /api/pipeline/owners': () => ({ body: { data: [] } }),
      [`GET /api/pursuits/${id(1)}/decisions`]: () => ({ body: noDecisions }),
      [`POST /api/pursuits/${id(1)}/outcome`]: () => ({ body: noDecisions }),
    });
    renderApp('/pipeline', plainUser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Pursuit 1' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'No bid (record outcome)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record outcome' }, SLOW);
    expect(within(dialog).getByRole('radio', { name: 'No bid' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Incumbent advantage' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Capacity or B&P cost' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Lessons learned' }), 'Start shaping earlier');
    await user.click(within(dialog).getByRole('button', { name: 'Record outcome' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/outcome'))?.body).toMatchObject({
        from_stage_id: stages[0]!.id,
        outcome: 'no_bid',
        reasons: ['incumbent', 'capacity'],
        lessons_learned: 'Start shaping earlier',
        archive_workspace: false,
      }),
    );
    expect(calls.some((c) => c.url.endsWith('/move'))).toBe(false);
  });

  it('shows the analytics: funnel, calibration with its Brier score once 10 outcomes exist', async () => {
    stubPipeline([], {
      'GET /api/pipeline/analytics': () => ({
        body: {
          funnel: [{ stage_id: stages[0]!.id, name: 'Identified', entered: 12, current: 2 }],
          by_month: [{ month: '2027-03', count: 2, weighted_value: 75.08, unvalued: 0 }],
          win_rate: { by_agency: [{ key: 'NAVY', won: 5, lost: 0, no_bid: 1, win_rate: 100 }], by_naics: [] },
          calibration: {
            outcomes: 10,
            needed: 10,
            brier: 0.21,
            buckets: [{ from: 70, to: 80, count: 10, mean_p_win: 70, won: 7, win_rate: 70 }],
          },
        },
      }),
    });
    renderApp('/pipeline?view=analytics', plainUser);
    expect(await screen.findByTestId('brier-score', {}, SLOW)).toHaveTextContent('Brier score 0.210');
    expect(within(screen.getByTestId('calibration-table')).getByRole('row', { name: /70–80% 10 70% 70% \(7\)/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('analytics-funnel')).getByRole('row', { name: /Identified 12 2/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('analytics-by-month')).getByRole('row', { name: /Mar 2027 2 \$75 0/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('analytics-win-agency')).getByRole('row', { name: /NAVY 5 0 1 100%/ })).toBeInTheDocument();
  });
});
