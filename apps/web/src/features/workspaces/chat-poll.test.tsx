import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_POLL_MS, type ChatMessage } from '@biddesk/shared';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { appendNewer, fetchNewer, prependOlder, replaceTail } from './api/messages';
import { workspaceApi, ws } from './workspace-test-api';

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

  it('puts the latest page over the tail it overlaps, so messages deleted meanwhile go', () => {
    const shown = range(1, 10);
    const latest = [msg(6), msg(8), msg(9), msg(11)];
    expect(ids(replaceTail(shown, latest))).toEqual(['m-001', 'm-002', 'm-003', 'm-004', 'm-005', 'm-006', 'm-008', 'm-009', 'm-011']);
    expect(replaceTail(shown, [])).toEqual([]);
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
      [`GET ${base}`]: (call) => (params(call).after ? { status: 400, body: { detail: 'Unknown message cursor' } } : { body: { messages: range(1, 3), total: 3 } }),
    });
    expect(await fetchNewer(ws.id, 'm-gone')).toEqual({ kind: 'latest', messages: range(1, 3) });
    expect(calls.map(params)).toEqual([{ after: 'm-gone', limit: '100' }, { limit: '50' }]);
  });
});

describe('the panel polls every 5 s only while open and the tab is visible', () => {
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    // Only intervals are faked: the poll's timer; Mantine and the test helpers keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

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

    visibility = 'hidden';
    server = range(1, 4);
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3));
    expect(polls()).toHaveLength(1);

    visibility = 'visible';
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS));
    expect(await within(chat).findByText('message 4')).toBeInTheDocument();
    expect(polls().map((c) => params(c).after)).toEqual(['m-002', 'm-003']);

    await userEvent.click(within(chat).getByRole('button', { name: 'Hide Team Chat' }));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3));
    expect(polls()).toHaveLength(2);
  });
});
