import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { activity, notifications, workspaceMembers, workspaces } from '../../db/schema/index';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Admin' });
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('DELETE /admin/users/{id} of a workspace owner', () => {
  it('passes each owned workspace to its longest-standing member, or deletes it when nobody else is in it', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Olga', email: 'olga@example.com' });
    const veteran = await createUser(t.db, t.config, { name: 'Veteran Vic', email: 'vic@example.com' });
    const newcomer = await createUser(t.db, t.config, { name: 'Newcomer Nia' });
    const shared = await createWorkspace(t.db, owner.user.id, { name: 'Shared bid' });
    // The newcomer joined more recently even though added first here: joining date decides.
    await addMember(t.db, shared.id, newcomer.user.id, 'CONTRIBUTOR', { createdAt: minutesAgo(5) });
    await addMember(t.db, shared.id, veteran.user.id, 'VIEWER', { createdAt: minutesAgo(60) });
    const solo = await createWorkspace(t.db, owner.user.id, { name: 'Solo bid' });
    const notHers = await createWorkspace(t.db, veteran.user.id, { name: 'Vic bid' });
    await addMember(t.db, notHers.id, owner.user.id, 'REVIEWER');

    const res = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${owner.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces).toEqual({
      transferred: [{ id: shared.id, name: 'Shared bid', new_owner_email: 'vic@example.com' }],
      deleted: [{ id: solo.id, name: 'Solo bid' }],
    });

    const [sharedRow] = await t.db.select().from(workspaces).where(eq(workspaces.id, shared.id));
    expect(sharedRow!.ownerId).toBe(veteran.user.id);
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, shared.id));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [[veteran.user.id, 'OWNER'], [newcomer.user.id, 'CONTRIBUTOR']].sort(),
    );
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, solo.id))).toHaveLength(0);
    // A membership elsewhere simply ends; that workspace stays with its owner.
    const vicMembers = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, notHers.id));
    expect(vicMembers.map((m) => m.userId)).toEqual([veteran.user.id]);

    const told = await t.db.select().from(notifications).where(eq(notifications.userId, veteran.user.id));
    expect(told.map((n) => n.title)).toContain('You now own a workspace');
    const trail = await t.db.select().from(activity).where(eq(activity.workspaceId, shared.id));
    expect(trail.map((a) => a.action)).toContain('workspace.ownership_transferred');

    // The new owner runs the workspace through the API.
    const settings = await t.injectAs(veteran.token, { method: 'PATCH', url: `/api/workspaces/${shared.id}/settings`, payload: { require_nda: false } });
    expect(settings.statusCode).toBe(200);
  });

  it('keeps everything when the deletion is refused', async () => {
    const owner = await createUser(t.db, t.config, { role: 'admin', name: 'Self' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Kept' });
    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/admin/users/${owner.user.id}` });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id))).toHaveLength(1);
  });
});
