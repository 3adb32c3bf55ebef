import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, plainUser, renderApp, stubApi } from '../../test/render-app';
import { isNavItemActive } from './nav-items';

describe('protected routes', () => {
  it('send visitors without a token to /login', async () => {
    stubApi({});
    renderApp('/settings');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('send signed-in users away from /login and /register', async () => {
    stubApi({ 'GET /api/auth/refresh-user': () => ({ body: plainUser }) });
    renderApp('/register', plainUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('send signed-in users on /login to an in-app redirect target, never off-site', async () => {
    stubApi({
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
      'GET /api/join/tok': () => ({ status: 404, body: { detail: 'Invite not found' } }),
    });
    renderApp('/login?redirect=%2Fjoin%2Ftok', plainUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/join/tok'));
  });

  it('send visitors to /login remembering the page they asked for', async () => {
    stubApi({
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    });
    renderApp('/settings');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
  });

  it('log out when refresh-user answers 401', async () => {
    stubApi({ 'GET /api/auth/refresh-user': () => ({ status: 401, body: { detail: 'Could not validate credentials' } }) });
    renderApp('/', plainUser);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('layout', () => {
  it('shows the Admin item only to admins, with the user name, email and initials', async () => {
    stubApi({ 'GET /api/auth/refresh-user': () => ({ body: plainUser }) });
    renderApp('/', plainUser);
    expect(await screen.findByText('uma@example.com')).toBeInTheDocument();
    expect(screen.getByText('UU')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('gives admins the Admin item and marks it active on /admin', async () => {
    stubApi({
      'GET /api/auth/refresh-user': () => ({ body: adminUser }),
      'GET /api/admin/stats': () => ({ status: 403, body: { detail: 'Admin access required' } }),
    });
    renderApp('/admin', adminUser);
    const admin = await screen.findByRole('link', { name: 'Admin' });
    expect(admin).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('data-active');
  });

  it('shows Access Denied on /admin to a non-admin, without calling admin endpoints', async () => {
    const calls = stubApi({ 'GET /api/auth/refresh-user': () => ({ body: plainUser }) });
    renderApp('/admin', plainUser);
    expect(await screen.findByText("Access Denied - You don't have permission to access this page.")).toBeInTheDocument();
    expect(calls.every((c) => !c.url.startsWith('/api/admin'))).toBe(true);
  });

  it('logs out from the top bar to a plain /login, with no redirect back to the page it left', async () => {
    stubApi({ 'GET /api/auth/refresh-user': () => ({ body: plainUser }), 'GET /api/notifications': () => ({ body: [] }) });
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(screen.getByTestId('location-search').textContent).toBe('');
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('isNavItemActive', () => {
  it('matches / exactly and other items by prefix', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/documents')).toBe(false);
    expect(isNavItemActive('/documents', '/documents')).toBe(true);
    expect(isNavItemActive('/documents', '/documents/123')).toBe(true);
    expect(isNavItemActive('/documents', '/documentsx')).toBe(false);
  });
});
