import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { opportunitySummaryFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';

const listingOf = (title: string) => ({
  body: { data: [opportunitySummaryFixture(1, { title, saved: true })], total: 1, total_pages: 1, page: 1 },
});

async function signIn(email: string) {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const paths = (calls: FetchCall[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

describe('Signing in (issue 15: Sign In click to cards)', () => {
  it('asks for the listing and the stats first, with the new token, once each, and does not read the user again', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
      'GET /api/opportunities': () => listingOf('First listed notice'),
    });
    renderApp('/login');
    await signIn('uma@example.com');
    expect(await screen.findByText('First listed notice')).toBeInTheDocument();
    const after = calls.slice(calls.findIndex((c) => c.url === '/api/auth/login') + 1);
    // Started from the sign-in answer, before the layout and the dashboard have rendered.
    expect(paths(after).slice(0, 2)).toEqual(['GET /api/opportunities', 'GET /api/opportunities/stats']);
    expect(after[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(after[0]!.url).toContain('status=open');
    // The dashboard mounting uses those answers instead of asking again.
    await waitFor(() => expect(paths(after)).toContain('GET /api/saved-searches'));
    expect(paths(after).filter((p) => p === 'GET /api/opportunities')).toHaveLength(1);
    expect(paths(after).filter((p) => p === 'GET /api/opportunities/stats')).toHaveLength(1);
    // The sign-in answer carries the user: no refresh-user for this session.
    expect(paths(after)).not.toContain('GET /api/auth/refresh-user');
  });

  it('prefetches nothing for a sign-in that returns to another page', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
      'GET /api/notifications': () => ({ body: [] }),
    });
    renderApp('/login?redirect=%2Fsettings');
    await signIn('uma@example.com');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
    expect(paths(calls)).not.toContain('GET /api/opportunities');
  });

  it('never shows the previous person their listing after a sign-out on the same tab', async () => {
    let listing = listingOf("Ada's saved notice");
    const calls = stubApi({
      'GET /api/auth/refresh-user': () => ({ body: plainUser }),
      'POST /api/auth/login': () => ({ body: { token: 'tok-b', user: { ...plainUser, id: 'u2', email: 'bo@example.com' } } }),
      'GET /api/opportunities': () => listing,
    });
    renderApp('/', plainUser);
    expect(await screen.findByText("Ada's saved notice")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Sign In' });
    listing = listingOf("Bo's notice");
    await signIn('bo@example.com');
    expect(await screen.findByText("Bo's notice")).toBeInTheDocument();
    expect(screen.queryByText("Ada's saved notice")).not.toBeInTheDocument();
    const listings = calls.filter((c) => c.url.startsWith('/api/opportunities?'));
    expect(listings.at(-1)!.headers.authorization).toBe('Bearer tok-b');
  });

  it('renders the dashboard hidden while the form is filled in, calls nothing for it, and shows that same screen on sign-in', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () => ({ body: { token: 'tok-1', user: plainUser } }),
      'GET /api/opportunities': () => listingOf('First listed notice'),
    });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'uma@example.com');
    // The screen sign-in opens is built behind the form, hidden, with no API call made for it.
    const hiddenHeading = await screen.findByTestId('results-heading');
    expect(hiddenHeading).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(paths(calls)).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('First listed notice')).toBeVisible();
    // Shown, not built again: the element rendered behind the form is the one on screen.
    expect(screen.getByTestId('results-heading')).toBe(hiddenHeading);
    expect(hiddenHeading).toBeVisible();
    // Typing went on in the form while the screen was built behind it (nothing took the focus).
    expect(calls.find((c) => c.url === '/api/auth/login')!.body).toEqual({ email: 'uma@example.com', password: 'secret1' });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('keeps the hidden screen hidden and uncalled when the password is wrong', async () => {
    const calls = stubApi({ 'POST /api/auth/login': () => ({ status: 401, body: { detail: 'Incorrect email or password' } }) });
    renderApp('/login');
    await signIn('uma@example.com');
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(screen.getByTestId('results-heading')).not.toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(paths(calls)).toEqual(['POST /api/auth/login']);
  });

  it('drops the hidden screen when leaving the sign-in page', async () => {
    stubApi({});
    renderApp('/login');
    await userEvent.type(screen.getByLabelText(/Email/), 'u');
    expect(await screen.findByTestId('results-heading')).not.toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password'));
    expect(screen.queryByTestId('results-heading')).not.toBeInTheDocument();
  });
});
