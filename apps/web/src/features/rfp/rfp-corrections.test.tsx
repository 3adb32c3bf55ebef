import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RfpAnalysis, RfpMatrix, RfpMatrixRow, RfpRequirement, RfpSolicitation, Workspace, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

/**
 * Issue 23 item 3 in the RFP tab: every row answers "Why is this a requirement?" from the engine's
 * basis (or says it was not recorded), members who may correct get the controls, and the matrix
 * shows the corrected reading, leaves out rows marked not a requirement and downloads the JSONL.
 */

type Handlers = Parameters<typeof stubApi>[0];
const PAGE = { timeout: 20_000 };

const BASIS = { rules: ['sentence.shall'], cue: 'shall', section: "heading 'SECTION L - INSTRUCTIONS TO OFFERORS', p. 2" };
const req = (id: string, section: string, text: string, extra: Partial<RfpRequirement> = {}): RfpRequirement => ({
  requirement_id: id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: 2,
  basis: BASIS,
  lead_in: null,
  correction: null,
  ...extra,
});
const CORRECTED_AT = '2026-11-26T23:00:00.000Z';
const REQUIREMENTS = [
  req('L-1', 'L', 'Offerors shall submit the technical volume in no more than 20 pages.'),
  req('L-2', 'L', 'Offerors shall include an org chart.', { basis: null }),
  req('L-3', 'L', 'Resumes of key personnel', { lead_in: 'The technical volume shall include the following:' }),
  req('M-1', 'L', 'Technical approach will be evaluated for feasibility.', {
    page: 3,
    must_or_should: 'should',
    correction: {
      not_a_requirement: false,
      section: 'L',
      must_or_should: 'should',
      note: null,
      engine: { section: 'M', must_or_should: 'must' },
      corrected_by_name: 'Carl Contributor',
      corrected_at: CORRECTED_AT,
      carried_from_version: 1,
    },
  }),
  req('C-1', 'C', 'The Government will provide badges.', {
    page: 1,
    correction: {
      not_a_requirement: true,
      section: null,
      must_or_should: null,
      note: 'Government action',
      engine: { section: 'C', must_or_should: 'must' },
      corrected_by_name: 'Olivia Owner',
      corrected_at: CORRECTED_AT,
      carried_from_version: null,
    },
  }),
];
const SOLICITATION: RfpSolicitation = {
  id: 'sol-2',
  workspace_id: ws.id,
  version: 2,
  file_name: 'RFQ.pdf',
  processing_status: 'completed',
  page_count: 3,
  requirements_count: 5,
  created_at: '2026-11-05T12:00:00.000Z',
  requirements: REQUIREMENTS,
  amendment: null,
  form_facts: null,
};
const row = ({ weight: _weight, ...r }: RfpRequirement): RfpMatrixRow => ({ ...r, task: null, draft: null, amendment: null });
const MATRIX: RfpMatrix = {
  solicitation_id: 'sol-2',
  version: 2,
  analysis_id: null,
  excluded_count: 1,
  rows: REQUIREMENTS.filter((r) => !r.correction?.not_a_requirement).map(row),
};

const as = (role: WorkspaceRole, archived = false): Workspace => ({
  ...ws,
  user_role: role,
  archived,
  archived_at: archived ? '2026-11-07T12:00:00.000Z' : null,
});
const correctionUrl = (id: string) => `/api/workspaces/${ws.id}/rfp/solicitations/sol-2/requirements/${id}/correction`;

function api(w: Workspace, extra: Handlers = {}): Handlers {
  return {
    ...workspaceApi(w),
    [`GET /api/workspaces/${w.id}/rfp/solicitation`]: () => ({ body: SOLICITATION }),
    [`GET /api/workspaces/${w.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
    [`GET /api/workspaces/${w.id}/rfp/matrix`]: () => ({ body: MATRIX }),
    ...extra,
  };
}
const open = () => renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
const rowOf = (id: string) => screen.getByTestId(`requirement-row-${id}`);
const why = (id: string) => screen.getByRole('button', { name: `Why is ${id} a requirement?` });

describe('Why is this a requirement?', () => {
  it('opens from the keyboard with the rules, the cue, the section source and the page', async () => {
    stubApi(api(as('VIEWER')));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    expect(why('L-1')).toHaveAttribute('aria-expanded', 'false');
    why('L-1').focus();
    await userEvent.keyboard('{Enter}');
    expect(why('L-1')).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(why('L-1').getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent('Why is this a requirement?');
    expect(panel).toHaveTextContent('Rulessentence.shall');
    expect(panel).toHaveTextContent('Cue"shall"');
    expect(panel).toHaveTextContent("Section fromheading 'SECTION L - INSTRUCTIONS TO OFFERORS', p. 2");
    expect(panel).toHaveTextContent('Page2');
    // A viewer reads; no correction controls.
    expect(within(panel).queryByRole('button')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(why('L-1')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says plainly when the upload recorded no basis, and shows who corrected what', async () => {
    stubApi(api(as('VIEWER')));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    await userEvent.click(why('L-2'));
    expect(document.getElementById('why-L-2')).toHaveTextContent('Not recorded for this upload; re-upload the RFP to see it.');
    await userEvent.click(why('M-1'));
    expect(document.getElementById('why-M-1')).toHaveTextContent(
      'Corrected by Carl Contributor in version 1, carried over by the amendment: section M → L; must → should.',
    );
    expect(rowOf('M-1')).toHaveTextContent('L (corrected from M)');
    expect(rowOf('M-1')).toHaveTextContent('should (corrected from must)');
    expect(rowOf('C-1')).toHaveTextContent('Not a requirement');
    expect(screen.getByText(/^Version 2 ·/)).toHaveTextContent('5 requirements (1 marked not a requirement)');
  });
});

describe('a list item with its lead-in', () => {
  it('shows the lead-in muted above the item in the requirements table and the matrix', async () => {
    stubApi(api(as('VIEWER')));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    expect(within(rowOf('L-3')).getByTestId('requirement-lead-in')).toHaveTextContent('The technical volume shall include the following:');
    expect(rowOf('L-3')).toHaveTextContent(/^.*The technical volume shall include the following:Resumes of key personnel/);
    expect(within(rowOf('L-1')).queryByTestId('requirement-lead-in')).toBeNull();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Compliance Matrix'));
    const matrixRow = await screen.findByTestId('matrix-row-L-3');
    expect(within(matrixRow).getByTestId('requirement-lead-in')).toHaveTextContent('The technical volume shall include the following:');
    expect(within(screen.getByTestId('matrix-row-L-1')).queryByTestId('requirement-lead-in')).toBeNull();
  });
});

describe('correcting the list', () => {
  it('lets a contributor mark a row not a requirement, change its section, and undo', async () => {
    const calls = stubApi(
      api(as('CONTRIBUTOR'), {
        [`PUT ${correctionUrl('L-1')}`]: () => ({ body: REQUIREMENTS[0] }),
        [`DELETE ${correctionUrl('C-1')}`]: () => ({ status: 204 }),
      }),
    );
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    await userEvent.click(why('L-1'));
    const form = screen.getByRole('group', { name: 'Correct L-1' });
    expect(within(form).getByRole('button', { name: 'Save correction' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Undo correction' })).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Mark not a requirement' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      not_a_requirement: true,
      section: 'L',
      must_or_should: 'must',
      note: null,
    });
    expect(await screen.findByText('L-1 marked not a requirement')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('textbox', { name: 'Section' }));
    await userEvent.click(await screen.findByRole('option', { name: 'M', hidden: true }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'Evaluated, not instructed');
    await userEvent.click(within(form).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
      not_a_requirement: false,
      section: 'M',
      must_or_should: 'must',
      note: 'Evaluated, not instructed',
    });

    await userEvent.click(why('C-1'));
    const excluded = screen.getByRole('group', { name: 'Correct C-1' });
    expect(within(excluded).queryByRole('button', { name: 'Mark not a requirement' })).toBeNull();
    await userEvent.click(within(excluded).getByRole('button', { name: 'Undo correction' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === correctionUrl('C-1'))).toBe(true));
  }, 60_000);

  it("shows the server's refusal", async () => {
    stubApi(
      api(as('OWNER'), {
        [`PUT ${correctionUrl('L-1')}`]: () => ({
          status: 409,
          body: { detail: 'This RFP version has been replaced by version 3: reload and correct the current version' },
        }),
      }),
    );
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    await userEvent.click(why('L-1'));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Correct L-1' })).getByRole('button', { name: 'Mark not a requirement' }),
    );
    expect(
      await screen.findByText('This RFP version has been replaced by version 3: reload and correct the current version'),
    ).toBeInTheDocument();
  });

  it('never offers a row marked not a requirement for tasks', async () => {
    stubApi(api(as('OWNER')));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    expect(screen.getByRole('checkbox', { name: 'Select C-1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown requirements' }));
    expect(screen.getByRole('checkbox', { name: 'Select C-1' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select L-1' })).toBeChecked();
  });

  it.each([
    ['a reviewer', as('REVIEWER')],
    ['a viewer', as('VIEWER')],
    ['the owner of an archived workspace', as('OWNER', true)],
  ])('offers no correction controls to %s', async (_who, w) => {
    stubApi(api(w));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    await userEvent.click(why('L-1'));
    expect(screen.queryByRole('group', { name: 'Correct L-1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark not a requirement' })).toBeNull();
  });
});

describe('the compliance matrix as corrected', () => {
  it('shows the corrected reading, says how many rows are left out, explains each row and downloads the JSONL', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:jsonl'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const calls = stubApi(api(as('VIEWER'), { [`GET /api/workspaces/${ws.id}/rfp/corrections/export`]: () => ({ body: '{}\n' }) }));
    open();
    await screen.findByText('Offerors shall include an org chart.', {}, PAGE);
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Compliance Matrix'));
    await screen.findByTestId('matrix-row-M-1');
    expect(screen.queryByTestId('matrix-row-C-1')).toBeNull();
    expect(screen.getByTestId('matrix-excluded')).toHaveTextContent(
      '1 row marked not a requirement is left out; undo a correction in the Requirements view.',
    );
    expect(screen.getByTestId('matrix-row-M-1')).toHaveTextContent('L · should');
    expect(screen.getByTestId('matrix-row-M-1')).toHaveTextContent('(corrected from M)');
    await userEvent.click(within(screen.getByTestId('matrix-row-L-1')).getByRole('button', { name: 'Why is L-1 a requirement?' }));
    expect(document.getElementById('matrix-why-L-1')).toHaveTextContent('Rulessentence.shall');
    await userEvent.click(screen.getByRole('button', { name: 'Download corrections (JSONL)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.some((c) => c.url === `/api/workspaces/${ws.id}/rfp/corrections/export`)).toBe(true);
    expect(clicked).toEqual(['requirement_corrections.jsonl']);
  });
});

describe('an analysis scored before the list was corrected', () => {
  const ANALYSIS: RfpAnalysis = {
    id: 'an-1',
    solicitation_id: 'sol-2',
    solicitation_version: 2,
    fit_score: 60,
    coverage_score: 67,
    evidence_score: 40,
    language_match_score: 70,
    draft_file_name: 'draft.pdf',
    created_at: '2026-11-26T22:00:00.000Z',
    stale: false,
    missing_requirements: [{ requirement_id: 'C-1', section: 'C', text: 'The Government will provide badges.' }],
    suggestions: [],
    matches: [],
    conflicts: [],
    reported_separately: [],
    checks: [],
    format_checks: [],
  };

  it('says it was re-scored against the corrections, and counts only what is still a requirement', async () => {
    stubApi(api(as('VIEWER'), { [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ body: ANALYSIS }) }));
    open();
    expect(await screen.findByTestId('analysis-corrected-since', {}, PAGE)).toHaveTextContent(
      'Re-scored against your corrections: the requirements list was corrected after this draft was run, and these scores read the corrected list.',
    );
    expect(screen.queryByTestId('analysis-stale')).toBeNull();
    // L-1, L-2, L-3, M-1 read as addressed; C-1, marked not a requirement, is not counted as missing.
    expect(screen.getByTestId('status-counts')).toHaveTextContent(/^4 addressed$/);
  });

  it('says nothing when every correction came before the draft was scored', async () => {
    stubApi(
      api(as('VIEWER'), {
        [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ body: { ...ANALYSIS, created_at: '2026-11-27T00:00:00.000Z' } }),
      }),
    );
    open();
    await screen.findByTestId('status-counts', {}, PAGE);
    expect(screen.queryByTestId('analysis-corrected-since')).toBeNull();
  });

  it('shows the scores as stale after a correction until the re-scored analysis is read', async () => {
    let reads = 0;
    let failReads = false;
    const calls = stubApi(
      api(as('CONTRIBUTOR'), {
        [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => {
          reads += 1;
          return failReads
            ? { status: 422, body: { detail: 'The draft could not be read again' } }
            : { body: { ...ANALYSIS, created_at: '2026-11-27T00:00:00.000Z' } };
        },
        [`PUT ${correctionUrl('L-1')}`]: () => ({ body: REQUIREMENTS[0] }),
      }),
    );
    open();
    await screen.findByTestId('status-counts', {}, PAGE);
    expect(screen.queryByTestId('analysis-stale')).toBeNull();
    // The re-read after the correction fails: the scores on screen are the old ones, and it says so.
    failReads = true;
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Requirements'));
    await userEvent.click(await screen.findByRole('button', { name: 'Why is L-1 a requirement?' }, PAGE));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Correct L-1' })).getByRole('button', { name: 'Mark not a requirement' }),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Analysis'));
    expect(await screen.findByTestId('analysis-stale', {}, PAGE)).toHaveTextContent(
      'These scores are from before your latest correction, and re-scoring failed: The draft could not be read again. Reload the page to retry.',
    );
    // The next correction's re-read succeeds: the scores shown are current again.
    failReads = false;
    const before = reads;
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Requirements'));
    await userEvent.click(await screen.findByRole('button', { name: 'Why is L-1 a requirement?' }, PAGE));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Correct L-1' })).getByRole('button', { name: 'Mark not a requirement' }),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Analysis'));
    await waitFor(() => expect(screen.queryByTestId('analysis-stale')).toBeNull(), PAGE);
    expect(reads).toBeGreaterThan(before);
    expect(screen.getByTestId('status-counts')).toBeInTheDocument();
  }, 60_000);
});
