import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const active = workspaceFixture(1, { member_count: 3, user_role: 'REVIEWER' });
const noDate = workspaceFixture(2, { member_count: 1, opportunity: null });
const archived = workspaceFixture(3, { archived: true, archived_at: '2026-11-06T12:00:00.000Z' });

describe('dashboard: my workspaces', () => {
  it('lists workspaces with link, role, member count and a deadline badge when there is a date', async () => {
    stubApi({
      ...refresh,
      'GET /api/workspaces': (call) => ({
        body: call.url.includes('include_archived=true') ? [active, noDate, archived] : [active, noDate],
      }),
    });
    renderApp('/', plainUser);
    const card = await screen.findByTestId('my-workspaces');
    const rows = await within(card).findAllByTestId('workspace-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: active.name })).toHaveAttribute('href', `/workspace/${active.id}`);
    expect(within(rows[0]).getByTestId('role-badge')).toHaveTextContent('Reviewer');
    expect(within(rows[0]).getByTestId('member-count')).toHaveTextContent('3 members');
    expect(within(rows[0]).getByTestId('deadline-badge')).toHaveTextContent('3d left');
    expect(within(rows[1]).getByTestId('member-count')).toHaveTextContent('1 member');
    expect(within(rows[1]).queryByTestId('deadline-badge')).toBeNull();
  });

  it('loads the archived workspaces only when the panel is first opened', async () => {
    const calls = stubApi({
      ...refresh,
      'GET /api/workspaces': (call) => ({ body: call.url.includes('include_archived=true') ? [active, archived] : [active] }),
    });
    renderApp('/', plainUser);
    await screen.findAllByTestId('workspace-row');
    const archivedCalls = () => calls.filter((c) => c.url === '/api/workspaces?include_archived=true');
    expect(calls.some((c) => c.url === '/api/workspaces?include_archived=false')).toBe(true);
    expect(archivedCalls()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show Archived Workspaces' }));
    const panel = await screen.findByTestId('archived-workspaces');
    await waitFor(() => expect(within(panel).getAllByTestId('workspace-row')).toHaveLength(1));
    expect(within(panel).getByText(archived.name)).toBeInTheDocument();
    expect(archivedCalls()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Hide Archived Workspaces' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show Archived Workspaces' }));
    expect(archivedCalls()).toHaveLength(1);
  });
});
