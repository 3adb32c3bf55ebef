import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { contributor, pendingInvite, workspaceApi, ws } from '../../test/workspace-test-api';

async function openTeamTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Team' }));
  return screen.findByTestId('members-table');
}

async function menuItems() {
  await userEvent.click(await screen.findByRole('button', { name: 'Workspace actions' }));
  // jsdom never finishes Mantine's fade-in, so the items count as hidden.
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

const menuItem = (name: string) => screen.getByRole('menuitem', { name, hidden: true });

describe('workspace page: owner and viewer controls', () => {
  it('gives the owner invite, remove on non-owner rows, the invitations list, the NDA switch and the owner menu', async () => {
    const calls = stubApi(workspaceApi(ws));
    renderApp(`/workspace/${ws.id}`, plainUser);
    const table = await openTeamTab();
    const rows = within(table).getAllByTestId('member-row');
    expect(within(rows[0]).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Remove Member 2' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Not required');
    expect(rows[1]).toHaveTextContent('Nov 3, 2026');
    expect(rows[2]).toHaveTextContent('Pending');
    expect(screen.getByRole('button', { name: 'Invite Member' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Require NDA/ })).toBeChecked();
    const invites = await screen.findByTestId('workspace-invites');
    expect(within(invites).getByText('new@example.com')).toBeInTheDocument();
    expect(within(invites).getByRole('button', { name: 'Revoke invitation for new@example.com' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/workspaces/${ws.id}/invites`)).toBe(true);
    expect(await menuItems()).toEqual(['Archive Workspace', 'Delete Workspace']);
  });

  it('gives a viewer no write controls, does not load the invitations and offers only Leave', async () => {
    const calls = stubApi(workspaceApi({ ...ws, user_role: 'VIEWER' }));
    renderApp(`/workspace/${ws.id}`, plainUser);
    const table = await openTeamTab();
    expect(within(table).getAllByTestId('member-row')).toHaveLength(3);
    expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /Require NDA/ })).toBeNull();
    expect(screen.queryByTestId('workspace-invites')).toBeNull();
    expect(calls.some((c) => c.url.includes('/invites'))).toBe(false);
    expect(await menuItems()).toEqual(['Leave Workspace']);
  });

  it('hides write controls of an archived workspace and says it is read only', async () => {
    stubApi(workspaceApi({ ...ws, archived: true, archived_at: '2026-11-06T12:00:00.000Z' }));
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByTestId('archived-notice')).toHaveTextContent('Archived — read only');
    expect(screen.getByTestId('archived-badge')).toBeInTheDocument();
    const table = await openTeamTab();
    expect(within(table).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    const invites = await screen.findByTestId('workspace-invites');
    expect(within(invites).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(await menuItems()).toEqual(['Restore Workspace', 'Delete Workspace']);
  });
});

describe('workspace page: team actions', () => {
  it('checks the invite email before calling, then sends email and the default role', async () => {
    const calls = stubApi({
      ...workspaceApi(ws),
      [`POST /api/workspaces/${ws.id}/invite`]: () => ({
        status: 201,
        body: { ...pendingInvite, id: 'inv-2', email: 'bo@example.com', role: 'CONTRIBUTOR', replaced_previous: false },
      }),
    });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Can review and comment; documents are read-only')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'bo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to bo@example.com')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'bo@example.com', role: 'CONTRIBUTOR' });
  });

  it('shows the server detail when the invitation is refused', async () => {
    stubApi({
      ...workspaceApi(ws),
      [`POST /api/workspaces/${ws.id}/invite`]: () => ({
        status: 409,
        body: { detail: 'bo@example.com is already a member of this workspace', code: 'CONFLICT' },
      }),
    });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'bo@example.com');
    await userEvent.click(within(dialog).getByLabelText('Viewer'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('bo@example.com is already a member of this workspace')).toBeInTheDocument();
  });

  it('removes a member after confirming, and says so when it fails', async () => {
    const calls = stubApi({
      ...workspaceApi(ws),
      [`DELETE /api/workspaces/${ws.id}/members/${contributor.user_id}`]: () => ({ status: 500, body: {} }),
    });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Member 2' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove member')).toBeInTheDocument();
  });

  it('revokes a pending invitation after confirming', async () => {
    const calls = stubApi({ ...workspaceApi(ws), 'DELETE /api/invites/inv-1': () => ({ body: { message: 'Invitation revoked' } }) });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke invitation for new@example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === `/api/workspaces/${ws.id}/invites`).length).toBeGreaterThanOrEqual(2);
  });

  it('turns the NDA requirement off with PATCH settings', async () => {
    const calls = stubApi({ ...workspaceApi(ws), [`PATCH /api/workspaces/${ws.id}/settings`]: () => ({ body: { require_nda: false } }) });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('switch', { name: /Require NDA/ }));
    expect(await screen.findByText('The NDA is no longer required')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ require_nda: false });
  });
});

describe('workspace page: menu', () => {
  it('leaves after confirming, shows the server message and goes to / after the delay', async () => {
    stubApi({
      ...workspaceApi({ ...ws, user_role: 'CONTRIBUTOR' }),
      [`POST /api/workspaces/${ws.id}/leave`]: () => ({ body: { message: 'You left SOL-1 - Opportunity 1' } }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await menuItems();
    await userEvent.click(menuItem('Leave Workspace'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave Workspace' }));
    expect(await screen.findByText('You left SOL-1 - Opportunity 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 4000 });
  });

  it('says so when leaving fails and stays', async () => {
    stubApi({
      ...workspaceApi({ ...ws, user_role: 'VIEWER' }),
      [`POST /api/workspaces/${ws.id}/leave`]: () => ({ status: 500, body: {} }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await menuItems();
    await userEvent.click(menuItem('Leave Workspace'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave Workspace' }));
    expect(await screen.findByText('Failed to leave workspace')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`);
  });

  it('deletes after confirming and goes to /', async () => {
    const calls = stubApi({
      ...workspaceApi(ws),
      [`DELETE /api/workspaces/${ws.id}`]: () => ({ body: { deleted: true, message: 'Workspace deleted' } }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await menuItems();
    await userEvent.click(menuItem('Delete Workspace'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Workspace' }));
    expect(await screen.findByText('Workspace deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  // Issue 21 item 7: archiving happened on the first click, with no confirmation.
  it('archives only after confirming (Cancel changes nothing), with archive=true, and goes to /', async () => {
    const calls = stubApi({ ...workspaceApi(ws), [`PATCH /api/workspaces/${ws.id}/archive`]: () => ({ body: { ...ws, archived: true } }) });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await menuItems();
    await userEvent.click(menuItem('Archive Workspace'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It becomes read-only for everyone until you restore it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await menuItems();
    await userEvent.click(menuItem('Archive Workspace'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive Workspace' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.method === 'PATCH')!.url).toBe(`/api/workspaces/${ws.id}/archive?archive=true`);
  });

  it('restores an archived workspace and reloads it in place', async () => {
    let archived = true;
    stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: { ...ws, archived } }),
      [`PATCH /api/workspaces/${ws.id}/archive`]: () => {
        archived = false;
        return { body: { ...ws, archived: false } };
      },
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByTestId('archived-notice')).toBeInTheDocument();
    await menuItems();
    await userEvent.click(menuItem('Restore Workspace'));
    await waitFor(() => expect(screen.queryByTestId('archived-notice')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`);
  });
});
