import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ndaFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { refresh, ws, workspaceApi } from '../../test/workspace-test-api';

describe('workspace page: loading and failures', () => {
  it('says it is loading, then shows the header facts', async () => {
    stubApi(workspaceApi(ws));
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(screen.getByText('Loading workspace...')).toBeInTheDocument();
    expect(await screen.findByTestId('workspace-name')).toHaveTextContent(ws.name);
    const facts = screen.getByTestId('workspace-facts');
    expect(facts).toHaveTextContent('DEPT OF DEFENSE');
    expect(facts).toHaveTextContent('SOL-1');
    expect(facts).toHaveTextContent('2 members');
    expect(screen.getByTestId('deadline-badge')).toHaveTextContent('3d left');
    expect(screen.getAllByTestId('role-badge')[0]).toHaveTextContent('Owner');
    expect(screen.queryByTestId('archived-badge')).toBeNull();
  });

  it('shows Workspace Not Found on 404 with a way back to the dashboard', async () => {
    stubApi({
      ...refresh,
      [`GET /api/workspaces/${ws.id}`]: () => ({ status: 404, body: { detail: 'Workspace not found', code: 'NOT_FOUND' } }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByText('Workspace Not Found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('says access is denied and goes to / on 403', async () => {
    stubApi({
      ...refresh,
      [`GET /api/workspaces/${ws.id}`]: () => ({ status: 403, body: { detail: 'Access denied to this workspace', code: 'FORBIDDEN' } }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByText('Access denied to this workspace')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('says the load failed on other errors', async () => {
    stubApi({ ...refresh, [`GET /api/workspaces/${ws.id}`]: () => ({ status: 500, body: { detail: 'Internal Server Error' } }) });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByText('Failed to load workspace')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`);
  });
});

describe('workspace page: NDA gate', () => {
  it('shows the NDA instead of the workspace until it is accepted, then the workspace', async () => {
    let accepted = false;
    const calls = stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: { ...ws, user_role: 'REVIEWER', nda_required: !accepted } }),
      'GET /api/nda/current': () => ({ body: ndaFixture }),
      [`POST /api/workspaces/${ws.id}/nda/accept`]: () => {
        accepted = true;
        return { body: { message: 'NDA accepted', nda_accepted_at: '2026-11-05T12:00:00.000Z' } };
      },
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByText('Mutual Non-Disclosure Agreement')).toBeInTheDocument();
    expect(screen.getByTestId('nda-version')).toHaveTextContent('Version 1 · Effective Jan 15, 2026');
    expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull();
    // Nothing behind the gate is requested while it is up.
    expect(calls.some((c) => c.url.includes('/members'))).toBe(false);

    await userEvent.click(screen.getByLabelText(/I have read and agree/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByText('NDA accepted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(`/api/workspaces/${ws.id}/nda/accept?nda_version_id=${ndaFixture.id}`);
    expect(calls.find((c) => c.url === '/api/nda/current')!.headers.authorization).toBeUndefined();
    expect(await screen.findByRole('tab', { name: 'Overview' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('declines to the dashboard', async () => {
    stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: { ...ws, nda_required: true } }),
      'GET /api/nda/current': () => ({ body: ndaFixture }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('workspace page: tabs and overview', () => {
  it('has the seven tabs, the counters from the server and shortcuts that switch tabs', async () => {
    stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}`]: () => ({ body: { ...ws, document_count: 4, open_task_count: 7 } }),
      // The RFP Analysis tab loads the latest RFP and analysis: none yet.
      [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({
        status: 404,
        body: { detail: 'No RFP has been uploaded to this workspace' },
      }),
      [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await screen.findByTestId('workspace-name');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Overview', 'Documents', 'Tasks', 'Team', 'RFP Analysis', 'AI Tools', 'Activity']);
    expect(within(screen.getByTestId('counter-members')).getByTestId('stat-value')).toHaveTextContent('2');
    expect(within(screen.getByTestId('counter-documents')).getByTestId('stat-value')).toHaveTextContent('4');
    expect(within(screen.getByTestId('counter-open-tasks')).getByTestId('stat-value')).toHaveTextContent('7');
    expect(within(screen.getByTestId('counter-days-to-due')).getByTestId('stat-value')).toHaveTextContent('3');
    expect(screen.getByTestId('chat-panel')).toHaveTextContent('Team Chat');

    await userEvent.click(screen.getByRole('button', { name: 'RFP Analysis' }));
    expect(screen.getByRole('tab', { name: 'RFP Analysis' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Upload RFP PDF' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invite Team' }));
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByTestId('member-row')).toHaveLength(3);
  });

  it('shows the activity log newest first with relative times and loads older entries', async () => {
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    const calls = stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}/activity`]: (call) =>
        call.url.includes('before=')
          ? {
              body: {
                items: [
                  {
                    id: 'a3',
                    action: 'workspace.created',
                    actor_name: 'Uma User',
                    summary: 'Uma User created the workspace',
                    created_at: '2026-11-01T12:00:00.000Z',
                  },
                ],
                next_before: null,
              },
            }
          : {
              body: {
                items: [
                  {
                    id: 'a1',
                    action: 'invite.sent',
                    actor_name: 'Uma User',
                    summary: 'Uma User invited new@example.com as Reviewer',
                    created_at: recent,
                  },
                  { id: 'a2', action: 'member.joined', actor_name: 'Member 2', summary: 'Member 2 joined', created_at: recent },
                ],
                next_before: 'a2',
              },
            },
    });
    renderApp(`/workspace/${ws.id}?tab=activity`, plainUser);
    const items = await screen.findAllByTestId('activity-item');
    expect(items[0]).toHaveTextContent('Uma User invited new@example.com as Reviewer');
    expect(items[0]).toHaveTextContent('5 mins ago');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(3));
    expect(screen.getAllByTestId('activity-item')[2]).toHaveTextContent('Uma User created the workspace');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('/activity')).map((c) => c.url)).toEqual([
      `/api/workspaces/${ws.id}/activity?limit=50`,
      `/api/workspaces/${ws.id}/activity?limit=50&before=a2`,
    ]);
  });
});
