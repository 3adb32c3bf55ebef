import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_POLL_MS, type ChatMessage } from '@biddesk/shared';
import { fakePollingPage } from '../../test/polling-page';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { appendNewer, fetchNewer, prependOlder, reconcileLatest } from './api/messages';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const base = `/api/workspaces/${ws.id}/messages`;
const msg = (n: number, text = `message ${n}`): ChatMessage => ({
  id: `m-${String(n).padStart(3, '0')}`,
  user_id: null,
  user_name: 'Member 2',
  message: text,
  created_at: '2026-11-05T12:00:00.000Z',
  edited_at: null,
  file_path: null,
  file_name: null,
  file_size: null,
});
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => msg(from + i));
const ids = (list: ChatMessage[]) => list.map((m) => m.id);
const params = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

describe('merging pages by id', () => {
  it('prepends older and appends newer messages without repeats, replacing an edited one in place', () => {
    expect(ids(prependOlder(range(5, 8), range(1, 5)))).toEqual(ids(range(1, 8)));
    const merged = appendNewer(range(1, 3), [msg(3, 'edited'), ...range(4, 5)]);
    expect(ids(merged)).toEqual(ids(range(1, 5)));
    expect(merged[2]!.message).toBe('edited');
  });

  it('lays the latest page over what is shown: deleted messages go, edits show, older and newer ones stay', () => {
    const at = (n: number) => ({ ...msg(n), created_at: `2026-11-05T12:00:${String(n).padStart(2, '0')}.000Z` });
    const shown = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(at);
    // The server's latest page spans 4..9: 6 and 8 were deleted, 7 was edited; 10 was sent after the page was read.
    const latest = [at(4), at(5), { ...at(7), message: 'edited' }, at(9)];
    const merged = reconcileLatest(shown, latest);
    expect(ids(merged)).toEqual(['m-001', 'm-002', 'm-003', 'm-004', 'm-005', 'm-007', 'm-009', 'm-010']);
    expect(merged.find((m) => m.id === 'm-007')!.message).toBe('edited');
    expect(reconcileLatest(shown, [])).toEqual([]);
  });
});

describe('fetchNewer (one poll)', () => {
  it('asks after the newest id and keeps paging while pages come back full', async () => {
    const calls = stubApi({
      [`GET ${base}`]: (call) => {
        const after = Number(params(call).after!.slice(2));
        return { body: { messages: range(after + 1, Math.min(after + 100, 230)), total: 230 } };
      },
    });
    const found = await fetchNewer(ws.id, 'm-010');
    expect(found.kind).toBe('newer');
    expect(ids(found.messages)).toEqual(ids(range(11, 230)));
    expect(calls.map(params)).toEqual([
      { after: 'm-010', limit: '100' },
      { after: 'm-110', limit: '100' },
      { after: 'm-210', limit: '100' },
    ]);
  });

  it('reads the latest page when its cursor message was deleted (400)', async () => {
    const calls = stubApi({
      [`GET ${base}`]: (call) =>
        params(call).after ? { status: 400, body: { detail: 'Unknown message cursor' } } : { body: { messages: range(1, 3), total: 3 } },
    });
    expect(await fetchNewer(ws.id, 'm-gone')).toEqual({ kind: 'latest', messages: range(1, 3) });
    expect(calls.map(params)).toEqual([{ after: 'm-gone', limit: '100' }, { limit: '50' }]);
  });
});

describe('the panel polls every 5 s only while open and the tab is visible', () => {
  const page = fakePollingPage();

  it('fetches after=<newest id>, shows new messages once, and stops while hidden or collapsed', async () => {
    let server = range(1, 2);
    const calls = stubApi({
      ...workspaceApi(ws),
      [`GET ${base}`]: (call) => {
        const after = params(call).after;
        // The server re-sends the cursor message too: the panel must still show it once.
        const page = after ? server.filter((m) => m.id >= after) : server;
        return { body: { messages: page, total: server.length } };
      },
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    const chat = await screen.findByTestId('chat-panel');
    await within(chat).findByText('message 2');
    const polls = () => calls.filter((c) => c.url.startsWith(base) && params(c).after);

    server = range(1, 3);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await within(chat).findByText('message 3')).toBeInTheDocument();
    expect(polls().map(params)).toEqual([{ after: 'm-002', limit: '100' }]);
    expect(within(chat).getAllByTestId('chat-message')).toHaveLength(3);

    page.visibility = 'hidden';
    server = range(1, 4);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3));
    expect(polls()).toHaveLength(1);

    page.visibility = 'visible';
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await within(chat).findByText('message 4')).toBeInTheDocument();
    expect(polls().map((c) => params(c).after)).toEqual(['m-002', 'm-003']);

    await userEvent.click(within(chat).getByRole('button', { name: 'Hide Team Chat' }));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3));
    expect(polls()).toHaveLength(2);
  });
});

describe('the panel re-reads the latest page every sixth poll', () => {
  fakePollingPage();

  it("so another member's delete and edit show within 30 s", async () => {
    let server = range(1, 3);
    const calls = stubApi({
      ...workspaceApi(ws),
      [`GET ${base}`]: (call) => {
        const after = params(call).after;
        return { body: { messages: after ? server.filter((m) => m.id > after) : server, total: server.length } };
      },
    });
    renderApp(`/workspace/${ws.id}`, plainUser);
    const chat = await screen.findByTestId('chat-panel');
    await within(chat).findByText('message 2');
    server = [msg(1), msg(3, 'message 3, edited')];
    for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(within(chat).getByText('message 2')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await within(chat).findByText('message 3, edited')).toBeInTheDocument();
    expect(within(chat).queryByText('message 2')).toBeNull();
    const firstLoads = calls.filter((c) => c.url.startsWith(base) && !params(c).after);
    expect(firstLoads).toHaveLength(2);
  });
});
