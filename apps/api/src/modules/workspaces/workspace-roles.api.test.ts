import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, createInvite, workspaceSnapshot } from '../../../test/factories';
import { ndaVersions } from '../../db/schema/index';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type Cell, type RoleTableEndpoint, type Scenario } from '../../../test/role-table';

/**
 * WORKSPACES.md §5: every workspace endpoint, table-driven over the roles, a non-member, no token,
 * an NDA-pending member and an archived workspace. Each cell runs on a fresh workspace; a refused
 * call (and any read) must leave the workspace's rows exactly as they were.
 */

type Snapshot = Awaited<ReturnType<typeof workspaceSnapshot>>;
interface Fixture {
  workspaceId: string;
  inviteId: string;
  /** A VIEWER the remove-member call removes. */
  targetId: string;
  /** The caller's user id (undefined for ANONYMOUS). */
  actorId: string | undefined;
  archived: boolean;
}
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

const refuse = (detail: string): Cell => ({ status: 403, detail });
const OWNER_INVITES = refuse('Only the workspace owner can manage invitations');
const OWNER_REMOVES = refuse('Only the workspace owner can remove members, and the owner cannot be removed');
const OWNER_ARCHIVES = refuse('Only the workspace owner can archive or restore the workspace');
const OWNER_DELETES = refuse('Only the workspace owner can delete the workspace');
const OWNER_SETTINGS = refuse('Only the workspace owner can change workspace settings');
const OWNER_STAYS = refuse('The workspace owner cannot leave the workspace. Delete it instead.');

/** Non-member 403 and anonymous 401 are the same for every endpoint. */
/** All members may (workspace.view). */
const everyMember = (nda: Cell): Record<Scenario, Cell> =>
  cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: nda, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });

let currentNdaId: string;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /workspaces/{id}',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}`,
    cells: everyMember(OK),
    answer: (f, res, s) => expect(res.json()).toMatchObject({ id: f.workspaceId, nda_required: s === 'NDA_PENDING', archived: f.archived }),
  },
  {
    name: 'DELETE /workspaces/{id}',
    method: 'DELETE',
    url: (f) => `/api/workspaces/${f.workspaceId}`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_DELETES,
      REVIEWER: OWNER_DELETES,
      VIEWER: OWNER_DELETES,
      NDA_PENDING: OWNER_DELETES,
      ARCHIVED_OWNER: OK,
      ARCHIVED_CONTRIBUTOR: OWNER_DELETES,
    }),
    effect: (_f, _b, after) => {
      expect(after.workspace).toBeUndefined();
      expect(after.members).toEqual([]);
      expect(after.invites).toEqual([]);
      expect(after.activityCount).toBe(0);
    },
  },
  {
    name: 'PATCH /workspaces/{id}/archive (archive, or restore when archived)',
    method: 'PATCH',
    url: (f) => `/api/workspaces/${f.workspaceId}/archive?archive=${f.archived ? 'false' : 'true'}`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_ARCHIVES,
      REVIEWER: OWNER_ARCHIVES,
      VIEWER: OWNER_ARCHIVES,
      NDA_PENDING: OWNER_ARCHIVES,
      ARCHIVED_OWNER: OK,
      ARCHIVED_CONTRIBUTOR: OWNER_ARCHIVES,
    }),
    effect: (f, _b, after, res) => {
      expect(Boolean(after.workspace!.archivedAt)).toBe(!f.archived);
      expect(res.json().archived).toBe(!f.archived);
    },
  },
  {
    name: 'POST /workspaces/{id}/leave',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/leave`,
    cells: cells({
      OWNER: OWNER_STAYS,
      CONTRIBUTOR: OK,
      REVIEWER: OK,
      VIEWER: OK,
      NDA_PENDING: OK,
      ARCHIVED_OWNER: OWNER_STAYS,
      ARCHIVED_CONTRIBUTOR: OK,
    }),
    effect: (f, before, after) => {
      expect(after.members.map((m) => m.userId)).toEqual(before.members.map((m) => m.userId).filter((id) => id !== f.actorId));
      expect(after.members).toHaveLength(before.members.length - 1);
    },
  },
  {
    name: 'GET /workspaces/{id}/members',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/members`,
    cells: everyMember(NDA),
    answer: (_f, res) => expect(res.json()).toHaveLength(6),
  },
  {
    name: 'DELETE /workspaces/{id}/members/{userId}',
    method: 'DELETE',
    url: (f) => `/api/workspaces/${f.workspaceId}/members/${f.targetId}`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_REMOVES,
      REVIEWER: OWNER_REMOVES,
      VIEWER: OWNER_REMOVES,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, before, after) => {
      expect(after.members.map((m) => m.userId)).toEqual(before.members.map((m) => m.userId).filter((id) => id !== f.targetId));
    },
  },
  {
    name: 'POST /workspaces/{id}/invite',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/invite`,
    request: () => ({ payload: { email: `new-${randomUUID()}@example.com`, role: 'VIEWER' } }),
    cells: cells({
      OWNER: { status: 201 },
      CONTRIBUTOR: OWNER_INVITES,
      REVIEWER: OWNER_INVITES,
      VIEWER: OWNER_INVITES,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (_f, before, after, res) => {
      expect(after.invites).toHaveLength(before.invites.length + 1);
      expect(after.invites).toContainEqual({ id: res.json().id, email: res.json().email, status: 'PENDING' });
    },
  },
  {
    name: 'GET /workspaces/{id}/invites',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/invites`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_INVITES,
      REVIEWER: OWNER_INVITES,
      VIEWER: OWNER_INVITES,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: OK,
      ARCHIVED_CONTRIBUTOR: OWNER_INVITES,
    }),
  },
  {
    name: 'DELETE /invites/{id} (revoke)',
    method: 'DELETE',
    url: (f) => `/api/invites/${f.inviteId}`,
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_INVITES,
      REVIEWER: OWNER_INVITES,
      VIEWER: OWNER_INVITES,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, _b, after) => {
      expect(after.invites.find((i) => i.id === f.inviteId)?.status).toBe('REVOKED');
    },
    // The workspace id is not in the URL: no unknown-workspace row (an unknown invite: below).
    unknownId: false,
  },
  {
    name: 'GET /workspaces/{id}/settings',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/settings`,
    cells: everyMember(OK),
  },
  {
    name: 'PATCH /workspaces/{id}/settings',
    method: 'PATCH',
    url: (f) => `/api/workspaces/${f.workspaceId}/settings`,
    request: () => ({ payload: { require_nda: false } }),
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OWNER_SETTINGS,
      REVIEWER: OWNER_SETTINGS,
      VIEWER: OWNER_SETTINGS,
      NDA_PENDING: NDA,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (_f, _b, after) => {
      expect(after.workspace!.requireNda).toBe(false);
    },
  },
  {
    name: 'GET /workspaces/{id}/activity',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/activity`,
    cells: everyMember(NDA),
  },
  {
    name: 'POST /workspaces/{id}/nda/accept',
    method: 'POST',
    url: (f) => `/api/workspaces/${f.workspaceId}/nda/accept?nda_version_id=${currentNdaId}`,
    // Accepting is how a pending member gets in; it is a write, so an archived workspace refuses it (409).
    cells: cells({
      OWNER: OK,
      CONTRIBUTOR: OK,
      REVIEWER: OK,
      VIEWER: OK,
      NDA_PENDING: OK,
      ARCHIVED_OWNER: ARCHIVED,
      ARCHIVED_CONTRIBUTOR: ARCHIVED,
    }),
    effect: (f, _b, after) => {
      const me = after.members.find((m) => m.userId === f.actorId)!;
      if (me.role !== 'OWNER') expect(me.ndaVersionId).toBe(currentNdaId);
      expect(after.activityCount).toBeGreaterThan(0);
    },
  },
];

const table = describeRoleTable<Fixture, Snapshot>({
  extraUsers: ['target'],
  workspaceName: 'Roles workspace',
  setUp: async ({ t }) => {
    const [nda] = await t.db.select().from(ndaVersions).orderBy(desc(ndaVersions.version)).limit(1);
    currentNdaId = nda!.id;
  },
  fixture: async ({ t, users, actorOf }, s, workspaceId) => {
    await addMember(t.db, workspaceId, users.target!.user.id, 'VIEWER');
    const invite = await createInvite(t.db, workspaceId, `invitee-${randomUUID()}@example.com`, { invitedBy: users.owner!.user.id });
    return {
      workspaceId,
      inviteId: invite.id,
      targetId: users.target!.user.id,
      actorId: actorOf(s)?.user.id,
      archived: s.startsWith('ARCHIVED_'),
    };
  },
  snapshot: ({ t }, f) => workspaceSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});

describe('DELETE /invites/{id} with an unknown id', () => {
  it('answers 404 "Invite not found"', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await table.t.injectAs(table.users.owner!.token, { method: 'DELETE', url: `/api/invites/${id}` });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Invite not found' });
    }
  });
});
