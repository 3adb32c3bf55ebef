import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RfpMatrix, RfpMatrixRow, RfpRequirement, RfpSolicitation, Workspace, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { contributor, workspaceApi, ws } from '../../test/workspace-test-api';

type Handlers = Parameters<typeof stubApi>[0];

const req = (id: string, section: string, page: number, text: string): RfpRequirement => ({
  requirement_id: id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page,
  basis: null,
  lead_in: null,
  correction: null,
});
const REQUIREMENTS = [
  req('L-001', 'L', 2, 'Offerors shall submit the technical volume in no more than 20 pages.'),
  req('L-002', 'L', 2, 'Offerors shall include an org chart.'),
  req('M-001', 'M', 3, 'Technical approach will be evaluated for feasibility.'),
];
const SOLICITATION: RfpSolicitation = {
  id: 'sol-1',
  workspace_id: ws.id,
  version: 1,
  file_name: 'RFQ.pdf',
  processing_status: 'completed',
  page_count: 3,
  requirements_count: 3,
  created_at: '2026-11-05T12:00:00.000Z',
  requirements: REQUIREMENTS,
  amendment: null,
  form_facts: null,
};
const row = ({ weight: _weight, ...r }: RfpRequirement, task: RfpMatrixRow['task'], draft: RfpMatrixRow['draft']): RfpMatrixRow => ({
  ...r,
  task,
  draft,
  amendment: null,
});
const MATRIX: RfpMatrix = {
  solicitation_id: 'sol-1',
  version: 1,
  analysis_id: 'an-1',
  excluded_count: 0,
  rows: [
    row(
      REQUIREMENTS[0]!,
      {
        id: 't1',
        title: 'L-001: Offerors shall submit the technical volume',
        status: 'IN_PROGRESS',
        assignee_name: 'Member 2',
        requirements_changed: false,
      },
      { status: 'addressed', page: 4, location_hint: 'Technical Approach', score: 0.8 },
    ),
    row(REQUIREMENTS[1]!, null, { status: 'partial', page: 6, location_hint: 'Management', score: 0.3 }),
    row(REQUIREMENTS[2]!, null, { status: 'missing', page: null, location_hint: null, score: 0 }),
  ],
};

function api(w: Workspace, extra: Handlers = {}): Handlers {
  return {
    ...workspaceApi(w),
    [`GET /api/workspaces/${w.id}/rfp/solicitation`]: () => ({ body: SOLICITATION }),
    [`GET /api/workspaces/${w.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
    ...extra,
  };
}
const as = (role: WorkspaceRole, archived = false): Workspace => ({
  ...ws,
  user_role: role,
  archived,
  archived_at: archived ? '2026-11-07T12:00:00.000Z' : null,
});
const open = () => renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
const createButton = () => screen.getByRole('button', { name: 'Create tasks' });

describe('RFP tab: requirements become tasks', () => {
  it('selects the rows the filters show, creates one task per section group for an assignee, and refreshes the workspace', async () => {
    const calls = stubApi(
      api(ws, {
        [`POST /api/workspaces/${ws.id}/rfp/tasks`]: () => ({ status: 201, body: { tasks: [], created: 1, skipped: ['L-002'] } }),
      }),
    );
    open();
    await screen.findByText('Offerors shall include an org chart.');
    expect(createButton()).toBeDisabled();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Section' })).getByText('L'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown requirements' }));
    expect(screen.getByRole('checkbox', { name: 'Select L-001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select L-002' })).toBeChecked();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Section' })).getByText('All'));
    expect(screen.getByRole('checkbox', { name: 'Select M-001' })).not.toBeChecked();
    expect(createButton()).toBeEnabled();

    await userEvent.click(createButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 requirements selected.');
    await userEvent.click(within(dialog).getByLabelText('One task per section group'));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Assignee (optional)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Member 2', hidden: true }));
    const workspaceReads = calls.filter((c) => c.method === 'GET' && c.url === `/api/workspaces/${ws.id}`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('1 task created (1 already had tasks)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      requirement_ids: ['L-001', 'L-002'],
      grouping: 'section',
      assignee_user_id: contributor.user_id,
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url === `/api/workspaces/${ws.id}`).length).toBeGreaterThan(workspaceReads),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(createButton()).toBeDisabled();
  });

  it("shows the server's refusal, else 'Failed to create task'", async () => {
    let detail: string | undefined = 'Unknown requirement ids in the latest RFP: L-001';
    stubApi(api(ws, { [`POST /api/workspaces/${ws.id}/rfp/tasks`]: () => ({ status: 400, body: detail ? { detail } : {} }) }));
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select L-001' }));
    await userEvent.click(createButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unknown requirement ids in the latest RFP: L-001')).toBeInTheDocument();
    detail = undefined;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create task')).toBeInTheDocument();
  });

  it.each([
    ['a viewer', as('VIEWER')],
    ['a reviewer', as('REVIEWER')],
    ['the owner of an archived workspace', as('OWNER', true)],
  ])('offers no selection or Create tasks to %s', async (_who, w) => {
    stubApi(api(w));
    open();
    await screen.findByText('Offerors shall include an org chart.');
    expect(screen.queryByRole('button', { name: 'Create tasks' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('RFP tab: compliance matrix', () => {
  it('shows task, assignee, status and the draft answer per requirement, and downloads CSV and Excel', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:matrix'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const calls = stubApi(
      api(as('VIEWER'), {
        [`GET /api/workspaces/${ws.id}/rfp/matrix`]: () => ({ body: MATRIX }),
        [`GET /api/workspaces/${ws.id}/rfp/matrix/export`]: () => ({ body: 'file' }),
      }),
    );
    open();
    await screen.findByText('Offerors shall include an org chart.');
    expect(calls.some((c) => c.url.includes('/rfp/matrix'))).toBe(false);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Compliance Matrix'));

    const first = await screen.findByTestId('matrix-row-L-001');
    expect(first).toHaveTextContent('L-001: Offerors shall submit the technical volume');
    expect(first).toHaveTextContent('In Progress');
    expect(first).toHaveTextContent('Member 2');
    expect(first).toHaveTextContent('Addressed');
    expect(first).toHaveTextContent('Technical Approach · page 4');
    expect(screen.getByTestId('matrix-row-L-002')).toHaveTextContent('No task');
    expect(screen.getByTestId('matrix-row-L-002')).toHaveTextContent('Partial');
    expect(screen.getByTestId('matrix-row-M-001')).toHaveTextContent('Missing');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(calls.filter((c) => c.url.includes('/matrix/export')).map((c) => c.url)).toEqual([
      `/api/workspaces/${ws.id}/rfp/matrix/export?format=csv`,
      `/api/workspaces/${ws.id}/rfp/matrix/export?format=xlsx`,
    ]);
    expect(clicked).toEqual(['compliance_matrix.csv', 'compliance_matrix.xlsx']);
  });
});
