import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

/** Issue 21 item 2: after Clear All Opportunities the workspace shows the notice facts it kept. */
const kept: Workspace = {
  ...ws,
  opportunity: {
    id: null,
    linked: false,
    title: 'Harbor dredging services',
    agency: 'DEPT OF THE NAVY',
    solicitation_number: 'N-DREDGE-26',
    response_date: '2099-03-01T00:00:00.000Z',
  },
};

describe('a workspace whose opportunity was cleared', () => {
  it('keeps agency, solicitation and due date in the header, says the notice is gone, and links nowhere', async () => {
    stubApi(workspaceApi(kept));
    renderApp(`/workspace/${kept.id}`, plainUser);
    const facts = await screen.findByTestId('workspace-facts');
    expect(facts).toHaveTextContent('Agency: DEPT OF THE NAVY');
    expect(facts).toHaveTextContent('Solicitation: N-DREDGE-26');
    expect(facts).toHaveTextContent('Due: Mar 1, 2099');
    expect(within(facts).getByTestId('opportunity-unlinked')).toBeInTheDocument();
    expect(within(facts).queryByRole('link', { name: 'View opportunity' })).toBeNull();
  });

  it('still generates AI documents, without an opportunity id', async () => {
    const calls = stubApi({
      ...workspaceApi(kept),
      'GET /api/documents': () => ({ body: [] }),
      'POST /api/documents/generate': () => ({
        body: {
          id: '00000000-0000-4000-9000-000000000001',
          opportunity_id: null,
          document_type: 'requirements',
          content: '# Requirements Analysis\n\nHarbor dredging services',
          created_at: new Date().toISOString(),
          generated_at: new Date().toISOString(),
          solicitation_number: 'N-DREDGE-26',
          metadata: { title: 'Harbor dredging services', agency: 'DEPT OF THE NAVY' },
          workspace_id: kept.id,
          author_id: plainUser.id,
          author_name: 'Uma User',
        },
      }),
    });
    renderApp(`/workspace/${kept.id}?tab=ai`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Requirements Analysis' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      workspace_id: kept.id,
      document_type: 'requirements',
      tone: expect.any(String),
    });
    expect(await screen.findByText('Requirements Analysis generated')).toBeInTheDocument();
    expect(screen.queryByTestId('ai-no-opportunity')).toBeNull();
  });
});

describe('a guest in a workspace (issue 26)', () => {
  const guestUser = { ...plainUser, id: 'g1', is_guest: true };
  it('sees the notice facts in the header but no link to the opportunity page, which is closed to guests', async () => {
    stubApi({ ...workspaceApi(ws), 'GET /api/auth/refresh-user': () => ({ body: guestUser }) });
    renderApp(`/workspace/${ws.id}`, guestUser);
    const facts = await screen.findByTestId('workspace-facts');
    expect(within(facts).queryByRole('link', { name: 'View opportunity' })).toBeNull();
    expect(within(facts).queryByTestId('opportunity-unlinked')).toBeNull();
  });
});
