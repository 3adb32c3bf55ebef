import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_POLL_MS, type WorkspaceChangeArea, type WorkspaceDocument } from '@biddesk/shared';
import { fakePollingPage } from '../../test/polling-page';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { staleQueries } from './api/workspace-changes';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const doc = (holder: string | null): WorkspaceDocument => ({
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Technical Volume.docx',
  version: 1,
  checked_out_by: holder ? '30000000-0000-4000-8000-000000000002' : null,
  checked_out_by_name: holder,
  checked_out_at: holder ? new Date().toISOString() : null,
  lock_stale: false,
  uploader_name: 'Member 2',
  file_size: 1024,
  updated_at: new Date().toISOString(),
});
const path = (call: FetchCall) => new URL(call.url, 'http://localhost').pathname;
const sinceOf = (call: FetchCall) => new URL(call.url, 'http://localhost').searchParams.get('since');

describe('staleQueries', () => {
  it('names only the queries of the areas that changed, plus the Activity tab', () => {
    const keys = (changed: WorkspaceChangeArea[]) => staleQueries('w1', changed).map((q) => q.queryKey.slice(3).join('/') || 'header');
    expect(keys([])).toEqual([]);
    expect(keys(['documents'])).toEqual(['documents', 'header', 'activity']);
    expect(keys(['tasks', 'documents'])).toEqual(['tasks', 'rfp/matrix', 'header', 'documents', 'activity']);
    expect(keys(['chat'])).toEqual(['activity']);
  });
});

describe("the workspace page follows other members' changes", () => {
  const page = fakePollingPage();

  it('refetches the documents after a reported change, not the tasks, and asks nothing while hidden', async () => {
    let holder: string | null = null;
    let next: WorkspaceChangeArea[] = [];
    let cursor = 1000;
    const calls = stubApi({
      ...workspaceApi(ws),
      [`GET /api/workspaces/${ws.id}/documents`]: () => ({ body: [doc(holder)] }),
      [`GET /api/workspaces/${ws.id}/changes`]: () => {
        const changed = next;
        next = [];
        return { body: { cursor: String(++cursor), changed } };
      },
    });
    renderApp(`/workspace/${ws.id}?tab=documents`, plainUser);
    const table = await screen.findByTestId('documents-table');
    expect(within(table).queryByText(/Ana/)).toBeNull();
    const polls = () => calls.filter((c) => path(c) === `/api/workspaces/${ws.id}/changes`);
    const documentReads = () => calls.filter((c) => path(c) === `/api/workspaces/${ws.id}/documents`).length;
    await vi.waitFor(() => expect(polls()).toHaveLength(1));
    expect(sinceOf(polls()[0]!)).toBeNull();

    holder = 'Ana';
    next = ['documents'];
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await within(table).findByText(/Ana/)).toBeInTheDocument();
    expect(sinceOf(polls()[1]!)).toBe('1001');
    expect(calls.some((c) => path(c) === `/api/workspaces/${ws.id}/tasks`)).toBe(false);

    const readsBefore = documentReads();
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(documentReads()).toBe(readsBefore);

    page.visibility = 'hidden';
    const pollsBefore = polls().length;
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3));
    expect(polls()).toHaveLength(pollsBefore);
    page.visibility = 'visible';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(polls()).toHaveLength(pollsBefore + 1));
  });
});
