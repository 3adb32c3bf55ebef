import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createDocument, documentSnapshot, multipartBody } from '../../../test/document-factories';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type RoleTableEndpoint } from '../../../test/role-table';

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
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

const NOT_ALLOWED = { status: 403, detail: "You don't have permission to do that in this workspace" };
const OWNER_DELETES = { status: 403, detail: "You don't have permission to delete this file. Only workspace owners can delete documents." };

const everyMemberReads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
/** A write by OWNER and CONTRIBUTOR only (check-out and check-in). */
const editors = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: NOT_ALLOWED,
  VIEWER: NOT_ALLOWED,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: ARCHIVED,
  ARCHIVED_CONTRIBUTOR: ARCHIVED,
});
const docUrl = (suffix: string) => (f: Fixture) => `/api/documents/${f.freeId}${suffix}`;
/** The unknown-id row of an endpoint that names a document: the document's id replaced. */
const idInDocument = { swap: (f: Fixture, id: string) => ({ ...f, freeId: id, heldId: id, staleId: id }), detail: 'Document not found' };

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/documents',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/documents`,
    request: () => multipartBody({ name: 'volume-1.docx', bytes: Buffer.from(`volume ${randomUUID()}`) }),
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OK,
      REVIEWER: OK,
      VIEWER: NOT_ALLOWED,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, before, after, res) => {
      expect(after.documents).toHaveLength(before.documents.length + 1);
      expect(res.json()).toMatchObject({ name: 'volume-1.docx', version: 1, checked_out_by: null, lock_stale: false });
      expect(after.versions.filter((v) => v.documentId === res.json().id)).toHaveLength(1);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
  },
  {
    name: 'GET /workspaces/{id}/documents',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/documents`,
    cells: everyMemberReads,
    answer: (f, res) =>
      expect(
        res
          .json()
          .map((d: { id: string }) => d.id)
          .sort(),
      ).toEqual([f.freeId, f.heldId, f.staleId].sort()),
  },
  { name: 'GET /documents/{id}/download', method: 'GET', url: docUrl('/download'), cells: everyMemberReads, unknownId: idInDocument },
  { name: 'GET /documents/{id}/versions', method: 'GET', url: docUrl('/versions'), cells: everyMemberReads, unknownId: idInDocument },
  {
    name: 'GET /documents/{id}/versions/{version}/download',
    method: 'GET',
    url: docUrl('/versions/1/download'),
    cells: everyMemberReads,
    unknownId: idInDocument,
  },
  {
    name: 'POST /documents/{id}/check-out',
    method: 'POST',
    url: docUrl('/check-out'),
    unknownId: idInDocument,
    cells: editors,
    effect: (f, before, after) => {
      expect(after.documents.find((d) => d.id === f.freeId)!.checkedOutBy).toBe(f.actorId);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
  },
  {
    name: 'POST /documents/{id}/check-in (with a file)',
    method: 'POST',
    url: (f) => `/api/documents/${f.heldId}/check-in`,
    unknownId: idInDocument,
    request: () => multipartBody({ name: 'volume-1-v2.docx', bytes: Buffer.from(`v2 ${randomUUID()}`) }, { note: 'Section L answered' }),
    cells: editors,
    effect: (f, before, after) => {
      const doc = after.documents.find((d) => d.id === f.heldId)!;
      expect(doc).toMatchObject({ checkedOutBy: null, currentVersion: 2 });
      expect(after.versions.filter((v) => v.documentId === f.heldId).map((v) => [v.version, v.note])).toEqual([
        [1, null],
        [2, 'Section L answered'],
      ]);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
  },
  {
    name: 'POST /documents/{id}/force-release',
    method: 'POST',
    url: (f) => `/api/documents/${f.staleId}/force-release`,
    unknownId: idInDocument,
    request: () => ({ payload: { reason: 'Holder is on leave' } }),
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: NOT_ALLOWED,
      REVIEWER: NOT_ALLOWED,
      VIEWER: NOT_ALLOWED,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, before, after) => {
      expect(after.documents.find((d) => d.id === f.staleId)!.checkedOutBy).toBeNull();
      expect(after.activityCount).toBe(before.activityCount + 1);
      expect(after.notificationCount).toBe(before.notificationCount + 1);
    },
  },
  {
    name: 'DELETE /documents/{id}',
    method: 'DELETE',
    url: docUrl(''),
    unknownId: idInDocument,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_DELETES,
      REVIEWER: OWNER_DELETES,
      VIEWER: OWNER_DELETES,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, before, after) => {
      expect(after.documents.map((d) => d.id)).toEqual(before.documents.map((d) => d.id).filter((id) => id !== f.freeId));
      expect(after.versions.filter((v) => v.documentId === f.freeId)).toEqual([]);
      expect(after.activityCount).toBe(before.activityCount + 1);
    },
  },
];

describeRoleTable<Fixture, Snapshot>({
  fixture: async ({ t, users, actorOf }, s, workspaceId) => {
    const owner = users.owner!.user.id;
    const actorId = actorOf(s)?.user.id;
    const member = actorId && s !== 'NON_MEMBER';
    const free = await createDocument(t, workspaceId, owner, { name: 'free.docx' });
    const held = await createDocument(t, workspaceId, owner, {
      name: 'held.docx',
      checkedOutBy: member ? actorId : users.contributor!.user.id,
    });
    const stale = await createDocument(t, workspaceId, owner, {
      name: 'stale.docx',
      checkedOutBy: users.contributor!.user.id,
      checkedOutAt: new Date(Date.now() - 48 * 3_600_000),
    });
    return { workspaceId, freeId: free.id, heldId: held.id, staleId: stale.id, actorId };
  },
  snapshot: ({ t }, f) => documentSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
