import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createDocument, documentSnapshot, multipartBody, testFileStore } from '../../../test/document-factories';
import { activity } from '../../db/schema/index';
import type { FastifyReply } from 'fastify';
import { sanitizeFileName, sendAttachment } from '../../lib/attachment';

/** Upload, list, download headers, limits, delete and that one workspace's documents never leak to another's members. */

const LIMIT = 4096;
let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let ana: User;
let outsider: User;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_BYTES: String(LIMIT) });
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  ana = await createUser(t.db, t.config, { name: 'Ana Writer' });
  outsider = await createUser(t.db, t.config, { name: 'Otto Outsider' });
});
afterAll(async () => {
  await t.close();
});

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id);
  await addMember(t.db, ws.id, ana.user.id, 'CONTRIBUTOR');
  return ws.id;
}
const upload = (
  u: User,
  ws: string,
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) => t.injectAs(u.token, { method: 'POST', url: `/api/workspaces/${ws}/documents`, ...multipartBody(file, fields) });
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('POST /workspaces/{id}/documents', () => {
  it('creates the document with version 1, named after the file; the list answers it with SPEC fields', async () => {
    const ws = await workspace();
    const bytes = Buffer.from('Technical volume, draft 1');
    const res = await upload(ana, ws, { name: 'Technical Volume.docx', bytes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Technical Volume.docx',
      version: 1,
      checked_out_by: null,
      checked_out_by_name: null,
      checked_out_at: null,
      lock_stale: false,
      uploader_name: 'Ana Writer',
      file_size: bytes.length,
    });
    const list = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws}/documents` })).json();
    expect(list).toEqual([res.json()]);
    const [entry] = await t.db.select().from(activity).where(eq(activity.workspaceId, ws));
    expect(entry).toMatchObject({ action: 'document.uploaded', details: { name: 'Technical Volume.docx' } });
  });

  it('lists newest updated first', async () => {
    const ws = await workspace();
    const a = (await upload(ana, ws, { name: 'a.docx', bytes: Buffer.from('a') })).json();
    const b = (await upload(ana, ws, { name: 'b.docx', bytes: Buffer.from('b') })).json();
    const list = (await t.injectAs(ana.token, { method: 'GET', url: `/api/workspaces/${ws}/documents` })).json();
    expect(list.map((d: { id: string }) => d.id)).toEqual([b.id, a.id]);
  });

  it('strips path parts and control characters from the name', async () => {
    const ws = await workspace();
    const res = await upload(ana, ws, { name: '..\\..\\etc\\pass\u0007wd.txt', bytes: Buffer.from('x') });
    expect(res.json().name).toBe('passwd.txt');
    expect(sanitizeFileName('../../a/b/report.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('..')).toBe('document');
    expect(sanitizeFileName('x'.repeat(300) + '.pdf')).toHaveLength(255);
  });

  it('without a file answers 400 "Please select a file" and stores nothing', async () => {
    const ws = await workspace();
    const before = await documentSnapshot(t.db, ws);
    for (const extra of [multipartBody(null, { note: 'no file' }), { payload: {} }]) {
      const res = await t.injectAs(ana.token, { method: 'POST', url: `/api/workspaces/${ws}/documents`, ...extra });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail: 'Please select a file' });
    }
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
  });

  it('larger than UPLOAD_MAX_BYTES answers 413 with a readable detail and stores nothing', async () => {
    const ws = await workspace();
    const before = await documentSnapshot(t.db, ws);
    const big = Buffer.alloc(LIMIT + 1, 7);
    const res = await upload(ana, ws, { name: 'huge.pdf', bytes: big });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 413,
      detail: 'The file is larger than the 4 KB upload limit',
    });
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
    await expect(testFileStore(t).read(sha(big))).rejects.toThrow();
    expect((await upload(ana, ws, { name: 'fits.pdf', bytes: Buffer.alloc(LIMIT, 7) })).statusCode).toBe(200);
  });

  it('a check-in file larger than the limit is refused with 413 and the lock stays', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, { checkedOutBy: ana.user.id });
    const before = await documentSnapshot(t.db, ws);
    const res = await t.injectAs(ana.token, {
      method: 'POST',
      url: `/api/documents/${doc.id}/check-in`,
      ...multipartBody({ name: 'v2.pdf', bytes: Buffer.alloc(LIMIT + 1, 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
  });
});

describe('downloads', () => {
  it('answer the bytes as an attachment with a safe name, nosniff, and a known type', async () => {
    const ws = await workspace();
    const bytes = Buffer.from('%PDF-1.4 fake');
    const doc = (await upload(ana, ws, { name: 'Résumé; final.pdf', bytes })).json();
    const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/documents/${doc.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum__ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%3B%20final.pdf`,
    );
  });

  it('an uploaded .html is still an attachment sent as application/octet-stream', async () => {
    const ws = await workspace();
    const doc = (await upload(ana, ws, { name: 'evil.html', bytes: Buffer.from('<script>alert(1)</script>'), type: 'text/html' })).json();
    for (const url of [`/api/documents/${doc.id}/download`, `/api/documents/${doc.id}/versions/1/download`]) {
      const res = await t.injectAs(owner.token, { method: 'GET', url });
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evil\.html"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('sendAttachment', () => {
  it('keeps quotes, backslashes and semicolons out of the ASCII fallback name and encodes the exact name', () => {
    const headers: Record<string, string> = {};
    const reply = {
      header(k: string, v: string) {
        headers[k] = v;
        return reply;
      },
      send: () => reply,
    } as unknown as FastifyReply;
    sendAttachment(reply, 'a"b\\c;d é.txt', Buffer.from('x'));
    expect(headers['content-disposition']).toBe(`attachment; filename="a_b_c_d _.txt"; filename*=UTF-8''a%22b%5Cc%3Bd%20%C3%A9.txt`);
    expect(headers['content-type']).toBe('application/octet-stream');
  });

  it('sends a CSV as text/csv, still an attachment that is never sniffed', () => {
    const headers: Record<string, string> = {};
    const reply = {
      header(k: string, v: string) {
        headers[k] = v;
        return reply;
      },
      send: () => reply,
    } as unknown as FastifyReply;
    sendAttachment(reply, 'v1_compliance_matrix.csv', Buffer.from('a,b'));
    expect(headers).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(headers['content-disposition']).toMatch(/^attachment; /);
  });
});

describe('other workspaces', () => {
  it("a member of one workspace never reaches another's documents; a non-member gets 403 and no bytes", async () => {
    const mine = await workspace();
    const theirs = await createWorkspace(t.db, outsider.user.id);
    const secret = await createDocument(t, theirs.id, outsider.user.id, { name: 'secret.docx' });
    await upload(ana, mine, { name: 'mine.docx', bytes: Buffer.from('mine') });
    const list = (await t.injectAs(ana.token, { method: 'GET', url: `/api/workspaces/${mine}/documents` })).json();
    expect(list.map((d: { name: string }) => d.name)).toEqual(['mine.docx']);
    for (const [method, url] of [
      ['GET', `/api/workspaces/${theirs.id}/documents`],
      ['GET', `/api/documents/${secret.id}/download`],
      ['GET', `/api/documents/${secret.id}/versions`],
      ['GET', `/api/documents/${secret.id}/versions/1/download`],
      ['POST', `/api/documents/${secret.id}/check-out`],
      ['DELETE', `/api/documents/${secret.id}`],
    ] as const) {
      const res = await t.injectAs(ana.token, { method, url });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 403, detail: 'Access denied to this workspace' });
      expect(res.body).not.toContain('secret');
    }
    expect((await documentSnapshot(t.db, theirs.id)).documents).toHaveLength(1);
  });
});

describe('DELETE /documents/{id}', () => {
  it('removes every version and the files no other row uses; a file shared with another document stays', async () => {
    const ws = await workspace();
    const shared = Buffer.from('shared bytes');
    const only = Buffer.from('only in the deleted document');
    const doc = (await upload(ana, ws, { name: 'a.docx', bytes: shared })).json();
    await t.injectAs(ana.token, { method: 'POST', url: `/api/documents/${doc.id}/check-out` });
    await t.injectAs(ana.token, {
      method: 'POST',
      url: `/api/documents/${doc.id}/check-in`,
      ...multipartBody({ name: 'a2.docx', bytes: only }),
    });
    await upload(ana, ws, { name: 'copy.docx', bytes: shared });
    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/documents/${doc.id}` });
    expect(res.json()).toEqual({ message: 'Document deleted' });
    const after = await documentSnapshot(t.db, ws);
    expect(after.documents.map((d) => d.name)).toEqual(['copy.docx']);
    expect(after.versions).toHaveLength(1);
    expect((await testFileStore(t).read(sha(shared))).equals(shared)).toBe(true);
    await expect(testFileStore(t).read(sha(only))).rejects.toThrow();
    const gone = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/documents/${doc.id}` });
    expect({ status: gone.statusCode, detail: gone.json().detail }).toEqual({ status: 404, detail: 'Document not found' });
  });
});

describe('activity and overview', () => {
  it('logs each document action as a sentence and counts documents on the workspace', async () => {
    const ws = await workspace();
    expect((await upload(ana, ws, { name: 'empty.docx', bytes: Buffer.alloc(0) })).json().detail).toBe('The selected file is empty');
    const doc = (await upload(ana, ws, { name: 'Volume.docx', bytes: Buffer.from('v1') })).json();
    await upload(ana, ws, { name: 'Other.docx', bytes: Buffer.from('other') });
    expect((await t.injectAs(ana.token, { method: 'GET', url: `/api/workspaces/${ws}` })).json().document_count).toBe(2);
    await t.injectAs(ana.token, { method: 'POST', url: `/api/documents/${doc.id}/check-out` });
    await t.injectAs(ana.token, {
      method: 'POST',
      url: `/api/documents/${doc.id}/check-in`,
      ...multipartBody({ name: 'Volume.docx', bytes: Buffer.from('v2') }),
    });
    await t.injectAs(ana.token, { method: 'POST', url: `/api/documents/${doc.id}/check-out` });
    await t.injectAs(ana.token, { method: 'POST', url: `/api/documents/${doc.id}/check-in`, ...multipartBody(null) });
    await t.injectAs(owner.token, { method: 'DELETE', url: `/api/documents/${doc.id}` });
    expect((await t.injectAs(ana.token, { method: 'GET', url: `/api/workspaces/${ws}` })).json().document_count).toBe(1);
    const log = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws}/activity` })).json();
    expect(log.items.map((i: { summary: string }) => i.summary)).toEqual([
      'Olivia Owner deleted Volume.docx',
      'Ana Writer checked in Volume.docx without changes',
      'Ana Writer checked out Volume.docx',
      'Ana Writer checked in Volume.docx as version 2',
      'Ana Writer checked out Volume.docx',
      'Ana Writer uploaded Other.docx',
      'Ana Writer uploaded Volume.docx',
    ]);
  });
});
