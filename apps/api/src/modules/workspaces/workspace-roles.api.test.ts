import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createInvite, createUser, createWorkspace, workspaceSnapshot } from '../../../test/factories';
import { ndaVersions } from '../../db/schema/index';
import { SCENARIOS, ARCHIVED, NDA, OK, cells, expectCell, expectChange, type Scenario, type Cell } from '../../../test/role-table';

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
interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (f: Fixture, workspaceId: string) => string;
  body?: () => Record<string, unknown>;
  cells: Record<Scenario, Cell>;
  /** For a successful change: what it must have done. Reads and refusals must change nothing. */
  effect?: (f: Fixture, before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
  /** The workspace id is not in the URL (DELETE /invites/{id}): no unknown-workspace row. */
  noWorkspaceInUrl?: boolean;
}

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

let t: TestApp;
let currentNdaId: string;
const users: Record<string, { user: { id: string }; token: string }> = {};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /workspaces/{id}',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}`,
    cells: everyMember(OK),
  },
  {
    name: 'DELETE /workspaces/{id}',
    method: 'DELETE',
    url: (_f, id) => `/api/workspaces/${id}`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_DELETES, REVIEWER: OWNER_DELETES, VIEWER: OWNER_DELETES, NDA_PENDING: OWNER_DELETES, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OWNER_DELETES }),
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
    url: (f, id) => `/api/workspaces/${id}/archive?archive=${f.archived ? 'false' : 'true'}`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_ARCHIVES, REVIEWER: OWNER_ARCHIVES, VIEWER: OWNER_ARCHIVES, NDA_PENDING: OWNER_ARCHIVES, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OWNER_ARCHIVES }),
    effect: (f, _b, after, res) => {
      expect(Boolean(after.workspace!.archivedAt)).toBe(!f.archived);
      expect(res.json().archived).toBe(!f.archived);
    },
  },
  {
    name: 'POST /workspaces/{id}/leave',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/leave`,
    cells: cells({ OWNER: OWNER_STAYS, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: OK, ARCHIVED_OWNER: OWNER_STAYS, ARCHIVED_CONTRIBUTOR: OK }),
    effect: (f, before, after) => {
      expect(after.members.map((m) => m.userId)).toEqual(before.members.map((m) => m.userId).filter((id) => id !== f.actorId));
      expect(after.members).toHaveLength(before.members.length - 1);
    },
  },
  {
    name: 'GET /workspaces/{id}/members',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/members`,
    cells: everyMember(NDA),
  },
  {
    name: 'DELETE /workspaces/{id}/members/{userId}',
    method: 'DELETE',
    url: (f, id) => `/api/workspaces/${id}/members/${f.targetId}`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_REMOVES, REVIEWER: OWNER_REMOVES, VIEWER: OWNER_REMOVES, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, before, after) => {
      expect(after.members.map((m) => m.userId)).toEqual(before.members.map((m) => m.userId).filter((id) => id !== f.targetId));
    },
  },
  {
    name: 'POST /workspaces/{id}/invite',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/invite`,
    body: () => ({ email: `new-${randomUUID()}@example.com`, role: 'VIEWER' }),
    cells: cells({ OWNER: { status: 201 }, CONTRIBUTOR: OWNER_INVITES, REVIEWER: OWNER_INVITES, VIEWER: OWNER_INVITES, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (_f, before, after, res) => {
      expect(after.invites).toHaveLength(before.invites.length + 1);
      expect(after.invites).toContainEqual({ id: res.json().id, email: res.json().email, status: 'PENDING' });
    },
  },
  {
    name: 'GET /workspaces/{id}/invites',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/invites`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_INVITES, REVIEWER: OWNER_INVITES, VIEWER: OWNER_INVITES, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OWNER_INVITES }),
  },
  {
    name: 'DELETE /invites/{id} (revoke)',
    method: 'DELETE',
    url: (f) => `/api/invites/${f.inviteId}`,
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_INVITES, REVIEWER: OWNER_INVITES, VIEWER: OWNER_INVITES, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, _b, after) => {
      expect(after.invites.find((i) => i.id === f.inviteId)?.status).toBe('REVOKED');
    },
    noWorkspaceInUrl: true,
  },
  {
    name: 'GET /workspaces/{id}/settings',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/settings`,
    cells: everyMember(OK),
  },
  {
    name: 'PATCH /workspaces/{id}/settings',
    method: 'PATCH',
    url: (_f, id) => `/api/workspaces/${id}/settings`,
    body: () => ({ require_nda: false }),
    cells: cells({ OWNER: OK, CONTRIBUTOR: OWNER_SETTINGS, REVIEWER: OWNER_SETTINGS, VIEWER: OWNER_SETTINGS, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (_f, _b, after) => {
      expect(after.workspace!.requireNda).toBe(false);
    },
  },
  {
    name: 'GET /workspaces/{id}/activity',
    method: 'GET',
    url: (_f, id) => `/api/workspaces/${id}/activity`,
    cells: everyMember(NDA),
  },
  {
    name: 'POST /workspaces/{id}/nda/accept',
    method: 'POST',
    url: (_f, id) => `/api/workspaces/${id}/nda/accept?nda_version_id=${currentNdaId}`,
    // Accepting is how a pending member gets in; it is a write, so an archived workspace refuses it (409).
    cells: cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: OK, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED }),
    effect: (f, _b, after) => {
      const me = after.members.find((m) => m.userId === f.actorId)!;
      if (me.role !== 'OWNER') expect(me.ndaVersionId).toBe(currentNdaId);
      expect(after.activityCount).toBeGreaterThan(0);
    },
  },
];

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

async function fixture(s: Scenario): Promise<Fixture> {
  const archived = s.startsWith('ARCHIVED_');
  const ws = await createWorkspace(t.db, users.owner!.user.id, { name: 'Roles workspace', archivedAt: archived ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  await addMember(t.db, ws.id, users.target!.user.id, 'VIEWER');
  const invite = await createInvite(t.db, ws.id, `invitee-${randomUUID()}@example.com`, { invitedBy: users.owner!.user.id });
  return { workspaceId: ws.id, inviteId: invite.id, targetId: users.target!.user.id, actorId: actorOf(s)?.user.id, archived };
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['owner', 'contributor', 'reviewer', 'viewer', 'pending', 'target', 'outsider']) {
    users[name] = await createUser(t.db, t.config, { name: `Ms ${name}` });
  }
  const [nda] = await t.db.select().from(ndaVersions).orderBy(desc(ndaVersions.version)).limit(1);
  currentNdaId = nda!.id;
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const f = await fixture(s);
    const before = await workspaceSnapshot(t.db, f.workspaceId);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: ep.url(f, f.workspaceId), ...(ep.body ? { payload: ep.body() } : {}) });
    expectCell(res, ep.cells[s]);
    const after = await workspaceSnapshot(t.db, f.workspaceId);
    expectChange(res, ep.method, before, after, ep.effect && ((b, a) => ep.effect!(f, b, a, res)));
    if (ep.name === 'GET /workspaces/{id}' && res.statusCode === 200) {
      expect(res.json()).toMatchObject({ id: f.workspaceId, nda_required: s === 'NDA_PENDING', archived: f.archived });
    }
    if (ep.name === 'GET /workspaces/{id}/members' && res.statusCode === 200) {
      expect(res.json()).toHaveLength(6);
    }
  });

  if (ep.noWorkspaceInUrl) return;
  it('answers 404 "Workspace not found" for an unknown or malformed workspace id', async () => {
    const f = await fixture('OWNER');
    const before = await workspaceSnapshot(t.db, f.workspaceId);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url: ep.url(f, id), ...(ep.body ? { payload: ep.body() } : {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Workspace not found' });
    }
    expect(await workspaceSnapshot(t.db, f.workspaceId)).toEqual(before);
  });
});

describe('DELETE /invites/{id} with an unknown id', () => {
  it('answers 404 "Invite not found"', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(users.owner!.token, { method: 'DELETE', url: `/api/invites/${id}` });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Invite not found' });
    }
  });
});
