import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addMember } from '../../../test/factories';
import path from 'node:path';
import { createLocalFileStore } from '../../lib/file-store';
import { chatMultipart, chatSnapshot, createMessage, createMessageWithFile } from '../../../test/message-factories';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type Cell, type RoleTableEndpoint } from '../../../test/role-table';

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
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

const NOT_YOURS = { status: 403, detail: "You don't have permission to do that in this workspace" };

/** Every member may; NDA-pending members are gated; archived workspaces refuse changes. */
const everyMemberWrites = (ok: Cell) =>
  cells({
    OWNER: ok,
    CONTRIBUTOR: ok,
    REVIEWER: ok,
    VIEWER: ok,
    NDA_PENDING: NDA,
    ARCHIVED_OWNER: ARCHIVED,
    ARCHIVED_CONTRIBUTOR: ARCHIVED,
  });
const everyMemberReads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/messages',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/messages`,
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
    url: (f) => `/api/workspaces/${f.workspaceId}/messages`,
    cells: everyMemberReads,
    answer: (f, res) => {
      expect(res.json().total).toBe(2);
      expect(
        res
          .json()
          .messages.map((m: { id: string }) => m.id)
          .sort(),
      ).toEqual([f.ownMessageId, f.otherMessageId].sort());
    },
  },
  {
    name: 'PATCH /workspaces/{id}/messages/{msgId} (own message)',
    method: 'PATCH',
    url: (f) => `/api/workspaces/${f.workspaceId}/messages/${f.ownMessageId}`,
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
    url: (f) => `/api/workspaces/${f.workspaceId}/messages/${f.otherMessageId}`,
    request: () => ({ payload: { message: 'not mine to edit' } }),
    cells: cells({
      OWNER: NOT_YOURS,
      CONTRIBUTOR: NOT_YOURS,
      REVIEWER: NOT_YOURS,
      VIEWER: NOT_YOURS,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
  },
  {
    name: 'DELETE /workspaces/{id}/messages/{msgId} (own message)',
    method: 'DELETE',
    url: (f) => `/api/workspaces/${f.workspaceId}/messages/${f.ownMessageId}`,
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
    url: (f) => `/api/workspaces/${f.workspaceId}/messages/${f.otherMessageId}`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: NOT_YOURS,
      REVIEWER: NOT_YOURS,
      VIEWER: NOT_YOURS,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, before, after) => {
      expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id).filter((id) => id !== f.otherMessageId));
      expect(after.activity).toEqual([...before.activity, 'message.deleted'].sort());
    },
  },
  {
    name: 'GET /workspaces/{id}/messages/{msgId}/download',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/messages/${f.otherMessageId}/download`,
    cells: everyMemberReads,
  },
];

const table = describeRoleTable<Fixture, Snapshot>({
  extraUsers: ['author'],
  fixture: async ({ t, users, actorOf }, s, workspaceId) => {
    await addMember(t.db, workspaceId, users.author!.user.id, 'CONTRIBUTOR');
    const actor = actorOf(s);
    const ownAuthor = actor && s !== 'NON_MEMBER' ? actor.user : users.author!.user;
    const own = await createMessage(t.db, workspaceId, ownAuthor.id, { authorName: ownAuthor.name });
    const other = await createMessageWithFile(t.db, testFiles(), workspaceId, users.author!.user.id);
    return { workspaceId, ownMessageId: own.id, otherMessageId: other.id };
  },
  snapshot: ({ t }, f) => chatSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});

/** The app's file store: the same directory the app under test writes to. */
const testFiles = () => createLocalFileStore(path.join(table.t.config.DATA_DIR, 'files'));

describe('a message id that is unknown, malformed or of another workspace', () => {
  it.each([
    ['PATCH', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}`],
    ['DELETE', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}`],
    ['GET', (ws: string, m: string) => `/api/workspaces/${ws}/messages/${m}/download`],
  ] as const)('%s answers 404 "Message not found" and changes nothing', async (method, url) => {
    const mine = await table.fixture('OWNER');
    const elsewhere = await table.fixture('OWNER');
    const before = await chatSnapshot(table.t.db, elsewhere.workspaceId);
    for (const msgId of [randomUUID(), 'not-a-uuid', elsewhere.ownMessageId, elsewhere.otherMessageId]) {
      const res = await table.t.injectAs(table.users.owner!.token, {
        method,
        url: url(mine.workspaceId, msgId),
        ...(method === 'PATCH' ? { payload: { message: 'x' } } : {}),
      });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Message not found' });
    }
    expect(await chatSnapshot(table.t.db, elsewhere.workspaceId)).toEqual(before);
  });
});
