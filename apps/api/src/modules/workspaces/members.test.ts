import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace, workspaceSnapshot } from '../../../test/factories';
import { activity, notifications, workspaceMembers } from '../../db/schema/index';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner', email: `olivia-${randomUUID()}@example.com` });
});
afterAll(async () => {
  await t.close();
});

async function isMember(workspaceId: string, userId: string): Promise<boolean> {
  const rows = await t.db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return rows.length === 1;
}

describe('GET /workspaces/{id}/members', () => {
  it('lists every member with name, email, role and NDA state', async () => {
    const ana = await createUser(t.db, t.config, { name: 'Ana', email: `ana-${randomUUID()}@example.com` });
    const ws = await createWorkspace(t.db, owner.user.id);
    await addMember(t.db, ws.id, ana.user.id, 'REVIEWER', { ndaAccepted: true });
    const res = await t.injectAs(ana.token, { method: 'GET', url: `/api/workspaces/${ws.id}/members` });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { user_id: string; nda_accepted_at: string | null }[];
    expect(list).toHaveLength(2);
    expect(list.find((m) => m.user_id === owner.user.id)).toMatchObject({
      user_name: 'Olivia Owner',
      user_email: owner.user.email,
      role: 'OWNER',
      status: 'ACTIVE',
      nda_accepted_at: null,
    });
    expect(list.find((m) => m.user_id === ana.user.id)).toMatchObject({
      user_name: 'Ana',
      user_email: ana.user.email,
      role: 'REVIEWER',
      status: 'ACTIVE',
    });
    expect(list.find((m) => m.user_id === ana.user.id)!.nda_accepted_at).toEqual(expect.any(String));
  });
});

describe('DELETE /workspaces/{id}/members/{userId}', () => {
  it('lets the owner remove a member, who loses access and gets a bell notification', async () => {
    const bob = await createUser(t.db, t.config, { name: 'Bob' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Bid team' });
    await addMember(t.db, ws.id, bob.user.id, 'CONTRIBUTOR');
    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}/members/${bob.user.id}` });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Member removed' }]);
    expect(await isMember(ws.id, bob.user.id)).toBe(false);
    const denied = await t.injectAs(bob.token, { method: 'GET', url: `/api/workspaces/${ws.id}` });
    expect([denied.statusCode, denied.json().detail]).toEqual([403, 'Access denied to this workspace']);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, bob.user.id));
    expect(bell).toEqual([
      expect.objectContaining({ title: 'Removed from a workspace', message: 'Olivia Owner removed you from the workspace "Bid team".' }),
    ]);
    const log = await t.db.select().from(activity).where(eq(activity.workspaceId, ws.id));
    expect(log.map((a) => [a.action, a.targetId])).toEqual([['member.removed', bob.user.id]]);
  });

  it('never removes the owner, and answers 404 for someone who is not a member', async () => {
    const ws = await createWorkspace(t.db, owner.user.id);
    const before = await workspaceSnapshot(t.db, ws.id);
    const self = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}/members/${owner.user.id}` });
    expect([self.statusCode, self.json().detail]).toEqual([
      403,
      'Only the workspace owner can remove members, and the owner cannot be removed',
    ]);
    const stranger = await createUser(t.db, t.config);
    for (const id of [stranger.user.id, randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}/members/${id}` });
      expect([res.statusCode, res.json().detail]).toEqual([404, 'Member not found']);
    }
    expect(await workspaceSnapshot(t.db, ws.id)).toEqual(before);
  });

  it('does not let a non-owner probe membership: 403 before 404', async () => {
    const carl = await createUser(t.db, t.config);
    const ws = await createWorkspace(t.db, owner.user.id);
    await addMember(t.db, ws.id, carl.user.id, 'CONTRIBUTOR');
    const res = await t.injectAs(carl.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}/members/${randomUUID()}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /workspaces/{id}/leave', () => {
  it('lets a member leave (also before the NDA), recording it; the owner cannot leave', async () => {
    const dana = await createUser(t.db, t.config, { name: 'Dana' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Leavers' });
    await addMember(t.db, ws.id, dana.user.id, 'VIEWER', { ndaAccepted: false });
    const res = await t.injectAs(dana.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'You left Leavers' }]);
    expect(await isMember(ws.id, dana.user.id)).toBe(false);
    const log = await t.db.select().from(activity).where(eq(activity.workspaceId, ws.id));
    expect(log.map((a) => [a.action, a.userId])).toEqual([['member.left', dana.user.id]]);
    const again = await t.injectAs(dana.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` });
    expect([again.statusCode, again.json().detail]).toEqual([403, 'Access denied to this workspace']);

    const stay = await t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` });
    expect([stay.statusCode, stay.json().detail]).toEqual([403, 'The workspace owner cannot leave the workspace. Delete it instead.']);
    expect(await isMember(ws.id, owner.user.id)).toBe(true);
  });
});
