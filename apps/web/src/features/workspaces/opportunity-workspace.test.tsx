import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { opportunityFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const longTitle = 'Enterprise Cloud Migration and Managed Services for the Regional Offices';
const opp = opportunityFixture(5, { title: longTitle, solicitation_number: 'W912-25-R-0001' });
const ws = workspaceFixture(5);

function detailApi(link: { workspace_id: string | null; is_member: boolean; owner_name: string | null }) {
  return {
    'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
    'GET /api/documents': () => ({ body: [] }),
    [`GET /api/opportunities/${opp.id}/workspace`]: () => ({ body: link }),
    [`GET /api/opportunities/${opp.id}/awards`]: () => ({
      body: { opportunity_id: opp.id, candidates: [], caveats: [], awards_loaded: 0 },
    }),
  };
}

describe('opportunity detail: workspace', () => {
  it('creates a workspace named "number - title cut to 50..." and opens it', async () => {
    const calls = stubApi({
      ...detailApi({ workspace_id: null, is_member: false, owner_name: null }),
      'POST /api/workspaces': () => ({ status: 201, body: ws }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages.
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
      [`GET /api/workspaces/${ws.id}/awards-line`]: () => ({ body: { opportunity_id: null, incumbent: null } }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Workspace' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Workspace name')).toHaveValue(
      'W912-25-R-0001 - Enterprise Cloud Migration and Managed Services fo...',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Workspace created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      solicitation_id: opp.id,
      name: 'W912-25-R-0001 - Enterprise Cloud Migration and Managed Services fo...',
    });
  });

  it('shows the server detail when a workspace already exists', async () => {
    stubApi({
      ...detailApi({ workspace_id: null, is_member: false, owner_name: null }),
      'POST /api/workspaces': () => ({
        status: 409,
        body: { detail: 'This opportunity already has a workspace. Ask Olga Owner for an invitation.', code: 'CONFLICT' },
      }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Workspace' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Workspace name'));
    await userEvent.type(within(dialog).getByLabelText('Workspace name'), 'Our bid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('This opportunity already has a workspace. Ask Olga Owner for an invitation.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/opportunity/${opp.id}`);
  });

  it('opens the workspace for members', async () => {
    stubApi({
      ...detailApi({ workspace_id: ws.id, is_member: true, owner_name: 'Uma User' }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages.
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
      [`GET /api/workspaces/${ws.id}/awards-line`]: () => ({ body: { opportunity_id: null, incumbent: null } }),
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Workspace' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`));
  });

  it('tells non-members whom to ask instead of offering to create one', async () => {
    stubApi(detailApi({ workspace_id: ws.id, is_member: false, owner_name: 'Olga Owner' }));
    renderApp(`/opportunity/${opp.id}`, plainUser);
    expect(await screen.findByTestId('workspace-ask-owner')).toHaveTextContent('Ask Olga Owner for an invitation.');
    expect(screen.queryByRole('button', { name: 'Create Workspace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Workspace' })).toBeNull();
  });
});
