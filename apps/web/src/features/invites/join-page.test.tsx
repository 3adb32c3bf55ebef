import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inviteDetailsFixture, ndaFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const TOKEN = 'tok-abc';
const ws = workspaceFixture(1, { user_role: 'REVIEWER' });
const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const joinWith = (body: unknown, status = 200) => ({ [`GET /api/join/${TOKEN}`]: () => ({ status, body }) });
const location = () => screen.getByTestId('location');

describe('invite page: invalid invites', () => {
  it.each([
    ['ACCEPTED', 'Already Accepted', 'This invite has already been accepted.'],
    ['EXPIRED', 'Invite Expired', 'This invite expired on Nov 1, 2026.'],
    ['REVOKED', 'Invite Revoked', 'This invite was revoked by the workspace owner.'],
  ] as const)('shows %s as "%s" with the server message', async (status, title, message) => {
    stubApi(joinWith(inviteDetailsFixture({ status, message })));
    renderApp(`/join/${TOKEN}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText("You've Been Invited!")).toBeNull();
  });

  it('falls back to "This invite is no longer valid." without a message', async () => {
    stubApi(joinWith(inviteDetailsFixture({ status: 'REVOKED', message: null })));
    renderApp(`/join/${TOKEN}`);
    expect(await screen.findByText('Invite Revoked')).toBeInTheDocument();
    expect(screen.getByText('This invite is no longer valid.')).toBeInTheDocument();
  });

  it('shows Invite Not Found for an unknown token, and Go to Dashboard leads to /', async () => {
    stubApi({ ...refresh, ...joinWith({ detail: 'Invite not found', code: 'NOT_FOUND' }, 404) });
    renderApp(`/join/${TOKEN}`, plainUser);
    expect(await screen.findByText('Invite Not Found')).toBeInTheDocument();
    expect(screen.getByText('This invite is no longer valid.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('says the invite failed to load on other errors', async () => {
    stubApi(joinWith({ detail: 'Internal Server Error' }, 500));
    renderApp(`/join/${TOKEN}`);
    expect(await screen.findByText('Failed to load invite details')).toBeInTheDocument();
  });
});

describe('invite page: a valid invite', () => {
  it('shows the invite, the role permissions, the NDA notice and that login is required', async () => {
    const calls = stubApi(joinWith(inviteDetailsFixture()));
    renderApp(`/join/${TOKEN}`);
    expect(screen.getByText('Loading invite...')).toBeInTheDocument();
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByText("You've Been Invited!")).toBeInTheDocument();
    expect(within(card).getAllByText('SOL-1 - Opportunity 1').length).toBeGreaterThan(0);
    expect(within(card).getAllByText(/Olga Owner/).length).toBeGreaterThan(0);
    expect(within(card).getByTestId('role-badge')).toHaveTextContent('Reviewer');
    expect(within(card).getByText('uma@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(card).getByTestId('invite-message')).toHaveTextContent('Glad to have you on the bid.');
    const roles = within(card).getByTestId('role-permissions');
    expect(roles).toHaveTextContent('Contributor: Can edit documents, create tasks and run AI tools');
    expect(roles).toHaveTextContent('Reviewer: Can review and comment; documents are read-only (your role)');
    expect(roles).toHaveTextContent('Viewer: Read-only access; can export');
    expect(within(card).getByTestId('nda-notice')).toBeInTheDocument();
    expect(within(card).getByTestId('login-required')).toHaveTextContent('Please log in as uma@example.com');
    // An account exists for the email, so only sign-in is offered.
    expect(within(card).queryByRole('button', { name: 'Create account to join' })).toBeNull();
    expect(calls[0].headers.authorization).toBeUndefined();
  });

  it('asks signed-out visitors to log in and brings them back after signing in', async () => {
    stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture()),
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
    });
    renderApp(`/join/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Join' }));
    expect(await screen.findByText('Please log in to accept this invite')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toHaveTextContent(`/join/${TOKEN}`));
    expect(await screen.findByTestId('invite-card')).toBeInTheDocument();
    expect(screen.queryByTestId('login-required')).toBeNull();
  });

  it('does not call GET /join with the token even when signed in', async () => {
    const calls = stubApi({ ...refresh, ...joinWith(inviteDetailsFixture()) });
    renderApp(`/join/${TOKEN}`, plainUser);
    await screen.findByTestId('invite-card');
    expect(calls.find((c) => c.url === `/api/join/${TOKEN}`)!.headers.authorization).toBeUndefined();
  });

  it('declines back to /', async () => {
    stubApi({ ...refresh, ...joinWith(inviteDetailsFixture()) });
    renderApp(`/join/${TOKEN}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });
});

describe('invite page: accepting', () => {
  it('accepts, shows the NDA, accepts it and opens the workspace after the delay', async () => {
    const calls = stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture()),
      [`POST /api/join/${TOKEN}/accept`]: () => ({
        body: { workspace_id: ws.id, role: 'REVIEWER', nda_required: true, message: 'You joined SOL-1 - Opportunity 1' },
      }),
      'GET /api/nda/current': () => ({ body: ndaFixture }),
      [`POST /api/workspaces/${ws.id}/nda/accept`]: () => ({
        body: { message: 'NDA accepted', nda_accepted_at: '2026-11-05T12:00:00.000Z' },
      }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages, and polls for
      // other members' changes (whether these go out before the test ends depends on timing).
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
    });
    renderApp(`/join/${TOKEN}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Join' }));
    expect(await screen.findByText('You joined SOL-1 - Opportunity 1')).toBeInTheDocument();
    expect(await screen.findByText('Mutual Non-Disclosure Agreement')).toBeInTheDocument();
    expect(calls.find((c) => c.url === `/api/join/${TOKEN}/accept`)!.headers.authorization).toBe('Bearer test-token');
    await userEvent.click(screen.getByLabelText(/I have read and agree/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByText('NDA accepted successfully')).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/join/${TOKEN}`);
    await waitFor(() => expect(location()).toHaveTextContent(`/workspace/${ws.id}`), { timeout: 4000 });
    expect(calls.some((c) => c.url === `/api/workspaces/${ws.id}/nda/accept?nda_version_id=${ndaFixture.id}`)).toBe(true);
  });

  it('opens the workspace after the delay when no NDA is needed', async () => {
    stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture({ require_nda: false })),
      [`POST /api/join/${TOKEN}/accept`]: () => ({
        body: { workspace_id: ws.id, role: 'REVIEWER', nda_required: false, message: 'Joined' },
      }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages, and polls for
      // other members' changes (whether these go out before the test ends depends on timing).
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
    });
    renderApp(`/join/${TOKEN}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Join' }));
    expect(await screen.findByTestId('invite-joined')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(`/workspace/${ws.id}`), { timeout: 4000 });
  });

  it('shows the server detail when the invite is for another email', async () => {
    stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture({ email: 'someone@example.com' })),
      [`POST /api/join/${TOKEN}/accept`]: () => ({
        status: 403,
        body: { detail: 'This invite was sent to someone@example.com. Sign in with that email to accept it.', code: 'FORBIDDEN' },
      }),
    });
    renderApp(`/join/${TOKEN}`, plainUser);
    expect(await screen.findByTestId('other-account')).toHaveTextContent('You are signed in as uma@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Accept & Join' }));
    expect(
      await screen.findByText('This invite was sent to someone@example.com. Sign in with that email to accept it.'),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/join/${TOKEN}`);
  });

  it('says "Failed to complete acceptance" when the NDA acceptance fails', async () => {
    stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture()),
      [`POST /api/join/${TOKEN}/accept`]: () => ({
        body: { workspace_id: ws.id, role: 'REVIEWER', nda_required: true, message: 'Joined' },
      }),
      'GET /api/nda/current': () => ({ body: ndaFixture }),
      [`POST /api/workspaces/${ws.id}/nda/accept`]: () => ({ status: 500, body: {} }),
    });
    renderApp(`/join/${TOKEN}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Join' }));
    await userEvent.click(await screen.findByLabelText(/I have read and agree/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByText('Failed to complete acceptance')).toBeInTheDocument();
  });

  it('creates an account for the invited email, stores the session and joins', async () => {
    const calls = stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture({ has_account: false, require_nda: false, email: 'new@example.com' })),
      [`POST /api/join/${TOKEN}/register`]: () => ({
        status: 201,
        body: { token: 'tok-new', user: { ...plainUser, email: 'new@example.com' }, workspace_id: ws.id, nda_required: false },
      }),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
      // The workspace page opens with the Team Chat panel, which loads its messages, and polls for
      // other members' changes (whether these go out before the test ends depends on timing).
      [`GET /api/workspaces/${ws.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
    });
    renderApp(`/join/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Create account to join' }));
    const form = await screen.findByTestId('join-register-form');
    expect(within(form).getByLabelText('Email')).toHaveValue('new@example.com');
    await userEvent.type(within(form).getByLabelText(/Full name/), 'Nia New');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'secret1');
    await userEvent.type(within(form).getByLabelText(/Confirm password/), 'secret2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText(/Confirm password/));
    await userEvent.type(within(form).getByLabelText(/Confirm password/), 'secret1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Nia New', password: 'secret1' });
    expect(post.headers.authorization).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('tok-new');
    await waitFor(() => expect(location()).toHaveTextContent(`/workspace/${ws.id}`), { timeout: 4000 });
  });
});

// Issue 25: the join form checks with the schema the server validates with (packages/shared).
describe('join: create account checks with the shared schema', () => {
  it('refuses a name and a password the server would refuse, in its words, before any call', async () => {
    const calls = stubApi({
      ...refresh,
      ...joinWith(inviteDetailsFixture({ has_account: false, require_nda: false, email: 'new@example.com' })),
    });
    renderApp(`/join/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Create account to join' }));
    const form = await screen.findByTestId('join-register-form');
    fireEvent.change(within(form).getByLabelText(/Full name/), { target: { value: 'Nia\u0000' } });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(within(form).getByLabelText(/Confirm password/), { target: { value: 'x'.repeat(201) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('Name must not contain a NUL character')).toBeInTheDocument();
    expect(within(form).getByText('Password is too long')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
