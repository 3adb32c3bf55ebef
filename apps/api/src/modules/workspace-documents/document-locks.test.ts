import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createDocument, documentSnapshot, multipartBody, testFileStore } from '../../../test/document-factories';
import { activity, notifications, workspaceDocuments } from '../../db/schema/index';

/**
 * WORKSPACES.md §1: check-out is one conditional UPDATE (one winner under any race, on PGlite and
 * PostgreSQL), check-in is the holder's only, and the owner's force-release of a stale lock refuses
 * the former holder's later check-in without storing their file.
 */

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let ana: User;
let ben: User;
const contributors: User[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  ana = await createUser(t.db, t.config, { name: 'Ana Writer' });
  ben = await createUser(t.db, t.config, { name: 'Ben Editor' });
  for (let i = 0; i < 20; i++) contributors.push(await createUser(t.db, t.config, { name: `Racer ${i}` }));
});
afterAll(async () => {
  await t.close();
});

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id);
  for (const u of [ana, ben, ...contributors]) await addMember(t.db, ws.id, u.user.id, 'CONTRIBUTOR');
  return ws.id;
}
const post = (u: User, url: string, extra: object = {}) => t.injectAs(u.token, { method: 'POST', url: `/api${url}`, ...extra });
const checkIn = (u: User, id: string, file: { name: string; bytes: Uint8Array } | null, note?: string) =>
  post(u, `/documents/${id}/check-in`, multipartBody(file, note ? { note } : {}));

describe('check-out races', () => {
  it('100 concurrent check-outs by 20 members: exactly one 200, one holder, one activity entry', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id);
    const callers = Array.from({ length: 100 }, (_, i) => contributors[i % contributors.length]!);
    const responses = await Promise.all(callers.map((u) => post(u, `/documents/${doc.id}/check-out`)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(99).fill(409)]);
    const winner = callers[responses.findIndex((r) => r.statusCode === 200)]!;
    const [row] = await t.db.select().from(workspaceDocuments).where(eq(workspaceDocuments.id, doc.id));
    expect(row!.checkedOutBy).toBe(winner.user.id);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json().detail).toMatch(
        new RegExp(`^(This document is checked out by ${winner.user.name}|You have already checked out this document)$`),
      );
    }
    const entries = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.workspaceId, ws), eq(activity.action, 'document.checked_out')));
    expect(entries).toHaveLength(1);
  });

  it('a held document answers 409 naming the holder; the list shows holder and time', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id);
    expect((await post(ana, `/documents/${doc.id}/check-out`)).statusCode).toBe(200);
    const res = await post(ben, `/documents/${doc.id}/check-out`);
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 409,
      detail: 'This document is checked out by Ana Writer',
    });
    const [listed] = (await t.injectAs(ben.token, { method: 'GET', url: `/api/workspaces/${ws}/documents` })).json();
    expect(listed).toMatchObject({ checked_out_by: ana.user.id, checked_out_by_name: 'Ana Writer', lock_stale: false });
    expect(Date.now() - Date.parse(listed.checked_out_at)).toBeLessThan(60_000);
  });
});

describe('check-in', () => {
  it('only the holder checks in: others get 409 naming the holder; nothing held gives 409', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, { checkedOutBy: ana.user.id });
    const before = await documentSnapshot(t.db, ws);
    const other = await checkIn(ben, doc.id, { name: 'mine.docx', bytes: Buffer.from('ben edits') });
    expect({ status: other.statusCode, detail: other.json().detail }).toEqual({
      status: 409,
      detail: 'This document is checked out by Ana Writer',
    });
    const free = await createDocument(t, ws, owner.user.id);
    const none = await checkIn(ben, free.id, null);
    expect({ status: none.statusCode, detail: none.json().detail }).toEqual({
      status: 409,
      detail: 'This document is not checked out. Check it out before checking in.',
    });
    const after = await documentSnapshot(t.db, ws);
    expect(after.documents.find((d) => d.id === doc.id)).toEqual(before.documents.find((d) => d.id === doc.id));
    expect(after.versions.filter((v) => v.documentId === doc.id)).toHaveLength(1);
  });

  it('without a file only releases the lock (same version, activity says without changes)', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, { checkedOutBy: ana.user.id });
    const res = await checkIn(ana, doc.id, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, checked_out_by: null, checked_out_by_name: null });
    const [entry] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.workspaceId, ws), eq(activity.action, 'document.checked_in')));
    expect(entry!.details).toMatchObject({ name: 'proposal.docx', version: null });
  });

  it('version history stays intact after 5 check-ins with files: each version downloads its own bytes', async () => {
    const ws = await workspace();
    const first = Buffer.from('version 1 bytes');
    const doc = await createDocument(t, ws, owner.user.id, { name: 'volume.docx', bytes: first });
    const contents = [first];
    for (let v = 2; v <= 6; v++) {
      expect((await post(ana, `/documents/${doc.id}/check-out`)).statusCode).toBe(200);
      const bytes = Buffer.from(`version ${v} bytes ${'x'.repeat(v)}`);
      contents.push(bytes);
      const res = await checkIn(ana, doc.id, { name: `volume-v${v}.docx`, bytes }, `round ${v}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ version: v, checked_out_by: null, file_size: bytes.length, uploader_name: 'Ana Writer' });
    }
    const versions = (await t.injectAs(ben.token, { method: 'GET', url: `/api/documents/${doc.id}/versions` })).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(versions[0]).toMatchObject({
      file_name: 'volume-v6.docx',
      note: 'round 6',
      uploader_name: 'Ana Writer',
      size: contents[5]!.length,
    });
    for (let v = 1; v <= 6; v++) {
      const res = await t.injectAs(ben.token, { method: 'GET', url: `/api/documents/${doc.id}/versions/${v}/download` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(contents[v - 1]!)).toBe(true);
    }
    const current = await t.injectAs(ben.token, { method: 'GET', url: `/api/documents/${doc.id}/download` });
    expect(current.rawPayload.equals(contents[5]!)).toBe(true);
    const missing = await t.injectAs(ben.token, { method: 'GET', url: `/api/documents/${doc.id}/versions/7/download` });
    expect({ status: missing.statusCode, detail: missing.json().detail }).toEqual({ status: 404, detail: 'File not found' });
    // The stored bytes of version 6 gone from the store: 404 with the same detail, not a 500.
    await testFileStore(t).remove(createHash('sha256').update(contents[5]!).digest('hex'));
    const lost = await t.injectAs(ben.token, { method: 'GET', url: `/api/documents/${doc.id}/download` });
    expect({ status: lost.statusCode, detail: lost.json().detail }).toEqual({ status: 404, detail: 'File not found' });
  });
});

describe('force-release of a stale lock', () => {
  it('after LOCK_STALE_HOURS: released, audited with the reason, holder notified; their later check-in is refused and nothing stored', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, {
      checkedOutBy: ana.user.id,
      checkedOutAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const [listed] = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws}/documents` })).json();
    expect(listed.lock_stale).toBe(true);
    const res = await post(owner, `/documents/${doc.id}/force-release`, { payload: { reason: '  Ana is on leave until Monday ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checked_out_by: null, lock_stale: false });
    const [entry] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.workspaceId, ws), eq(activity.action, 'document.force_released')));
    expect(entry!.details).toMatchObject({ name: 'proposal.docx', holder_name: 'Ana Writer', reason: 'Ana is on leave until Monday' });
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: 'workspace', link: `/workspace/${ws}?tab=documents` });
    expect(bell[0]!.message).toContain('Ana is on leave until Monday');

    const before = await documentSnapshot(t.db, ws);
    const late = Buffer.from(`ana's late edits ${Math.random()}`);
    const refused = await checkIn(ana, doc.id, { name: 'late.docx', bytes: late });
    expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({
      status: 409,
      detail: 'Your check-out was released by the workspace owner. Check the document out again before checking in.',
    });
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
    await expect(testFileStore(t).read(createHash('sha256').update(late).digest('hex'))).rejects.toThrow();
  });

  it('before LOCK_STALE_HOURS: 409 saying when it becomes stale, nothing changes', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, {
      checkedOutBy: ana.user.id,
      checkedOutAt: new Date(Date.now() - 23 * 3_600_000),
    });
    const before = await documentSnapshot(t.db, ws);
    const res = await post(owner, `/documents/${doc.id}/force-release`, { payload: { reason: 'Need it now' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(
      /^This check-out is not stale yet\. It can be released after 24 hours, from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
  });

  it('needs a non-blank reason of at most 500 characters, and a held document', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, {
      checkedOutBy: ana.user.id,
      checkedOutAt: new Date(Date.now() - 48 * 3_600_000),
    });
    const before = await documentSnapshot(t.db, ws);
    for (const reason of ['   ', 'x'.repeat(501)]) {
      expect((await post(owner, `/documents/${doc.id}/force-release`, { payload: { reason } })).statusCode).toBe(400);
    }
    expect((await post(owner, `/documents/${doc.id}/force-release`, { payload: {} })).statusCode).toBe(400);
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
    const free = await createDocument(t, ws, owner.user.id);
    const res = await post(owner, `/documents/${free.id}/force-release`, { payload: { reason: 'tidy up' } });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 409, detail: 'This document is not checked out' });
  });
});

describe('check-in racing the owner force-release', () => {
  it('exactly one of them wins; a refused check-in leaves no version and no file behind', async () => {
    const ws = await workspace();
    for (let round = 0; round < 10; round++) {
      const doc = await createDocument(t, ws, owner.user.id, {
        checkedOutBy: ana.user.id,
        checkedOutAt: new Date(Date.now() - 30 * 3_600_000),
      });
      const bytes = Buffer.from(`race round ${round} ${Math.random()}`);
      const [checkedIn, released] = await Promise.all([
        checkIn(ana, doc.id, { name: 'race.docx', bytes }),
        post(owner, `/documents/${doc.id}/force-release`, { payload: { reason: 'race' } }),
      ]);
      expect([checkedIn.statusCode, released.statusCode].sort()).toEqual([200, 409]);
      const snapshot = await documentSnapshot(t.db, ws);
      const row = snapshot.documents.find((d) => d.id === doc.id)!;
      const versions = snapshot.versions.filter((v) => v.documentId === doc.id);
      expect(row.checkedOutBy).toBeNull();
      if (checkedIn.statusCode === 200) {
        expect({ current: row.currentVersion, versions: versions.length }).toEqual({ current: 2, versions: 2 });
      } else {
        expect(checkedIn.json().detail).toBe(
          'Your check-out was released by the workspace owner. Check the document out again before checking in.',
        );
        expect({ current: row.currentVersion, versions: versions.length }).toEqual({ current: 1, versions: 1 });
        await expect(testFileStore(t).read(createHash('sha256').update(bytes).digest('hex'))).rejects.toThrow();
      }
    }
  });
});

describe('check-in input', () => {
  it('refuses an empty file and a note over 500 characters, keeping the lock', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, { checkedOutBy: ana.user.id });
    const before = await documentSnapshot(t.db, ws);
    const empty = await checkIn(ana, doc.id, { name: 'empty.docx', bytes: Buffer.alloc(0) });
    expect({ status: empty.statusCode, detail: empty.json().detail }).toEqual({ status: 400, detail: 'The selected file is empty' });
    const long = await checkIn(ana, doc.id, { name: 'v2.docx', bytes: Buffer.from('v2') }, 'n'.repeat(501));
    expect({ status: long.statusCode, detail: long.json().detail }).toEqual({
      status: 400,
      detail: 'The note can be at most 500 characters',
    });
    expect(await documentSnapshot(t.db, ws)).toEqual(before);
  });

  it('a second check-out by the holder says they already hold it', async () => {
    const ws = await workspace();
    const doc = await createDocument(t, ws, owner.user.id, { checkedOutBy: ana.user.id });
    const res = await post(ana, `/documents/${doc.id}/check-out`);
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 409,
      detail: 'You have already checked out this document',
    });
  });
});
