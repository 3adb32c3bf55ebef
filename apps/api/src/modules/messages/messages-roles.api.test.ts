import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import path from 'node:path';
import { createLocalFileStore } from '../../lib/file-store';
import { chatMultipart, chatSnapshot, createMessage, createMessageWithFile } from '../../../test/message-factories';
import { SCENARIOS, ARCHIVED, NDA, OK, cells, expectCell, expectChange, type Scenario, type Cell } from '../../../test/role-table';

/**
 * WORKSPACES.md §5 for the chat: every messages endpoint over the roles, a non-member, no token, an
 * NDA-pending member and an archived workspace. Each cell runs on a fresh workspace; a refused call
 * (and any read) must leave the messages and the Activity log exactly as they were.
 */


type Snapshot = Awaited<ReturnType<typeof chatSnapshot>>;
interface Fixture {
  workspaceId: string;
  /** A message by the caller (by another member for callers who cannot have one). */
  ownMessageId: string;
  /** A message with an attachment by a member who is never the caller. */
  otherMessageId: string;
}
interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (f: Fixture, workspaceId: string) => string;
  request?: () => { payload: InjectOptions['payload']; headers?: Record<string, string> };
  cells: Record<Scenario, Cell>;
  effect?: (f: Fixture, before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
}

const NOT_YOURS = { status: 403, detail: "You don't have permission to do that in this workspace" };

/** Every member may; NDA-pending members are gated; archived workspaces refuse changes. */
const everyMemberWrites = (ok: Cell) =>
  cells({ OWNER: ok, CONTRIBUTOR: ok, REVIEWER: ok, VIEWER: ok, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });
const everyMemberReads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });

let t: TestApp;
const users: Record<string, { user: { id: string; name: string }; token: string }> = {};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/messages',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/messages`,
    request: () => chatMultipart({ message: 'Draft volume 2 is up' }),
    cells: everyMemberWrites({ status: 201 }),
    effect: (_f, before, after, res) => {
      expect(after.messages).toHaveLength(before.messages.length + 1);
      expect(after.messages.at(-1)).toMatchObject({ id: res.json().id, message: 'Draft volume 2 is up' });
      expect(after.activity).toEqual(before.activity);
    },
  },
  {
    name: 'GET /workspaces/{id}/messages',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/messages`,
    cells: everyMemberReads,
  },
  {
    name: 'PATCH /workspaces/{id}/messages/{msgId} (own message)',
    method: 'PATCH',
    url: (f, id) => `/api/workspaces/${id}/messages/${f.ownMessageId}`,
    request: () => ({ payload: { message: 'edited text' } }),
    cells: everyMemberWrites(OK),
    effect: (f, _b, after) => {
      const edited = after.messages.find((m) => m.id === f.ownMessageId)!;
      expect(edited.message).toBe('edited text');
      expect(edited.editedAt).toBeInstanceOf(Date);
    },
  },
  {
    name: "PATCH /workspaces/{id}/messages/{msgId} (someone else's message)",
    method: 'PATCH',
    url: (f, id) => `/api/workspaces/${id}/messages/${f.otherMessageId}`,
    request: () => ({ payload: { message: 'not mine to edit' } }),
    cells: cells({ OWNER: NOT_YOURS, CONTRIBUTOR: NOT_YOURS, REVIEWER: NOT_YOURS, VIEWER: NOT_YOURS, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
  },
  {
    name: 'DELETE /workspaces/{id}/messages/{msgId} (own message)',
    method: 'DELETE',
    url: (f, id) => `/api/workspaces/${id}/messages/${f.ownMessageId}`,
    cells: everyMemberWrites(OK),
    effect: (f, before, after) => {
      expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id).filter((id) => id !== f.ownMessageId));
      // Deleting one's own message is not moderation: nothing in the Activity log.
      expect(after.activity).toEqual(before.activity);
    },
  },
  {
    name: "DELETE /workspaces/{id}/messages/{msgId} (someone else's message)",
    method: 'DELETE',
    url: (f, id) => `/api/workspaces/${id}/messages/${f.otherMessageId}`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: NOT_YOURS, REVIEWER: NOT_YOURS, VIEWER: NOT_YOURS, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, before, after) => {
      expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id).filter((id) => id !== f.otherMessageId));
      expect(after.activity).toEqual([...before.activity, 'message.deleted'].sort());
    },
  },
  {
    name: 'GET /workspaces/{id}/messages/{msgId}/download',
    method: 'GET',
    url: (f, id) => `/api/workspaces/${id}/messages/${f.otherMessageId}/download`,
    cells: everyMemberReads,
  },
];

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

async function fixture(s: Scenario): Promise<Fixture> {
  const archived = s.startsWith('ARCHIVED_');
  const ws = await createWorkspace(t.db, users.owner!.user.id, { archivedAt: archived ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  await addMember(t.db, ws.id, users.author!.user.id, 'CONTRIBUTOR');
  const actor = actorOf(s);
  const ownAuthor = actor && s !== 'NON_MEMBER' ? actor.user : users.author!.user;
  const own = await createMessage(t.db, ws.id, ownAuthor.id, { authorName: ownAuthor.name });
  const other = await createMessageWithFile(t.db, testFiles(), ws.id, users.author!.user.id);
  return { workspaceId: ws.id, ownMessageId: own.id, otherMessageId: other.id };
}

/** The app's file store: the same directory the app under test writes to. */
const testFiles = () => createLocalFileStore(path.join(t.config.DATA_DIR, 'files'));

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'author', 'outsider']) {
    users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const f = await fixture(s);
    const before = await chatSnapshot(t.db, f.workspaceId);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: ep.url(f, f.workspaceId), ...(ep.request ? ep.request() : {}) });
    expectCell(res, ep.cells[s]);
    const after = await chatSnapshot(t.db, f.workspaceId);
    expectChange(res, ep.method, before, after, ep.effect && ((b, a) => ep.effect!(f, b, a, res)));
    if (ep.name === 'GET /workspaces/{id}/messages' && res.statusCode === 200) {
      expect(res.json().total).toBe(2);
      expect(res.json().messages.map((m: { id: string }) => m.id).sort()).toEqual([f.ownMessageId, f.otherMessageId].sort());
    }
  });

  it('answers 404 "Workspace not found" for an unknown or malformed workspace id', async () => {
    const f = await fixture('OWNER');
    const before = await chatSnapshot(t.db, f.workspaceId);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url: ep.url(f, id), ...(ep.request ? ep.request() : {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Workspace not found' });
    }
    expect(await chatSnapshot(t.db, f.workspaceId)).toEqual(before);
  });
});

describe('a message id that is unknown, malformed or of another workspace', () => {
  it.each([
    ['PATCH', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}`],
    ['DELETE', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}`],
    ['GET', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}/download`],
  ] as const)('%s answers 404 "Message not found" and changes nothing', async (method, url) => {
    const mine = await fixture('OWNER');
    const elsewhere = await fixture('OWNER');
    const before = await chatSnapshot(t.db, elsewhere.workspaceId);
    for (const msgId of [randomUUID(), 'not-a-uuid', elsewhere.ownMessageId, elsewhere.otherMessageId]) {
      const res = await t.injectAs(users.owner!.token, { method, url: url(mine.workspaceId, msgId), ...(method === 'PATCH' ? { payload: { message: 'x' } } : {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Message not found' });
    }
    expect(await chatSnapshot(t.db, elsewhere.workspaceId)).toEqual(before);
  });
});
