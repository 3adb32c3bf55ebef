import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@biddesk/shared';
import { AppProviders } from '../app/providers';
import { AppRoutes, preloadRoutes } from '../app/router';

// Screens are lazy (router.tsx); load them with the test file, not inside a test's time limit.
await preloadRoutes();

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: FetchCall) => { status?: number; body?: unknown };

/**
 * The dashboard's calls (and the top bar's notification poll) answered as on an empty database, so
 * screens landing on / need no setup.
 */
export const EMPTY_DASHBOARD: Record<string, Handler> = {
  'GET /api/notifications': () => ({ body: [] }),
  'GET /api/invites/pending': () => ({ body: [] }),
  'GET /api/workspaces': () => ({ body: [] }),
  'GET /api/opportunities': () => ({ body: { data: [], total: 0, total_pages: 0, page: 1 } }),
  'GET /api/opportunities/stats': () => ({ body: { open_solicitations: 0, due_this_week: 0, favorited: 0, recently_updated: 0 } }),
  'GET /api/saved-searches': () => ({ body: { data: [] } }),
  'GET /api/pursuits/lookup': () => ({ body: { data: [] } }),
};

/** Requests that had no handler; test/setup.ts fails the test in afterEach when any is left. */
export const unhandledRequests: string[] = [];

/**
 * Stubs fetch with handlers keyed "METHOD /api/path"; a request with no handler fails the test
 * (checked after each test, since a throw inside fetch would only reach the app's error path),
 * so a screen cannot call the API behind the test's back.
 */
export function stubApi(given: Record<string, Handler>): FetchCall[] {
  const handlers = { ...EMPTY_DASHBOARD, ...given };
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: FetchCall = {
        method: init.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers as Record<string, string>) ?? {},
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      if (!handler) {
        unhandledRequests.push(`${call.method} ${call.url}`);
        return new Response(JSON.stringify({ detail: 'unhandled in test' }), { status: 599 });
      }
      const { status = 200, body } = handler(call);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname}</div>
      <div data-testid="location-search">{location.search}</div>
    </>
  );
}

/** Renders the whole app at `path`, optionally signed in as `user`. */
export function renderApp(path: string, user?: User) {
  if (user) {
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify(user));
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}

export const adminUser: User = {
  id: 'a1',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  is_guest: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
export const plainUser: User = {
  id: 'u1',
  name: 'Uma User',
  email: 'uma@example.com',
  role: 'user',
  is_guest: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** One component inside the app's providers and a router (no routes): for a feature's own parts. */
export function renderWithProviders(node: React.ReactNode) {
  return render(
    <MemoryRouter>
      <AppProviders>{node}</AppProviders>
    </MemoryRouter>,
  );
}
