import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { GeneratedDocument, RequirementDto } from '@biddesk/shared';
import { generatedDocumentFixture, opportunityFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const opp = opportunityFixture(7);
// The detail screen also asks whether the opportunity has a workspace (the header's workspace button).
const refresh = {
  'GET /api/auth/refresh-user': () => ({ body: plainUser }),
  [`GET /api/opportunities/${opp.id}/workspace`]: () => ({ body: { workspace_id: null, is_member: false, owner_name: null } }),
  // And the incumbent and prior awards card.
  [`GET /api/opportunities/${opp.id}/awards`]: () => ({ body: { opportunity_id: opp.id, candidates: [], caveats: [], awards_loaded: 0 } }),
};
const requirements: RequirementDto[] = [
  {
    requirement_id: 'L-001',
    section: 'L',
    must_or_should: 'must',
    weight: 1,
    text: 'Offerors shall submit the technical volume in no more than 20 pages.',
    page: 2,
  },
  {
    requirement_id: 'M-001',
    section: 'M',
    must_or_should: 'must',
    weight: 3,
    text: 'Technical approach is the most important factor.',
    page: 3,
  },
];

const ITEM: RequirementDto = {
  requirement_id: 'L-001-2',
  section: 'L',
  must_or_should: 'must',
  weight: 1,
  text: 'Resumes of key personnel',
  page: 2,
};

afterEach(() => {
  localStorage.clear();
});

describe('opportunity detail: PDF upload', () => {
  it('refuses a file whose name does not end in .pdf without calling the server', async () => {
    const calls = stubApi({
      ...refresh,
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
      'GET /api/documents': () => ({ body: [] }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    const zone = await screen.findByTestId('pdf-upload');
    const input = zone.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        input,
        new File(['hello'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      );
    expect(await screen.findByText('Please upload a PDF file')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('upload-pdf'))).toBe(false);
  });

  it('uploads, shows the count, reloads the opportunity as processed and lists the requirements', async () => {
    let processed = false;
    const calls = stubApi({
      ...refresh,
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: { ...opp, pdf_processed: processed } }),
      'GET /api/documents': () => ({ body: [] }),
      // The list endpoint adds each list item's lead-in (issue 23); the upload's answer has none.
      [`GET /api/opportunities/${opp.id}/requirements`]: () => ({
        body: [...requirements, { ...ITEM, lead_in: 'The technical volume shall include the following:' }],
      }),
      [`GET /api/opportunities/${opp.id}/form-facts`]: () => ({ body: { file_name: 'rfp.pdf', form_facts: null } }),
      [`POST /api/opportunities/${opp.id}/upload-pdf`]: () => {
        processed = true;
        return { body: { message: 'ok', metadata: { file_name: 'rfp.pdf', page_count: 3, requirements_count: 2, requirements } } };
      },
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    const zone = await screen.findByTestId('pdf-upload');
    await userEvent.upload(
      zone.querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF-1.7'], 'rfp.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('PDF processed: 2 requirements extracted')).toBeInTheDocument();
    expect(await screen.findByText('PDF processed')).toBeInTheDocument();
    const table = await screen.findByTestId('requirements-table');
    expect(within(table).getByText('L-001')).toBeInTheDocument();
    expect(within(table).getByText(/most important factor/)).toBeInTheDocument();
    expect(await within(table).findByTestId('requirement-lead-in')).toHaveTextContent('The technical volume shall include the following:');
    expect(within(table).getAllByTestId('requirement-lead-in')).toHaveLength(1);
    expect(
      calls.filter((c) => c.url.startsWith(`/api/opportunities/${opp.id}?`) || c.url === `/api/opportunities/${opp.id}`).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows the server detail when the PDF cannot be read', async () => {
    stubApi({
      ...refresh,
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
      'GET /api/documents': () => ({ body: [] }),
      [`POST /api/opportunities/${opp.id}/upload-pdf`]: () => ({
        status: 422,
        body: { detail: 'This PDF has no text layer (it looks like a scan). Run OCR on it and upload it again.' },
      }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    const zone = await screen.findByTestId('pdf-upload');
    await userEvent.upload(
      zone.querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(/no text layer/)).toBeInTheDocument();
  });
});

describe('opportunity detail: the solicitation form', () => {
  it('shows the form due date with its source beside the SAM.gov deadline, flagged when they differ', async () => {
    stubApi({
      ...refresh,
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: { ...opp, pdf_processed: true } }),
      'GET /api/documents': () => ({ body: [] }),
      [`GET /api/opportunities/${opp.id}/requirements`]: () => ({ body: requirements }),
      [`GET /api/opportunities/${opp.id}/form-facts`]: () => ({
        body: {
          file_name: 'SF1449.pdf',
          form_facts: {
            form: 'SF-1449',
            offer_due: {
              date: '2017-07-10',
              time: '1:00 PM',
              zone: 'EST',
              text: 'Jul 10, 2017, 1:00 PM EST',
              caption: '8. OFFER DUE DATE',
              page: 1,
              source: 'SF-1449 block 8, p. 1',
            },
            due_check: { agreement: 'differs', notice_text: 'Jul 12, 2017, 2:00 PM UTC-04:00', detail: 'The due date and time differ.' },
            facts: [],
          },
        },
      }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    const card = await screen.findByTestId('form-facts');
    expect(within(card).getByText('Offers due Jul 10, 2017, 1:00 PM EST')).toBeInTheDocument();
    expect(within(card).getByText('Read from SF-1449 block 8, p. 1')).toBeInTheDocument();
    expect(within(card).getByTestId('due-differs')).toHaveTextContent('SAM.gov notice: Jul 12, 2017, 2:00 PM UTC-04:00');
  });
});

describe('opportunity detail: Generated Documents tab', () => {
  it('counts the documents, generates one with the saved tone and previews it as sanitised markdown', async () => {
    localStorage.setItem('biddesk.settings', JSON.stringify({ documentTone: 'formal' }));
    const existing = generatedDocumentFixture(7);
    const created: GeneratedDocument = generatedDocumentFixture(7, {
      id: '10000000-0000-0000-0000-000000000099',
      document_type: 'compliance',
      content:
        '# Compliance Matrix\n\n| ID | Requirement |\n|---|---|\n| L-001 | Technical volume, 20 pages |\n\n<img src=x onerror="alert(1)">',
    });
    let docs = [existing];
    const calls = stubApi({
      ...refresh,
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
      'GET /api/documents': () => ({ body: docs }),
      'POST /api/documents/generate': () => {
        docs = [created, existing];
        return { body: created };
      },
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    await waitFor(() => expect(screen.getByTestId('documents-count')).toHaveTextContent('1'));
    await userEvent.click(screen.getByRole('tab', { name: /Generated Documents/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Compliance Matrix' }));

    const preview = await screen.findByTestId('document-preview');
    expect(within(preview).getByRole('table')).toBeInTheDocument();
    expect(within(preview).getByText('Technical volume, 20 pages')).toBeInTheDocument();
    expect(preview.querySelector('img')).toBeNull();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/documents/generate');
    expect(post?.body).toEqual({ opportunity_id: opp.id, document_type: 'compliance', tone: 'formal' });
    await waitFor(() => expect(screen.getByTestId('documents-count')).toHaveTextContent('2'));
  });
});

describe('/documents', () => {
  it('lists the documents, downloads one named after the solicitation and type, and deletes after confirmation', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:doc'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let docs = [generatedDocumentFixture(1), generatedDocumentFixture(2, { document_type: 'rfi' })];
    const calls = stubApi({
      ...refresh,
      'GET /api/documents': () => ({ body: docs }),
      [`DELETE /api/generated-documents/${docs[0]!.id}`]: () => {
        docs = docs.slice(1);
        return { body: { deleted: true } };
      },
    });
    renderApp('/documents', plainUser);
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('RFI Questions')).toBeInTheDocument();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Download document' }));
    expect(clicked).toEqual(['SOL-1_brief.txt']);
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toContain('# Executive Brief');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Delete document' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
    click.mockRestore();
  });

  it("exports a compliance matrix as Excel with the server's file name", async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:xlsx'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const matrix = generatedDocumentFixture(3, { document_type: 'compliance', content: '# Compliance Matrix' });
    const calls = stubApi({ ...refresh, 'GET /api/documents': () => ({ body: [matrix] }) });
    const fetchStub = globalThis.fetch as unknown as Mock<(input: string, init?: RequestInit) => Promise<Response>>;
    const json = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input: string, init?: RequestInit) => {
      if (!String(input).includes('/export')) return json(input, init);
      calls.push({ method: 'GET', url: String(input), body: undefined, headers: {} });
      return new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment; filename="SOL-3_compliance.xlsx"' } });
    });
    renderApp('/documents', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'View document' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(clicked).toEqual(['SOL-3_compliance.xlsx']));
    expect(calls.some((c) => c.url === `/api/generated-documents/${matrix.id}/export?format=xlsx`)).toBe(true);
    click.mockRestore();
  });

  it('exports a response template as a Word outline (issue 24)', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:xlsx'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const matrix = generatedDocumentFixture(3, { document_type: 'rfp', content: '# Response Template' });
    const calls = stubApi({ ...refresh, 'GET /api/documents': () => ({ body: [matrix] }) });
    const fetchStub = globalThis.fetch as unknown as Mock<(input: string, init?: RequestInit) => Promise<Response>>;
    const json = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input: string, init?: RequestInit) => {
      if (!String(input).includes('/export')) return json(input, init);
      calls.push({ method: 'GET', url: String(input), body: undefined, headers: {} });
      return new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment; filename="SOL-3_response_outline.docx"' } });
    });
    renderApp('/documents', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'View document' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Word outline' }));
    await waitFor(() => expect(clicked).toEqual(['SOL-3_response_outline.docx']));
    expect(calls.some((c) => c.url === `/api/generated-documents/${matrix.id}/export?format=docx`)).toBe(true);
    click.mockRestore();
  });

  it('shows "Failed to fetch documents" when the list cannot load', { timeout: 10_000 }, async () => {
    stubApi({ ...refresh, 'GET /api/documents': () => ({ status: 500, body: { detail: 'Internal Server Error' } }) });
    renderApp('/documents', plainUser);
    // Server errors are retried twice with backoff before the query gives up.
    expect(await screen.findByText('Failed to fetch documents', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
