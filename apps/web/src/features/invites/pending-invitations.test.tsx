import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pendingInviteFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const invite = pendingInviteFixture(1, { message: 'Join us on the bid', require_nda: true });
const ws = workspaceFixture(1, { user_role: 'CONTRIBUTOR' });

describe('dashboard: pending invitations', () => {
  it('shows no card when there are no invitations', async () => {
    const calls = stubApi(refresh);
    renderApp('/', plainUser);
    await screen.findByTestId('my-workspaces');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/invites/pending')).toBe(true));
    expect(screen.queryByText('Pending Invitations')).toBeNull();
  });

  it('accepts an invitation and opens its workspace', async () => {
    const calls = stubApi({
      ...refresh,
      'GET /api/invites/pending': () => ({ body: [invite] }),
      [`POST /api/invites/${invite.id}/accept`]: () => ({
        body: { workspace_id: ws.id, role: 'CONTRIBUTOR', nda_required: false, message: 'You joined Workspace 1' },
      }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages (whether that
      // request goes out before the test ends depends on timing).
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      // So does its poll for other members' changes.
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
      [`GET /api/workspaces/${ws.id}/awards-line`]: () => ({ body: { opportunity_id: null, incumbent: null } }),
    });
    renderApp('/', plainUser);
    const card = await screen.findByTestId('pending-invitations');
    expect(within(card).getByText('Workspace 1')).toBeInTheDocument();
    expect(within(card).getByText('Join us on the bid', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('NDA required')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Workspace 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`));
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/invites/${invite.id}/accept`)).toBe(true);
  });

  it('declines only after confirming, then says so', async () => {
    let declined = false;
    const calls = stubApi({
      ...refresh,
      'GET /api/invites/pending': () => ({ body: declined ? [] : [invite] }),
      [`POST /api/invites/${invite.id}/decline`]: () => {
        declined = true;
        return { body: { message: 'Invitation declined' } };
      },
    });
    renderApp('/', plainUser);
    const card = await screen.findByTestId('pending-invitations');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url.endsWith('/decline'))).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText('Invitation declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pending-invitations')).toBeNull());
  });

  it('says "Failed to decline invitation" when declining fails', async () => {
    stubApi({
      ...refresh,
      'GET /api/invites/pending': () => ({ body: [invite] }),
      [`POST /api/invites/${invite.id}/decline`]: () => ({ status: 500, body: {} }),
    });
    renderApp('/', plainUser);
    const card = await screen.findByTestId('pending-invitations');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText('Failed to decline invitation')).toBeInTheDocument();
    expect(screen.getByTestId('pending-invitations')).toBeInTheDocument();
  });
});
