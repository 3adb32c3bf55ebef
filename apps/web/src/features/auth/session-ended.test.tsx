import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

describe('a session ended by a password change or reset', () => {
  it('goes to the sign-in page, which says why, and comes back to the deep link after sign-in', async () => {
    stubApi({
      'GET /api/auth/refresh-user': () => ({
        status: 401,
        body: { detail: 'Your session ended because your password was changed. Please sign in again.', code: 'SESSION_ENDED' },
      }),
      'GET /api/notifications': () => ({ status: 401, body: { detail: 'ended', code: 'SESSION_ENDED' } }),
      'GET /api/documents': () => ({ status: 401, body: { detail: 'ended', code: 'SESSION_ENDED' } }),
    });
    renderApp('/documents', plainUser);
    expect(
      await screen.findByText('Your session ended because your password was changed. Please sign in again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByTestId('location-search')).toHaveTextContent('?redirect=%2Fdocuments');
  });

  it('an ordinary expired token shows no such message', async () => {
    stubApi({
      'GET /api/auth/refresh-user': () => ({ status: 401, body: { detail: 'Could not validate credentials', code: 'UNAUTHORIZED' } }),
      'GET /api/notifications': () => ({ status: 401, body: { detail: 'Could not validate credentials', code: 'UNAUTHORIZED' } }),
      'GET /api/documents': () => ({ status: 401, body: { detail: 'Could not validate credentials', code: 'UNAUTHORIZED' } }),
    });
    renderApp('/documents', plainUser);
    expect(await screen.findByRole('heading', { name: /Sign in/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Your session ended/)).toBeNull();
  });
});
