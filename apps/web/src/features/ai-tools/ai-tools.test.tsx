import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Workspace, WorkspaceGeneratedDocument, WorkspaceRole } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function aiDocument(n: number, overrides: Partial<WorkspaceGeneratedDocument> = {}): WorkspaceGeneratedDocument {
  const at = minutesAgo(n * 10);
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    opportunity_id: ws.opportunity!.id,
    document_type: 'proposal',
    content: `# Proposal Draft ${n}\n\nWe commit to [L-001].`,
    created_at: at,
    generated_at: at,
    solicitation_number: 'W912/26 R-0042',
    metadata: { title: 'Custodial services', agency: 'DEPT OF DEFENSE' },
    workspace_id: ws.id,
    author_id: 'someone-else',
    author_name: 'Carl Contributor',
    ...overrides,
  };
}

const mine = aiDocument(1, {
  document_type: 'pricing',
  author_id: plainUser.id,
  author_name: 'Uma User',
  content: '# Pricing Strategy\n\nFirm-fixed price.',
});
const theirs = aiDocument(2);
const as = (role: WorkspaceRole, overrides: Partial<Workspace> = {}) => ({ ...ws, user_role: role, ...overrides });
type Stub = Parameters<typeof stubApi>[0][string];

/** The workspace page's calls plus the AI Tools list, seen as `w`. */
function aiApi(w: Workspace, docs: WorkspaceGeneratedDocument[] = [mine, theirs], extra: Record<string, Stub> = {}) {
  return { ...workspaceApi(w), 'GET /api/documents': () => ({ body: docs }), ...extra };
}

async function openAiTools(w: Workspace) {
  renderApp(`/workspace/${w.id}?tab=ai`, plainUser);
  return screen.findByRole('heading', { name: 'AI Tools' });
}
const generateButton = (label: string) => screen.queryByRole('button', { name: `Generate ${label}` });
const rows = () => screen.getAllByTestId('ai-document-row');
const LABELS = ['Requirements Analysis', 'Proposal Draft', 'Compliance Checklist', 'Pricing Strategy'];

describe('AI Tools tab', () => {
  it("offers the four generators with descriptions and lists every member's documents newest first", async () => {
    const calls = stubApi(aiApi(as('CONTRIBUTOR')));
    await openAiTools(ws);
    for (const label of LABELS) {
      expect(generateButton(label)).toBeEnabled();
      expect(screen.getByRole('heading', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByTestId('ai-tool-compliance')).toHaveTextContent('one item per requirement');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Pricing Strategy');
    expect(rows()[0]).toHaveTextContent('by Uma User');
    expect(rows()[1]).toHaveTextContent('Proposal Draft');
    expect(rows()[1]).toHaveTextContent('by Carl Contributor');
    expect(rows()[1]).toHaveTextContent('20 mins ago');
    expect(calls.find((c) => c.url.startsWith('/api/documents'))?.url).toBe(`/api/documents?workspace_id=${ws.id}`);
    // A contributor deletes only their own document.
    expect(within(rows()[0]!).getByRole('button', { name: 'Delete Pricing Strategy' })).toBeInTheDocument();
    expect(within(rows()[1]!).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('generates for the workspace, says so, opens the document and refreshes the list', async () => {
    let docs = [theirs];
    const fresh = aiDocument(3, {
      document_type: 'requirements',
      generated_at: new Date().toISOString(),
      content: '# Requirements Analysis\n\n- **[L-001]** Submit a technical volume',
    });
    const calls = stubApi(
      aiApi(ws, docs, {
        'GET /api/documents': () => ({ body: docs }),
        'POST /api/documents/generate': () => {
          docs = [fresh, theirs];
          return { body: fresh };
        },
      }),
    );
    await openAiTools(ws);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(generateButton('Requirements Analysis')!);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      workspace_id: ws.id,
      opportunity_id: ws.opportunity!.id,
      document_type: 'requirements',
      tone: 'professional',
    });
    expect(await screen.findByText('Requirements Analysis generated')).toBeInTheDocument();
    const preview = await screen.findByTestId('ai-document-preview');
    expect(within(preview).getByText('[L-001]').tagName).toBe('STRONG');
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('shows the loader on the button being generated and holds the others until the answer', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi(aiApi(ws, []));
    const stubbed = vi.mocked(globalThis.fetch as (input: string, init?: RequestInit) => Promise<Response>);
    const original = stubbed.getMockImplementation()!;
    stubbed.mockImplementation(async (input: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        await gate;
        return new Response(JSON.stringify({ detail: 'The AI provider failed: timeout' }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        });
      }
      return original(input, init);
    });
    await openAiTools(ws);
    await userEvent.click(generateButton('Pricing Strategy')!);
    await waitFor(() => expect(generateButton('Pricing Strategy')).toHaveAttribute('data-loading', 'true'));
    expect(generateButton('Proposal Draft')).toBeDisabled();
    release();
    expect(await screen.findByText('The AI provider failed: timeout')).toBeInTheDocument();
    await waitFor(() => expect(generateButton('Proposal Draft')).toBeEnabled());
  });

  it('falls back to "Failed to generate document" when the server gives no detail', async () => {
    stubApi(aiApi(ws, [], { 'POST /api/documents/generate': () => ({ status: 500 }) }));
    await openAiTools(ws);
    await userEvent.click(generateButton('Compliance Checklist')!);
    expect(await screen.findByText('Failed to generate document')).toBeInTheDocument();
  });

  it('says "Opportunity information not available" and offers no generator when the workspace has no opportunity', async () => {
    const orphan = as('OWNER', { opportunity: null });
    stubApi(aiApi(orphan, [theirs]));
    await openAiTools(orphan);
    expect(screen.getByTestId('ai-no-opportunity')).toHaveTextContent('Opportunity information not available');
    for (const label of LABELS) expect(generateButton(label)).toBeNull();
    // The documents made before are still there.
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('gives a viewer the documents but no generator and no delete', async () => {
    stubApi(aiApi(as('VIEWER'), [aiDocument(4, { document_type: 'pricing' }), theirs]));
    await openAiTools(ws);
    expect(screen.getByRole('heading', { name: 'Proposal Draft' })).toBeInTheDocument();
    for (const label of LABELS) expect(generateButton(label)).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^View/ })).toHaveLength(2);
  });

  it('hides generators and deletes in an archived workspace', async () => {
    stubApi(aiApi(as('OWNER', { archived: true, archived_at: minutesAgo(60) })));
    await openAiTools(ws);
    for (const label of LABELS) expect(generateButton(label)).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("views a document, downloads it as <solicitation number>_<type>.txt, and lets the owner delete anyone's after confirmation", async () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:ai'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let docs = [mine, theirs];
    const calls = stubApi(
      aiApi(ws, docs, {
        'GET /api/documents': () => ({ body: docs }),
        [`DELETE /api/generated-documents/${theirs.id}`]: () => {
          docs = [mine];
          return { body: { deleted: true } };
        },
      }),
    );
    await openAiTools(ws);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'View Proposal Draft' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('ai-document-preview')).toHaveTextContent('We commit to [L-001].');
    expect(dialog).toHaveTextContent('by Carl Contributor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(clicked).toEqual(['W912_26_R-0042_proposal.txt']);
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(theirs.content);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(rows()[0]!).getByRole('button', { name: 'Download Pricing Strategy' }));
    expect(clicked).toEqual(['W912_26_R-0042_proposal.txt', 'W912_26_R-0042_pricing.txt']);

    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Delete Proposal Draft' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(confirm).toHaveTextContent('Delete the Proposal Draft generated by Carl Contributor?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Proposal Draft deleted')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    click.mockRestore();
  });

  it("shows the server's refusal when a delete fails", async () => {
    stubApi(
      aiApi(ws, [theirs], {
        [`DELETE /api/generated-documents/${theirs.id}`]: () => ({ status: 409, body: { detail: 'This workspace is archived' } }),
      }),
    );
    await openAiTools(ws);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: 'Delete Proposal Draft' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete document' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This workspace is archived')).toBeInTheDocument();
  });
});
