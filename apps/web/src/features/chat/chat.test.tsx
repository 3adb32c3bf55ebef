import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CHAT_ATTACHMENT_MAX_BYTES, type ChatMessage, type Workspace } from '@biddesk/shared';
import { plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const OTHER = '30000000-0000-4000-8000-000000000002';
const base = `/api/workspaces/${ws.id}/messages`;

function msg(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m-${String(n).padStart(3, '0')}`,
    user_id: OTHER,
    user_name: 'Member 2',
    message: `message ${n}`,
    created_at: '2026-11-05T12:00:00.000Z',
    edited_at: null,
    file_path: null,
    file_name: null,
    file_size: null,
    ...overrides,
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
const query = (call: FetchCall) => new URL(call.url, 'http://localhost').searchParams;

/** The workspace page with the chat answering `list` for GET messages. */
function renderChat(
  list: (call: FetchCall) => { status?: number; body?: unknown },
  extra: Record<string, (call: FetchCall) => { status?: number; body?: unknown }> = {},
  w: Workspace = ws,
) {
  const calls = stubApi({ ...workspaceApi(w), [`GET ${base}`]: list, ...extra });
  renderApp(`/workspace/${w.id}`, plainUser);
  return calls;
}

const panel = () => screen.findByTestId('chat-panel');
const messageItems = () => screen.getAllByTestId('chat-message');

afterEach(() => {
  vi.useRealTimers();
});

describe('team chat: reading', () => {
  it('shows author, relative time, text as text with its line breaks, (edited) and the attachment', async () => {
    renderChat(() => ({
      body: {
        messages: [
          msg(1, { message: '<script>alert(1)</script>\n<b>second line</b>', edited_at: '2026-11-05T12:01:00.000Z' }),
          msg(2, { message: '', file_path: `${base}/m-002/download`, file_name: 'volume-2.docx', file_size: 2048 }),
        ],
        total: 2,
      },
    }));
    const chat = await panel();
    const texts = await within(chat).findAllByTestId('chat-message-text');
    expect(texts[0]!.textContent).toBe('<script>alert(1)</script>\n<b>second line</b>');
    expect(texts[0]!.style.whiteSpace).toBe('pre-wrap');
    expect(chat.querySelector('script, b')).toBeNull();
    expect(within(chat).getByText('(edited)')).toBeInTheDocument();
    expect(within(chat).getAllByText('Member 2')).toHaveLength(2);
    expect(within(chat).getAllByText(/days? ago|Just now|mins? ago|hours? ago/).length).toBeGreaterThan(0);
    expect(within(chat).getByRole('button', { name: 'volume-2.docx' })).toBeInTheDocument();
    expect(within(chat).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('says "Failed to load messages" when the first load fails', async () => {
    renderChat(() => ({ status: 500 }));
    expect(await within(await panel()).findByText('Failed to load messages')).toBeInTheDocument();
  });

  it('Load More asks for the page before the oldest shown message and adds it without repeats', async () => {
    const calls = renderChat((call) => {
      const before = query(call).get('before');
      if (!before) return { body: { messages: range(11, 60), total: 60 } };
      // The older page overlaps one message already shown: it must not show twice.
      return { body: { messages: range(1, 11), total: 61 } };
    });
    const chat = await panel();
    await within(chat).findByText('message 60');
    expect(messageItems()).toHaveLength(50);
    await userEvent.click(within(chat).getByRole('button', { name: 'Load More' }));
    await within(chat).findByText('message 1');
    expect(messageItems()).toHaveLength(60);
    expect(messageItems().map((el) => within(el).getByTestId('chat-message-text').textContent)).toEqual(range(1, 60).map((m) => m.message));
    const older = calls.find((c) => query(c).has('before'))!;
    expect(Object.fromEntries(query(older))).toEqual({ before: 'm-011', limit: '50' });
    // Fewer than a page came back: there is nothing older.
    expect(within(chat).queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});

describe('team chat: sending', () => {
  const sent = (body: FormData | undefined) => ({
    status: 201,
    body: msg(99, { user_id: plainUser.id, user_name: 'Uma User', message: String(body?.get('message') ?? '') }),
  });
  const postedForm = () =>
    ((globalThis.fetch as Mock).mock.calls.find(([, init]) => init?.method === 'POST')?.[1] as RequestInit | undefined)?.body as
      FormData | undefined;

  it('sends on Enter, keeps Shift+Enter as a new line, and shows the sent message', async () => {
    renderChat(() => ({ body: { messages: [], total: 0 } }), { [`POST ${base}`]: () => sent(postedForm()) });
    const chat = await panel();
    const box = await within(chat).findByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('rows', '2');
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    expect(postedForm()).toBeUndefined();
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(postedForm()?.get('message')).toBe('first line\nsecond line'));
    expect(postedForm()?.get('file')).toBeNull();
    expect((await within(chat).findByTestId('chat-message-text')).textContent).toBe('first line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('sends nothing while the text is blank and there is no attachment', async () => {
    renderChat(() => ({ body: { messages: [], total: 0 } }));
    const chat = await panel();
    const box = await within(chat).findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(postedForm()).toBeUndefined();
  });

  it('refuses an attachment over 10 MB with "Max 10MB" and sends one attachment under it', async () => {
    renderChat(() => ({ body: { messages: [], total: 0 } }), { [`POST ${base}`]: () => sent(postedForm()) });
    const chat = await panel();
    await within(chat).findByRole('textbox', { name: 'Message' });
    const input = chat.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['x'], 'huge.zip');
    Object.defineProperty(big, 'size', { value: CHAT_ATTACHMENT_MAX_BYTES + 1 });
    await userEvent.upload(input, big);
    expect(await screen.findByText('Max 10MB')).toBeInTheDocument();
    expect(within(chat).queryByTestId('chat-attachment')).toBeNull();

    const small = new File(['hello'], 'notes.txt');
    await userEvent.upload(input, small);
    expect(within(chat).getByTestId('chat-attachment')).toHaveTextContent('notes.txt');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect((postedForm()?.get('file') as File | null)?.name).toBe('notes.txt'));
  });

  it('says "Failed to send message" and keeps the text when sending fails', async () => {
    renderChat(() => ({ body: { messages: [], total: 0 } }), { [`POST ${base}`]: () => ({ status: 500 }) });
    const box = await within(await panel()).findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'hello{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('hello');
  });

  it('shows no message box in an archived workspace', async () => {
    renderChat(
      () => ({ body: { messages: [msg(1, { user_id: plainUser.id })], total: 1 } }),
      {},
      { ...ws, archived: true, archived_at: '2026-11-06T12:00:00.000Z' },
    );
    const chat = await panel();
    await within(chat).findByText('message 1');
    expect(within(chat).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(chat).queryByRole('button', { name: 'Delete message' })).toBeNull();
  });
});

describe('team chat: delete, edit, download', () => {
  const mine = (n: number, overrides: Partial<ChatMessage> = {}) => msg(n, { user_id: plainUser.id, user_name: 'Uma User', ...overrides });

  it('lets a viewer delete only their own messages, after confirming: "Message deleted"', async () => {
    const calls = renderChat(
      () => ({ body: { messages: [msg(1), mine(2)], total: 2 } }),
      { [`DELETE ${base}/m-002`]: () => ({ body: { message: 'Message deleted' } }) },
      { ...ws, user_role: 'VIEWER' },
    );
    const chat = await panel();
    await within(chat).findByText('message 2');
    const [theirs, own] = messageItems();
    expect(within(theirs!).queryByRole('button', { name: 'Delete message' })).toBeNull();
    await userEvent.click(within(own!).getByRole('button', { name: 'Delete message' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(chat).queryByText('message 2')).toBeNull());
    expect(within(chat).getByText('message 1')).toBeInTheDocument();
  });

  it('lets the owner delete anyone\'s message and says "Failed to delete message" when it fails', async () => {
    renderChat(() => ({ body: { messages: [msg(1)], total: 1 } }), { [`DELETE ${base}/m-001`]: () => ({ status: 500 }) });
    const chat = await panel();
    await within(chat).findByText('message 1');
    await userEvent.click(within(chat).getByRole('button', { name: 'Delete message' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete message')).toBeInTheDocument();
    expect(within(chat).getByText('message 1')).toBeInTheDocument();
  });

  it("edits one's own recent message inline and marks it (edited); no Edit on old or others' messages", async () => {
    const recent = mine(3, { created_at: new Date().toISOString() });
    const calls = renderChat(
      () => ({ body: { messages: [msg(1, { created_at: new Date().toISOString() }), mine(2), recent], total: 3 } }),
      {
        [`PATCH ${base}/m-003`]: (call) => ({
          body: { ...recent, message: (call.body as { message: string }).message, edited_at: new Date().toISOString() },
        }),
      },
    );
    const chat = await panel();
    await within(chat).findByText('message 3');
    const items = messageItems();
    expect(within(items[0]!).queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: 'Edit message' })).toBeNull();
    await userEvent.click(within(items[2]!).getByRole('button', { name: 'Edit message' }));
    const editor = within(chat).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'message 3, fixed');
    await userEvent.click(within(chat).getByRole('button', { name: 'Save' }));
    expect(await within(chat).findByText('message 3, fixed')).toBeInTheDocument();
    expect(within(chat).getByText('(edited)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ message: 'message 3, fixed' });
  });

  it('shows the server detail when an edit is refused', async () => {
    renderChat(() => ({ body: { messages: [mine(1, { created_at: new Date().toISOString() })], total: 1 } }), {
      [`PATCH ${base}/m-001`]: () => ({
        status: 409,
        body: { detail: 'Messages can only be edited within 2 minutes of sending', code: 'CONFLICT' },
      }),
    });
    const chat = await panel();
    await userEvent.click(await within(chat).findByRole('button', { name: 'Edit message' }));
    await userEvent.type(within(chat).getByRole('textbox', { name: 'Edit message' }), '!');
    await userEvent.click(within(chat).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Messages can only be edited within 2 minutes of sending')).toBeInTheDocument();
  });

  it('downloads an attachment under its name, and says "Failed to download file" when that fails', async () => {
    let fail = false;
    renderChat(
      () => ({ body: { messages: [msg(1, { file_path: `${base}/m-001/download`, file_name: 'plan.pdf', file_size: 10 })], total: 1 } }),
      {
        [`GET ${base}/m-001/download`]: () => (fail ? { status: 500 } : { body: 'bytes' }),
      },
    );
    const createObjectURL = vi.fn(() => 'blob:chat');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const chat = await panel();
    await userEvent.click(await within(chat).findByRole('button', { name: 'plan.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('plan.pdf');
    fail = true;
    await userEvent.click(within(chat).getByRole('button', { name: 'plan.pdf' }));
    expect(await screen.findByText('Failed to download file')).toBeInTheDocument();
    click.mockRestore();
  });
});
