import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentVersion, Workspace, WorkspaceDocument, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const HOUR = 3_600_000;
const ANA = '30000000-0000-4000-8000-000000000002';

function docFixture(n: number, overrides: Partial<WorkspaceDocument> = {}): WorkspaceDocument {
  return {
    id: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Volume ${n}.docx`,
    version: 1,
    checked_out_by: null,
    checked_out_by_name: null,
    checked_out_at: null,
    lock_stale: false,
    uploader_name: 'Member 2',
    file_size: 12595,
    updated_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...overrides,
  };
}
const free = docFixture(1, { name: 'Technical Volume.docx', version: 3 });
const heldByAna = docFixture(2, {
  name: 'Pricing.xlsx',
  checked_out_by: ANA,
  checked_out_by_name: 'Ana',
  checked_out_at: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
});
const staleByAna = docFixture(3, {
  name: 'Past Performance.docx',
  checked_out_by: ANA,
  checked_out_by_name: 'Ana',
  checked_out_at: new Date(Date.now() - 30 * HOUR).toISOString(),
  lock_stale: true,
});
const heldByMe = docFixture(4, {
  name: 'Cover Letter.docx',
  version: 2,
  checked_out_by: plainUser.id,
  checked_out_by_name: plainUser.name,
  checked_out_at: new Date(Date.now() - 10 * 60_000).toISOString(),
});
const ALL = [free, heldByAna, staleByAna, heldByMe];

const docsUrl = (w: Workspace) => `GET /api/workspaces/${w.id}/documents`;
function api(w: Workspace, extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({ ...workspaceApi(w), [docsUrl(w)]: () => ({ body: ALL }), ...extra });
}
async function openTab(role: WorkspaceRole = 'OWNER', extra = {}, w: Workspace = { ...ws, user_role: role }) {
  const calls = api(w, extra);
  renderApp(`/workspace/${w.id}?tab=documents`, plainUser);
  const table = await screen.findByTestId('documents-table');
  const row = (name: string) =>
    within(table)
      .getAllByTestId('document-row')
      .find((r) => r.textContent!.includes(name))!;
  return { calls, table, row };
}
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent);
/** The FormData the app sent with the last call to `url`. */
function sentForm(url: string): FormData {
  const call = vi
    .mocked(fetch)
    .mock.calls.filter(([u, init]) => String(u) === url && init?.method === 'POST')
    .pop();
  return call![1]!.body as FormData;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('documents tab: list and actions per role', () => {
  it('shows name, version, uploader, size in KB, updated time and holder with age and stale badge', async () => {
    const { row } = await openTab('OWNER');
    expect(row('Technical Volume.docx')).toHaveTextContent('v3');
    expect(row('Technical Volume.docx')).toHaveTextContent('Member 2');
    expect(row('Technical Volume.docx')).toHaveTextContent('12.3 KB');
    expect(row('Technical Volume.docx')).toHaveTextContent('2 hours ago');
    expect(within(row('Technical Volume.docx')).getByTestId('document-holder')).toHaveTextContent('Available');
    expect(within(row('Pricing.xlsx')).getByTestId('document-holder')).toHaveTextContent('Checked out by Ana · 3 h');
    expect(within(row('Pricing.xlsx')).queryByText('stale')).toBeNull();
    expect(within(row('Past Performance.docx')).getByTestId('document-holder')).toHaveTextContent('Checked out by Ana · 1 dstale');
    expect(within(row('Cover Letter.docx')).getByTestId('document-holder')).toHaveTextContent('Checked out by you · 10 min');
  });

  it('gives the owner check out on free documents, check in on their own, force release only on a stale lock, delete everywhere', async () => {
    const { row } = await openTab('OWNER');
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(buttonsOf(row('Technical Volume.docx'))).toEqual(['Download', 'History', 'Check Out', 'Delete']);
    expect(buttonsOf(row('Pricing.xlsx'))).toEqual(['Download', 'History', 'Delete']);
    expect(buttonsOf(row('Past Performance.docx'))).toEqual(['Download', 'History', 'Force Release', 'Delete']);
    expect(buttonsOf(row('Cover Letter.docx'))).toEqual(['Download', 'History', 'Check In', 'Delete']);
  });

  it("gives a contributor check out and check in, but no delete, no force release and no action on someone else's lock", async () => {
    const { row } = await openTab('CONTRIBUTOR');
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(buttonsOf(row('Technical Volume.docx'))).toEqual(['Download', 'History', 'Check Out']);
    expect(buttonsOf(row('Pricing.xlsx'))).toEqual(['Download', 'History']);
    expect(buttonsOf(row('Past Performance.docx'))).toEqual(['Download', 'History']);
    expect(buttonsOf(row('Cover Letter.docx'))).toEqual(['Download', 'History', 'Check In']);
  });

  it('gives a reviewer upload but no check-out; a viewer only downloads', async () => {
    const reviewer = await openTab('REVIEWER');
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(buttonsOf(reviewer.row('Technical Volume.docx'))).toEqual(['Download', 'History']);
    document.body.innerHTML = '';
    const viewer = await openTab('VIEWER');
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    for (const d of ALL) expect(buttonsOf(viewer.row(d.name))).toEqual(['Download', 'History']);
  });

  it('hides every write action in an archived workspace', async () => {
    const { row } = await openTab('OWNER', {}, { ...ws, archived: true, archived_at: '2026-11-06T12:00:00.000Z' });
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    for (const d of ALL) expect(buttonsOf(row(d.name))).toEqual(['Download', 'History']);
  });
});

describe('documents tab: upload, check out, check in, force release, delete', () => {
  it('upload says "Please select a file" without calling, then sends the file and refreshes the workspace counters', async () => {
    const uploaded = docFixture(9, { name: 'Draft.pdf' });
    const { calls } = await openTab('CONTRIBUTOR', { [`POST /api/workspaces/${ws.id}/documents`]: () => ({ body: uploaded }) });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select a file')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const before = calls.filter((c) => c.url === `/api/workspaces/${ws.id}`).length;
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['%PDF'], 'Draft.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Draft.pdf uploaded')).toBeInTheDocument();
    expect((sentForm(`/api/workspaces/${ws.id}/documents`).get('file') as File).name).toBe('Draft.pdf');
    await waitFor(() => expect(calls.filter((c) => c.url === `/api/workspaces/${ws.id}`).length).toBeGreaterThan(before));
  });

  it('upload failure shows the server detail, else "Failed to upload file"', async () => {
    let answer = { status: 413, body: { detail: 'The file is larger than the 50 MB upload limit', code: 'VALIDATION' } as unknown };
    await openTab('OWNER', { [`POST /api/workspaces/${ws.id}/documents`]: () => answer });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'big.pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file is larger than the 50 MB upload limit')).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to upload file')).toBeInTheDocument();
  });

  it('check out: success toast; a lost race shows who holds it; no detail gives "Failed to check out document"', async () => {
    let answer: { status?: number; body: unknown } = { body: { ...free, checked_out_by: plainUser.id } };
    const { calls } = await openTab('CONTRIBUTOR', { [`POST /api/documents/${free.id}/check-out`]: () => answer });
    await userEvent.click(screen.getByRole('button', { name: 'Check out Technical Volume.docx' }));
    expect(await screen.findByText('Technical Volume.docx checked out to you')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/documents/${free.id}/check-out`]);
    answer = { status: 409, body: { detail: 'This document is checked out by Ana', code: 'CONFLICT' } };
    await userEvent.click(screen.getByRole('button', { name: 'Check out Technical Volume.docx' }));
    expect(await screen.findByText('This document is checked out by Ana')).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Check out Technical Volume.docx' }));
    expect(await screen.findByText('Failed to check out document')).toBeInTheDocument();
  });

  it('check in sends the optional file and note; failure shows the detail or "Failed to check in document"', async () => {
    let answer: { status?: number; body: unknown } = { body: { ...heldByMe, version: 3, checked_out_by: null } };
    await openTab('CONTRIBUTOR', { [`POST /api/documents/${heldByMe.id}/check-in`]: () => answer });
    await userEvent.click(screen.getByRole('button', { name: 'Check in Cover Letter.docx' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('version 3');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['v3'], 'Cover Letter v3.docx'));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Tightened the intro');
    answer = {
      status: 409,
      body: {
        detail: 'Your check-out was released by the workspace owner. Check the document out again before checking in.',
        code: 'CONFLICT',
      },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText(/Your check-out was released by the workspace owner/)).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Failed to check in document')).toBeInTheDocument();
    answer = { body: { ...heldByMe, version: 3, checked_out_by: null } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Cover Letter.docx checked in as version 3')).toBeInTheDocument();
    const form = sentForm(`/api/documents/${heldByMe.id}/check-in`);
    expect((form.get('file') as File).name).toBe('Cover Letter v3.docx');
    expect(form.get('note')).toBe('Tightened the intro');
  });

  it('check in without a file sends neither file nor note', async () => {
    await openTab('CONTRIBUTOR', {
      [`POST /api/documents/${heldByMe.id}/check-in`]: () => ({ body: { ...heldByMe, checked_out_by: null } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Check in Cover Letter.docx' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Cover Letter.docx checked in')).toBeInTheDocument();
    const form = sentForm(`/api/documents/${heldByMe.id}/check-in`);
    expect([...form.keys()]).toEqual([]);
  });

  it('force release needs a reason, then sends it', async () => {
    const { calls } = await openTab('OWNER', {
      [`POST /api/documents/${staleByAna.id}/force-release`]: () => ({ body: { ...staleByAna, checked_out_by: null } }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Force release Past Performance.docx' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Please give a reason for releasing the check-out')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Ana is on leave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Check-out of Past Performance.docx released')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Ana is on leave' });
  });

  it('delete asks first, then says "Document deleted"; a refusal shows the SPEC text from the server', async () => {
    let answer: { status?: number; body: unknown } = { body: { message: 'Document deleted' } };
    const { calls } = await openTab('OWNER', { [`DELETE /api/documents/${free.id}`]: () => answer });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Technical Volume.docx' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    answer = {
      status: 403,
      body: { detail: "You don't have permission to delete this file. Only workspace owners can delete documents.", code: 'FORBIDDEN' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Delete Technical Volume.docx' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText("You don't have permission to delete this file. Only workspace owners can delete documents."),
    ).toBeInTheDocument();
    answer = { status: 500, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Delete Technical Volume.docx' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete document')).toBeInTheDocument();
  });
});

describe('documents tab: downloads and version history', () => {
  function stubDownload() {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:doc'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    return { createObjectURL, clicked, click };
  }

  it('saves the current version under the document name', async () => {
    const { clicked, createObjectURL } = stubDownload();
    await openTab('VIEWER', { [`GET /api/documents/${free.id}/download`]: () => ({ body: 'volume bytes' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Download Technical Volume.docx' }));
    await waitFor(() => expect(clicked).toEqual(['Technical Volume.docx']));
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe('"volume bytes"');
  });

  it.each([
    [403, { detail: 'Access denied to this workspace' }, "You don't have permission to download this file"],
    [404, { detail: 'Document not found' }, 'File not found'],
    [500, {}, 'Failed to download file'],
    [200, undefined, 'File is empty'],
  ])('answer %i (%j) shows "%s"', async (status, body, text) => {
    stubDownload();
    await openTab('VIEWER', { [`GET /api/documents/${free.id}/download`]: () => ({ status, body }) });
    await userEvent.click(screen.getByRole('button', { name: 'Download Technical Volume.docx' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('opens the file in a new window when the link click fails, and says so when the pop-up is blocked', async () => {
    const { click } = stubDownload();
    click.mockImplementation(() => {
      throw new Error('click blocked');
    });
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce({} as Window)
      .mockReturnValueOnce(null);
    await openTab('VIEWER', { [`GET /api/documents/${free.id}/download`]: () => ({ body: 'bytes' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Download Technical Volume.docx' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:doc', '_blank'));
    expect(screen.queryByText('Download blocked. Please allow pop-ups and try again.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download Technical Volume.docx' }));
    expect(await screen.findByText('Download blocked. Please allow pop-ups and try again.')).toBeInTheDocument();
  });

  it('lists every version and downloads the chosen one under its own file name', async () => {
    const { clicked } = stubDownload();
    const versions: DocumentVersion[] = [3, 2, 1].map((v) => ({
      version: v,
      file_name: `Technical Volume v${v}.docx`,
      size: 1024 * v,
      uploader_name: v === 1 ? 'Uma User' : 'Member 2',
      created_at: new Date(Date.now() - v * HOUR).toISOString(),
      note: v === 2 ? 'Added section L.4' : null,
    }));
    const { calls } = await openTab('VIEWER', {
      [`GET /api/documents/${free.id}/versions`]: () => ({ body: versions }),
      [`GET /api/documents/${free.id}/versions/2/download`]: () => ({ body: 'v2 bytes' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Version history of Technical Volume.docx' }));
    const history = await screen.findByTestId('version-history');
    const rows = within(history).getAllByTestId('version-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('v3Technical Volume v3.docxMember 23.0 KB'),
      expect.stringContaining('v2Technical Volume v2.docxAdded section L.4Member 22.0 KB'),
      expect.stringContaining('v1Technical Volume v1.docxUma User1.0 KB'),
    ]);
    await userEvent.click(within(history).getByRole('button', { name: 'Download version 2' }));
    await waitFor(() => expect(clicked).toEqual(['Technical Volume v2.docx']));
    expect(calls.some((c) => c.url === `/api/documents/${free.id}/versions/2/download`)).toBe(true);
  });
});
