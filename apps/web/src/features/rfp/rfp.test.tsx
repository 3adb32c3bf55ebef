import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RfpAnalysis, RfpRequirement, RfpSolicitation, Workspace, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { coverageBySection } from './components/analysis-results';
import { workspaceApi, ws } from '../../test/workspace-test-api';

type Handlers = Parameters<typeof stubApi>[0];

/**
 * Uploads go through XMLHttpRequest (for their progress); this stand-in reports half the file
 * sent, then all of it, then hands the request to the stubbed fetch so stubApi answers it.
 * `pause` holds it at each of those two points until the test releases it.
 */
class FakeXhr {
  static pause: { halfway: Promise<void>; sent: Promise<void> } | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } =
    { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  async send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    await FakeXhr.pause?.halfway;
    this.upload.onload?.();
    await FakeXhr.pause?.sent;
    const res = await fetch(this.url, { method: this.method, headers: this.headers, body });
    this.status = res.status;
    this.responseText = await res.text();
    this.onload?.();
  }
}
beforeEach(() => {
  FakeXhr.pause = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const req = (id: string, section: string, must: 'must' | 'should', page: number, text: string): RfpRequirement => ({
  requirement_id: id,
  section,
  must_or_should: must,
  weight: 1,
  text,
  page,
  basis: null,
  lead_in: null,
  correction: null,
});
const REQUIREMENTS = [
  // Printed again on page 5: the engine lists a repeat once (issue 23).
  { ...req('L-001', 'L', 'must', 2, 'Offerors shall submit the technical volume in no more than 20 pages.'), other_pages: [5] },
  req('L-002', 'L', 'should', 2, 'Offerors should include an org chart.'),
  req('M-001', 'M', 'must', 3, 'Technical approach will be evaluated for feasibility.'),
  req('C-001', 'C', 'must', 1, 'The Contractor shall provide janitorial services.'),
];
const SOLICITATION: RfpSolicitation = {
  id: 'sol-2',
  workspace_id: ws.id,
  version: 2,
  file_name: 'DOL RFQ.pdf',
  processing_status: 'completed',
  page_count: 3,
  requirements_count: 4,
  created_at: '2026-11-05T12:00:00.000Z',
  requirements: REQUIREMENTS,
  amendment: null,
  form_facts: null,
};
const ANALYSIS: RfpAnalysis = {
  id: 'an-1',
  solicitation_id: 'sol-2',
  solicitation_version: 2,
  fit_score: 72,
  coverage_score: 64,
  evidence_score: 41,
  language_match_score: 83,
  draft_file_name: 'draft.docx',
  created_at: '2026-11-06T12:00:00.000Z',
  stale: false,
  missing_requirements: [{ requirement_id: 'L-002', section: 'L', text: 'Offerors should include an org chart.' }],
  suggestions: [
    { requirement_id: 'M-001', location_hint: 'Page 2, under "Technical Approach"', suggestion: 'Say how the approach is feasible.' },
  ],
  matches: [],
  conflicts: [],
  checks: [],
  reported_separately: [],
  format_checks: [],
};
const NOT_FOUND = (detail: string) => () => ({ status: 404, body: { detail } });

function rfpApi(w: Workspace, rfp: RfpSolicitation | null, analysis: RfpAnalysis | null, extra: Handlers = {}): Handlers {
  return {
    ...workspaceApi(w),
    [`GET /api/workspaces/${w.id}/rfp/solicitation`]: rfp ? () => ({ body: rfp }) : NOT_FOUND('No RFP has been uploaded to this workspace'),
    [`GET /api/workspaces/${w.id}/rfp/analysis`]: analysis ? () => ({ body: analysis }) : NOT_FOUND('No analysis yet'),
    ...extra,
  };
}
const as = (role: WorkspaceRole) => ({ ...ws, user_role: role });
const open = () => renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
const fileInput = (label: string) =>
  screen
    .getByLabelText(`${label} file`, { selector: 'button' })
    .closest('[data-testid="file-upload-card"]')!
    .querySelector('input[type="file"]') as HTMLInputElement;

describe('RFP tab: no RFP yet', () => {
  it('checks the file before any call: none chosen, then not a PDF', async () => {
    const calls = stubApi(rfpApi(ws, null, null));
    open();
    const button = await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.click(button);
    expect(await screen.findByText('Please select an RFP PDF file')).toBeInTheDocument();
    await userEvent
      .setup({ applyAccept: false })
      .upload(fileInput('Upload RFP PDF'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await userEvent.click(button);
    expect(await screen.findByText('PDF files only')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows upload progress, then processing, then the requirement count and the requirements', async () => {
    let halfway!: () => void;
    let sent!: () => void;
    FakeXhr.pause = { halfway: new Promise((r) => (halfway = r)), sent: new Promise((r) => (sent = r)) };
    let uploaded = false;
    const calls = stubApi({
      ...rfpApi(ws, null, null),
      [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () =>
        uploaded ? { body: SOLICITATION } : { status: 404, body: { detail: 'No RFP has been uploaded to this workspace' } },
      [`POST /api/workspaces/${ws.id}/rfp/upload`]: () => {
        uploaded = true;
        return {
          body: {
            solicitation_id: 'sol-2',
            requirements: REQUIREMENTS,
            requirements_count: 4,
            version: 2,
            file_name: 'DOL RFQ.pdf',
            amendment: null,
          },
        };
      },
    });
    open();
    await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.upload(fileInput('Upload RFP PDF'), new File(['%PDF-1.4'], 'DOL RFQ.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByText('Uploading DOL RFQ.pdf... 50%')).toBeInTheDocument();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
    halfway();
    expect(await screen.findByText('Processing...')).toBeInTheDocument();
    expect(screen.getByText('Reading DOL RFQ.pdf. This takes a few seconds.')).toBeInTheDocument();
    expect(screen.queryByText(/2-3 minutes/)).not.toBeInTheDocument();
    sent();
    expect(await screen.findByText('RFP processed: 4 requirements extracted')).toBeInTheDocument();
    expect(await screen.findByText('Offerors should include an org chart.')).toBeInTheDocument();
    expect(screen.getByTestId('requirement-other-pages')).toHaveTextContent('(also 5)');
    expect(screen.getByText(/Version 2/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/workspaces/${ws.id}/rfp/upload`);
    expect(post.headers.authorization).toBe('Bearer test-token');
  });

  it('shows the server reason when the RFP is refused, else the SPEC fallback', async () => {
    const scan = 'This PDF has no text layer (it looks like a scan). Run OCR on it and upload it again.';
    stubApi(rfpApi(ws, null, null, { [`POST /api/workspaces/${ws.id}/rfp/upload`]: () => ({ status: 422, body: { detail: scan } }) }));
    open();
    await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.upload(fileInput('Upload RFP PDF'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByText(scan)).toBeInTheDocument();
  });

  it('falls back to "Failed to process RFP" without a detail', async () => {
    stubApi(rfpApi(ws, null, null, { [`POST /api/workspaces/${ws.id}/rfp/upload`]: () => ({ status: 500 }) }));
    open();
    await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.upload(fileInput('Upload RFP PDF'), new File(['%PDF'], 'rfp.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByText('Failed to process RFP')).toBeInTheDocument();
  });

  it('shows a VIEWER no upload area', async () => {
    stubApi(rfpApi(as('VIEWER'), null, null));
    open();
    expect(await screen.findByText('No RFP has been uploaded to this workspace yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload RFP PDF' })).not.toBeInTheDocument();
  });
});

describe('RFP tab: with an RFP', () => {
  it('lists requirements with page and filters them by section and must/should', async () => {
    stubApi(rfpApi(ws, SOLICITATION, null));
    open();
    expect(await screen.findByText('DOL RFQ.pdf')).toBeInTheDocument();
    expect(screen.getByText('Requirements (4 of 4)')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Section' })).getByText('L'));
    expect(screen.getByText('Requirements (2 of 4)')).toBeInTheDocument();
    expect(screen.queryByText('The Contractor shall provide janitorial services.')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Must or should' })).getByText('Should'));
    expect(screen.getByText('Requirements (1 of 4)')).toBeInTheDocument();
    const row = screen.getByText('Offerors should include an org chart.').closest('tr')!;
    expect(within(row).getByText('L-002')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('"Upload New RFP" clears the view back to the upload area', async () => {
    stubApi(rfpApi(ws, SOLICITATION, ANALYSIS));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload New RFP' }));
    expect(screen.getByRole('button', { name: 'Upload RFP PDF' })).toBeInTheDocument();
    expect(screen.queryByText('Analysis Results')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
  });

  it('checks the draft file and analyses a .docx, showing the results', async () => {
    let analysed = false;
    const calls = stubApi(
      rfpApi(ws, SOLICITATION, null, {
        [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () =>
          analysed ? { body: ANALYSIS } : { status: 404, body: { detail: 'No analysis yet' } },
        [`POST /api/workspaces/${ws.id}/rfp/analyze-draft`]: () => {
          analysed = true;
          return { body: ANALYSIS };
        },
      }),
    );
    open();
    const button = await screen.findByRole('button', { name: 'Upload Draft Proposal' });
    await userEvent.click(button);
    expect(await screen.findByText('Please select a draft proposal PDF')).toBeInTheDocument();
    await userEvent.setup({ applyAccept: false }).upload(fileInput('Upload Draft Proposal'), new File(['x'], 'draft.txt'));
    await userEvent.click(button);
    expect(await screen.findByText(/^PDF files only/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.upload(fileInput('Upload Draft Proposal'), new File(['PK'], 'draft.docx'));
    await userEvent.click(button);
    expect(await screen.findByText('Draft analyzed: 64% coverage')).toBeInTheDocument();
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/workspaces/${ws.id}/rfp/analyze-draft`]);
  });

  it('shows the analysis failure detail, else "Failed to analyze draft"', async () => {
    stubApi(rfpApi(ws, SOLICITATION, null, { [`POST /api/workspaces/${ws.id}/rfp/analyze-draft`]: () => ({ status: 500 }) }));
    open();
    await screen.findByRole('button', { name: 'Upload Draft Proposal' });
    await userEvent.upload(fileInput('Upload Draft Proposal'), new File(['%PDF'], 'draft.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload Draft Proposal' }));
    expect(await screen.findByText('Failed to analyze draft')).toBeInTheDocument();
  });

  it('shows scores, missing requirements and suggestions with location; "Run New Analysis" goes back to the draft upload', async () => {
    stubApi(rfpApi(ws, SOLICITATION, ANALYSIS));
    open();
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
    expect(screen.getByText('72')).toBeInTheDocument();
    expect(screen.getByText('Fit Score (out of 100)')).toBeInTheDocument();
    expect(screen.getByText('64%')).toBeInTheDocument();
    expect(screen.getByText('41%')).toBeInTheDocument();
    expect(screen.getByText('83%')).toBeInTheDocument();
    const missing = screen.getByRole('list', { name: 'Missing requirements' });
    expect(within(missing).getByText('Offerors should include an org chart.')).toBeInTheDocument();
    expect(within(missing).getByText('L-002')).toBeInTheDocument();
    expect(screen.getByText('Say how the approach is feasible.')).toBeInTheDocument();
    expect(screen.getByText('M-001 · Page 2, under "Technical Approach"')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run New Analysis' }));
    expect(screen.getByRole('button', { name: 'Upload Draft Proposal' })).toBeInTheDocument();
    expect(screen.queryByText('Analysis Results')).not.toBeInTheDocument();
  });

  it("does not show results of an older RFP version as this one's", async () => {
    stubApi(rfpApi(ws, SOLICITATION, { ...ANALYSIS, solicitation_id: 'sol-1', solicitation_version: 1 }));
    open();
    expect(await screen.findByRole('button', { name: 'Upload Draft Proposal' })).toBeInTheDocument();
    expect(screen.queryByText('Analysis Results')).not.toBeInTheDocument();
  });

  it('lets a VIEWER read requirements and results but run nothing', async () => {
    stubApi(rfpApi(as('VIEWER'), SOLICITATION, ANALYSIS));
    open();
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
    // The analysis opens first; the requirements are one view away (issue 24).
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Requirements'));
    expect(screen.getByText('Requirements (4 of 4)')).toBeInTheDocument();
    for (const name of ['Upload New RFP', 'Run New Analysis', 'Upload Draft Proposal'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a VIEWER no draft upload before any analysis', async () => {
    stubApi(rfpApi(as('VIEWER'), SOLICITATION, null));
    open();
    expect(await screen.findByText('No draft has been analyzed yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload Draft Proposal' })).not.toBeInTheDocument());
  });
});

describe('coverage by section', () => {
  it("is the share of each section's requirements not in the missing list", () => {
    expect(coverageBySection(REQUIREMENTS, ANALYSIS)).toEqual([
      { section: 'Section L', coverage: 50 },
      { section: 'Section M', coverage: 100 },
      { section: 'Section C', coverage: 100 },
    ]);
  });
});

// Issue 21 item 7: an archived workspace offered Upload New RFP and Upload Draft Proposal, which
// then failed with "This workspace is archived".
describe('RFP tab: archived workspace', () => {
  const archived = { ...ws, archived: true, archived_at: '2026-11-06T12:00:00.000Z' };

  it('offers no upload or new analysis, shows the requirements and the reason', async () => {
    stubApi(rfpApi(archived, SOLICITATION, null));
    open();
    expect(await screen.findByText('Offerors should include an org chart.')).toBeInTheDocument();
    expect(screen.getByTestId('archived-notice')).toHaveTextContent('This workspace is archived. Its content can be read but not changed');
    expect(screen.queryByRole('button', { name: 'Upload New RFP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Draft Proposal' })).toBeNull();
    expect(screen.getByText('No draft has been analyzed yet.')).toBeInTheDocument();
  });

  it('with results: they show, without Run New Analysis; with no RFP, no upload area', async () => {
    stubApi(rfpApi(archived, SOLICITATION, ANALYSIS));
    const { unmount } = open();
    expect(await screen.findByText('Analysis Results')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run New Analysis/ })).toBeNull();
    unmount();
    stubApi(rfpApi(archived, null, null));
    open();
    expect(await screen.findByText('No RFP has been uploaded to this workspace yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload RFP PDF' })).toBeNull();
  });
});
