import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CHAT_ATTACHMENT_MAX_BYTES } from '@biddesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { ageMessage, chatMultipart, chatSnapshot, createMessage } from '../../../test/message-factories';
import { activity, chatMessages } from '../../db/schema/index';

/** Chat behaviour (SPEC §3–§5, §7): sending, text as typed, the 10 MB limit, edits, deletes, downloads. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let writer: Awaited<ReturnType<typeof createUser>>;
let viewer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  writer = await createUser(t.db, t.config, { name: 'Wanda Writer' });
  viewer = await createUser(t.db, t.config, { name: 'Victor Viewer' });
});
afterAll(async () => {
  await t.close();
});

async function freshWorkspace() {
  const ws = await createWorkspace(t.db, owner.user.id);
  await addMember(t.db, ws.id, writer.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, viewer.user.id, 'VIEWER');
  return ws.id;
}

const send = (token: string, workspaceId: string, parts: Parameters<typeof chatMultipart>[0]) =>
  t.injectAs(token, { method: 'POST', url: `/api/workspaces/${workspaceId}/messages`, ...chatMultipart(parts) });

/** Every file in the app's file store. */
function storedFiles(): string[] {
  const dir = path.join(t.config.DATA_DIR, 'files');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe('POST /workspaces/{id}/messages', () => {
  it('stores the text exactly as typed, <script> and all, and answers it verbatim', async () => {
    const ws = await freshWorkspace();
    const text = '<script>alert("x")</script>\n  <b>bold</b> & "quotes"  ';
    const res = await send(writer.token, ws, { message: text });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_id: writer.user.id,
      user_name: 'Wanda Writer',
      message: text,
      edited_at: null,
      file_path: null,
      file_name: null,
    });
    const list = await t.injectAs(viewer.token, { method: 'GET', url: `/api/workspaces/${ws}/messages` });
    expect(list.json().messages[0].message).toBe(text);
  });

  it.each([
    ['no fields', {}],
    ['an empty message', { message: '' }],
    ['blank text', { message: ' \n\t ' }],
  ])('refuses %s with 400 and stores nothing', async (_label, parts) => {
    const ws = await freshWorkspace();
    const res = await send(writer.token, ws, parts);
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 400,
      detail: 'Message text or an attachment is required',
    });
    expect((await chatSnapshot(t.db, ws)).messages).toEqual([]);
  });

  it('refuses text over 10000 characters and accepts exactly 10000', async () => {
    const ws = await freshWorkspace();
    expect((await send(writer.token, ws, { message: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await send(writer.token, ws, { message: 'x'.repeat(10_000) })).statusCode).toBe(201);
    expect((await chatSnapshot(t.db, ws)).messages).toHaveLength(1);
  });

  it('accepts an attachment of exactly 10 MB without text, logs it and serves it back as a safe download', async () => {
    const ws = await freshWorkspace();
    const bytes = Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES, 7);
    const res = await send(writer.token, ws, { file: { name: 'Volume 2 – «final».html', bytes, contentType: 'text/html' } });
    expect(res.statusCode).toBe(201);
    const msg = res.json();
    expect(msg).toMatchObject({ message: '', file_name: 'Volume 2 – «final».html', file_size: CHAT_ATTACHMENT_MAX_BYTES });
    expect(msg.file_path).toBe(`/api/workspaces/${ws}/messages/${msg.id}/download`);
    const log = await t.db.select().from(activity).where(eq(activity.workspaceId, ws));
    expect(log.map((a) => [a.action, a.details])).toEqual([['message.file_shared', { file_name: 'Volume 2 – «final».html' }]]);

    const dl = await t.injectAs(viewer.token, { method: 'GET', url: msg.file_path });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);
    // User HTML is never served inline or sniffed.
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Volume 2 _ _final_.html"; filename*=UTF-8''${encodeURIComponent('Volume 2 – «final».html')}`,
    );
  });

  it('refuses 10 MB + 1 byte with 413 "Max 10MB" and stores nothing: no row, no file, no log', async () => {
    const ws = await freshWorkspace();
    const filesBefore = storedFiles();
    const res = await send(writer.token, ws, {
      message: 'here it is',
      file: { name: 'big.bin', bytes: Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES + 1, 1) },
    });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 413, detail: 'Max 10MB' });
    expect(await chatSnapshot(t.db, ws)).toEqual({ messages: [], activity: [] });
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses a 0-byte attachment with 400 as documents do, storing nothing', async () => {
    const ws = await freshWorkspace();
    const filesBefore = storedFiles();
    const res = await send(writer.token, ws, { message: 'see attached', file: { name: 'empty.pdf', bytes: Buffer.alloc(0) } });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail: 'The selected file is empty' });
    expect(await chatSnapshot(t.db, ws)).toEqual({ messages: [], activity: [] });
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes one attachment only', async () => {
    const ws = await freshWorkspace();
    const boundary = 'twofiles';
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nabc\r\n`;
    const res = await t.injectAs(writer.token, {
      method: 'POST',
      url: `/api/workspaces/${ws}/messages`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('a.txt')}${part('b.txt')}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect((await chatSnapshot(t.db, ws)).messages).toEqual([]);
  });
});

describe('PATCH /workspaces/{id}/messages/{msgId} (edit within 2 minutes)', () => {
  it("accepts the author's edit at 1 minute and sets edited_at", async () => {
    const ws = await freshWorkspace();
    const msg = await createMessage(t.db, ws, writer.user.id, { message: 'typo here' });
    await ageMessage(t.db, msg.id, 60_000);
    const res = await t.injectAs(writer.token, {
      method: 'PATCH',
      url: `/api/workspaces/${ws}/messages/${msg.id}`,
      payload: { message: 'no typo here' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('no typo here');
    expect(Date.parse(res.json().edited_at)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('refuses the edit at 3 minutes with 409 and leaves the text as it was', async () => {
    const ws = await freshWorkspace();
    const msg = await createMessage(t.db, ws, writer.user.id, { message: 'too late to fix' });
    await ageMessage(t.db, msg.id, 3 * 60_000);
    const res = await t.injectAs(writer.token, {
      method: 'PATCH',
      url: `/api/workspaces/${ws}/messages/${msg.id}`,
      payload: { message: 'fixed' },
    });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 409,
      detail: 'Messages can only be edited within 2 minutes of sending',
    });
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, msg.id));
    expect(row).toMatchObject({ message: 'too late to fix', editedAt: null });
  });

  it('refuses blank text unless the message carries an attachment', async () => {
    const ws = await freshWorkspace();
    const plain = await createMessage(t.db, ws, writer.user.id, { message: 'words' });
    const blank = await t.injectAs(writer.token, {
      method: 'PATCH',
      url: `/api/workspaces/${ws}/messages/${plain.id}`,
      payload: { message: '   ' },
    });
    expect({ status: blank.statusCode, detail: blank.json().detail }).toEqual({
      status: 400,
      detail: 'Message text or an attachment is required',
    });
    const withFile = await send(writer.token, ws, { message: 'caption', file: { name: 'a.txt', bytes: Buffer.from('abc') } });
    const cleared = await t.injectAs(writer.token, {
      method: 'PATCH',
      url: `/api/workspaces/${ws}/messages/${withFile.json().id}`,
      payload: { message: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: '', file_name: 'a.txt' });
  });
});

describe('DELETE /workspaces/{id}/messages/{msgId}', () => {
  it('removes the attachment file once no message uses it, and keeps it while another does', async () => {
    const ws = await freshWorkspace();
    const bytes = Buffer.from(`shared bytes ${Date.now()}`);
    const first = (await send(writer.token, ws, { file: { name: 'a.txt', bytes } })).json();
    const second = (await send(viewer.token, ws, { file: { name: 'copy.txt', bytes } })).json();
    const filesWithBoth = storedFiles();

    const del1 = await t.injectAs(writer.token, { method: 'DELETE', url: `/api/workspaces/${ws}/messages/${first.id}` });
    expect(del1.json()).toEqual({ message: 'Message deleted' });
    expect(storedFiles()).toEqual(filesWithBoth);
    expect((await t.injectAs(writer.token, { method: 'GET', url: second.file_path })).statusCode).toBe(200);

    // The owner moderates: the viewer's message goes, the file with it, and the log names the author.
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws}/messages/${second.id}` })).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(filesWithBoth.length - 1);
    const log = await t.db.select().from(activity).where(eq(activity.workspaceId, ws));
    expect(log.filter((a) => a.action === 'message.deleted').map((a) => a.details)).toEqual([{ author_name: 'Victor Viewer' }]);
  });

  it('answers 404 for a message without an attachment on download', async () => {
    const ws = await freshWorkspace();
    const msg = await createMessage(t.db, ws, writer.user.id);
    const res = await t.injectAs(writer.token, { method: 'GET', url: `/api/workspaces/${ws}/messages/${msg.id}/download` });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'File not found' });
  });
});
