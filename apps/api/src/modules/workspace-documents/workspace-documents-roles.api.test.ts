import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createDocument, documentSnapshot, multipartBody } from '../../../test/document-factories';
import { SCENARIOS, ARCHIVED, NDA, OK, cells, expectCell, expectChange, type Scenario, type Cell } from '../../../test/role-table';

/**
 * WORKSPACES.md §5 for documents: every document endpoint over the roles, a non-member, no token, an
 * NDA-pending member and an archived workspace. Each cell runs on a fresh workspace; reads and
 * refusals must leave documents, versions, activity and notifications exactly as they were.
 */

type Snapshot = Awaited<ReturnType<typeof documentSnapshot>>;

interface Fixture {
  workspaceId: string;
  /** Nobody holds it. */
  freeId: string;
  /** Held by the caller (by the contributor for callers who are not members). */
  heldId: string;
  /** Held by the contributor for 48 hours: stale. */
  staleId: string;
  actorId: string | undefined;
}
interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: (f: Fixture, workspaceId: string) => string;
  body?: () => { payload: Buffer | Record<string, unknown>; headers?: Record<string, string> };
  cells: Record<Scenario, Cell>;
  effect?: (f: Fixture, before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
  /** Which id an unknown-id row replaces: the workspace's or the document's. */
  idIn: 'workspace' | 'document';
}

const NOT_ALLOWED = { status: 403, detail: "You don't have permission to do that in this workspace" };
const OWNER_DELETES = { status: 403, detail: "You don't have permission to delete this file. Only workspace owners can delete documents." };

const everyMemberReads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });
/** A write by OWNER and CONTRIBUTOR only (check-out and check-in). */
const editors = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: NOT_ALLOWED, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });
const docUrl = (suffix: string) => (f: Fixture) => `/api/documents/${f.freeId}${suffix}`;

let t: TestApp;
const users: Record<string, { user: { id: string; name: string }; token: string }> = {};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/documents',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/documents`,
    body: () => multipartBody({ name: 'volume-1.docx', bytes: Buffer.from(`volume ${randomUUID()}`) }),
    cells: cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, before, after, res) => {
      expect(after.documents).toHaveLength(before.documents.length + 1);
      expect(res.json()).toMatchObject({ name: 'volume-1.docx', version: 1, checked_out_by: null, lock_stale: false });
      expect(after.versions.filter((v) => v.documentId === res.json().id)).toHaveLength(1);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
    idIn: 'workspace',
  },
  { name: 'GET /workspaces/{id}/documents', method: 'GET', url: (_f, id) => `/api/workspaces/${id}/documents`, cells: everyMemberReads, idIn: 'workspace' },
  { name: 'GET /documents/{id}/download', method: 'GET', url: docUrl('/download'), cells: everyMemberReads, idIn: 'document' },
  { name: 'GET /documents/{id}/versions', method: 'GET', url: docUrl('/versions'), cells: everyMemberReads, idIn: 'document' },
  { name: 'GET /documents/{id}/versions/{version}/download', method: 'GET', url: docUrl('/versions/1/download'), cells: everyMemberReads, idIn: 'document' },
  {
    name: 'POST /documents/{id}/check-out',
    method: 'POST',
    url: docUrl('/check-out'),
    cells: editors,
    effect: (f, before, after) => {
      expect(after.documents.find((d) => d.id === f.freeId)!.checkedOutBy).toBe(f.actorId);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
    idIn: 'document',
  },
  {
    name: 'POST /documents/{id}/check-in (with a file)',
    method: 'POST',
    url: (f) => `/api/documents/${f.heldId}/check-in`,
    body: () => multipartBody({ name: 'volume-1-v2.docx', bytes: Buffer.from(`v2 ${randomUUID()}`) }, { note: 'Section L answered' }),
    cells: editors,
    effect: (f, before, after) => {
      const doc = after.documents.find((d) => d.id === f.heldId)!;
      expect(doc).toMatchObject({ checkedOutBy: null, currentVersion: 2 });
      expect(after.versions.filter((v) => v.documentId === f.heldId).map((v) => [v.version, v.note])).toEqual([[1, null], [2, 'Section L answered']]);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
    idIn: 'document',
  },
  {
    name: 'POST /documents/{id}/force-release',
    method: 'POST',
    url: (f) => `/api/documents/${f.staleId}/force-release`,
    body: () => ({ payload: { reason: 'Holder is on leave' } }),
    cells: cells({ OWNER: OK, CONTRIBUTOR: NOT_ALLOWED, REVIEWER: NOT_ALLOWED, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, before, after) => {
      expect(after.documents.find((d) => d.id === f.staleId)!.checkedOutBy).toBeNull();
      expect(after.activityCount).toBe(before.activityCount + 1);
      expect(after.notificationCount).toBe(before.notificationCount + 1);
    },
    idIn: 'document',
  },
  {
    name: 'DELETE /documents/{id}',
    method: 'DELETE',
    url: docUrl(''),
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_DELETES, REVIEWER: OWNER_DELETES, VIEWER: OWNER_DELETES, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, before, after) => {
      expect(after.documents.map((d) => d.id)).toEqual(before.documents.map((d) => d.id).filter((id) => id !== f.freeId));
      expect(after.versions.filter((v) => v.documentId === f.freeId)).toEqual([]);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
    idIn: 'document',
  },
];

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

async function fixture(s: Scenario): Promise<Fixture> {
  const archived = s.startsWith('ARCHIVED_');
  const owner = users.owner!.user.id;
  const ws = await createWorkspace(t.db, owner, { archivedAt: archived ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  const actorId = actorOf(s)?.user.id;
  const member = actorId && s !== 'NON_MEMBER';
  const free = await createDocument(t, ws.id, owner, { name: 'free.docx' });
  const held = await createDocument(t, ws.id, owner, { name: 'held.docx', checkedOutBy: member ? actorId : users.contributor!.user.id });
  const stale = await createDocument(t, ws.id, owner, {
    name: 'stale.docx',
    checkedOutBy: users.contributor!.user.id,
    checkedOutAt: new Date(Date.now() - 48 * 3_600_000),
  });
  return { workspaceId: ws.id, freeId: free.id, heldId: held.id, staleId: stale.id, actorId };
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'outsider']) {
    users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const f = await fixture(s);
    const before = await documentSnapshot(t.db, f.workspaceId);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: ep.url(f, f.workspaceId), ...(ep.body?.() ?? {}) });
    expectCell(res, ep.cells[s]);
    const after = await documentSnapshot(t.db, f.workspaceId);
    expectChange(res, ep.method, before, after, ep.effect && ((b, a) => ep.effect!(f, b, a, res)));
    if (ep.name === 'GET /workspaces/{id}/documents' && res.statusCode === 200) {
      expect(res.json().map((d: { id: string }) => d.id).sort()).toEqual([f.freeId, f.heldId, f.staleId].sort());
    }
  });

  it(`answers 404 for an unknown or malformed ${ep.idIn} id`, async () => {
    const f = await fixture('OWNER');
    const before = await documentSnapshot(t.db, f.workspaceId);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const url = ep.idIn === 'workspace' ? ep.url(f, id) : ep.url({ ...f, freeId: id, heldId: id, staleId: id }, f.workspaceId);
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url, ...(ep.body?.() ?? {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: ep.idIn === 'workspace' ? 'Workspace not found' : 'Document not found' });
    }
    expect(await documentSnapshot(t.db, f.workspaceId)).toEqual(before);
  });
});
