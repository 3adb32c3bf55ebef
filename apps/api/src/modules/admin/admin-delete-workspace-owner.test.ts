import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createInvite, createUser, createWorkspace } from '../../../test/factories';
import { activity, ndaVersions, notifications, users, workspaceMembers, workspaces } from '../../db/schema/index';

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
const deleteUser = (id: string) => t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${id}` });
const ownerOf = async (workspaceId: string) => (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.ownerId;
const rolesIn = async (workspaceId: string) =>
  (await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))).map((m) => [m.userId, m.role]).sort();

describe('DELETE /admin/users/{id} of a workspace owner', () => {
  it('passes each owned workspace to a member who accepted the NDA, contributor first, or deletes it when nobody else is in it', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Olga', email: 'olga@example.com' });
    const viewer = await createUser(t.db, t.config, { name: 'Veteran Vic', email: 'vic@example.com' });
    const contributor = await createUser(t.db, t.config, { name: 'Newcomer Nia', email: 'nia@example.com' });
    const pending = await createUser(t.db, t.config, { name: 'Pending Pat' });
    const shared = await createWorkspace(t.db, owner.user.id, { name: 'Shared bid' });
    // The viewer has been in longest, but a contributor who accepted the NDA comes first; a
    // contributor who never accepted it is passed over whatever their seniority.
    await addMember(t.db, shared.id, pending.user.id, 'CONTRIBUTOR', { ndaAccepted: false, createdAt: minutesAgo(90) });
    await addMember(t.db, shared.id, viewer.user.id, 'VIEWER', { createdAt: minutesAgo(60) });
    await addMember(t.db, shared.id, contributor.user.id, 'CONTRIBUTOR', { createdAt: minutesAgo(5) });
    const solo = await createWorkspace(t.db, owner.user.id, { name: 'Solo bid' });
    const notHers = await createWorkspace(t.db, viewer.user.id, { name: 'Vic bid' });
    await addMember(t.db, notHers.id, owner.user.id, 'REVIEWER');

    const res = await deleteUser(owner.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces).toEqual({
      transferred: [{ id: shared.id, name: 'Shared bid', new_owner_email: 'nia@example.com' }],
      deleted: [{ id: solo.id, name: 'Solo bid' }],
    });

    expect(await ownerOf(shared.id)).toBe(contributor.user.id);
    expect(await rolesIn(shared.id)).toEqual(
      [
        [contributor.user.id, 'OWNER'],
        [viewer.user.id, 'VIEWER'],
        [pending.user.id, 'CONTRIBUTOR'],
      ].sort(),
    );
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, solo.id))).toHaveLength(0);
    // A membership elsewhere simply ends; that workspace stays with its owner.
    const vicMembers = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, notHers.id));
    expect(vicMembers.map((m) => m.userId)).toEqual([viewer.user.id]);

    const told = await t.db.select().from(notifications).where(eq(notifications.userId, contributor.user.id));
    expect(told.map((n) => n.title)).toContain('You now own a workspace');
    const trail = await t.db.select().from(activity).where(eq(activity.workspaceId, shared.id));
    expect(trail.map((a) => a.action)).toContain('workspace.ownership_transferred');

    // The new owner runs the workspace through the API.
    const settings = await t.injectAs(contributor.token, {
      method: 'PATCH',
      url: `/api/workspaces/${shared.id}/settings`,
      payload: { require_nda: false },
    });
    expect(settings.statusCode).toBe(200);
  });

  it('prefers a reviewer who accepted the NDA to a viewer, and an older member within a role', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Omar' });
    const viewer = await createUser(t.db, t.config, { name: 'Old Viewer' });
    const older = await createUser(t.db, t.config, { name: 'Older Reviewer', email: 'older-reviewer@example.com' });
    const newer = await createUser(t.db, t.config, { name: 'Newer Reviewer' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Reviewed bid' });
    await addMember(t.db, ws.id, viewer.user.id, 'VIEWER', { createdAt: minutesAgo(300) });
    await addMember(t.db, ws.id, newer.user.id, 'REVIEWER', { createdAt: minutesAgo(10) });
    await addMember(t.db, ws.id, older.user.id, 'REVIEWER', { createdAt: minutesAgo(20) });
    const res = await deleteUser(owner.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces.transferred).toEqual([{ id: ws.id, name: 'Reviewed bid', new_owner_email: 'older-reviewer@example.com' }]);
  });

  it('hands a workspace without the NDA requirement to its best member, accepted or not', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Ola' });
    const contributor = await createUser(t.db, t.config, { name: 'Open Contributor', email: 'open-contributor@example.com' });
    const viewer = await createUser(t.db, t.config, { name: 'Open Viewer' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Open bid', requireNda: false });
    await addMember(t.db, ws.id, viewer.user.id, 'VIEWER', { createdAt: minutesAgo(60) });
    await addMember(t.db, ws.id, contributor.user.id, 'CONTRIBUTOR', { ndaAccepted: false, createdAt: minutesAgo(5) });
    const res = await deleteUser(owner.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().workspaces.transferred).toEqual([{ id: ws.id, name: 'Open bid', new_owner_email: 'open-contributor@example.com' }]);
  });

  it('answers 409 naming the workspace, its members and what to do when nobody in it accepted the NDA, and changes nothing', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Uma', email: 'uma@example.com' });
    const viewer = await createUser(t.db, t.config, { name: 'Unsigned Viewer', email: 'unsigned-viewer@example.com' });
    const contributor = await createUser(t.db, t.config, { name: 'Unsigned Contributor', email: 'unsigned-contributor@example.com' });
    const signed = await createUser(t.db, t.config, { name: 'Signed Sam' });
    const blocked = await createWorkspace(t.db, owner.user.id, { name: 'Gated bid' });
    await addMember(t.db, blocked.id, viewer.user.id, 'VIEWER', { ndaAccepted: false, createdAt: minutesAgo(60) });
    await addMember(t.db, blocked.id, contributor.user.id, 'CONTRIBUTOR', { ndaAccepted: false, createdAt: minutesAgo(30) });
    // Another workspace that could be handed over, and one that would be deleted: neither is.
    const fine = await createWorkspace(t.db, owner.user.id, { name: 'Fine bid' });
    await addMember(t.db, fine.id, signed.user.id, 'REVIEWER');
    const solo = await createWorkspace(t.db, owner.user.id, { name: 'Lonely bid' });

    const res = await deleteUser(owner.user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Owner Uma cannot be deleted yet: they own a workspace whose members have not accepted the current NDA, and ownership only passes to a member who has. ' +
        '"Gated bid": Unsigned Contributor (unsigned-contributor@example.com, contributor), Unsigned Viewer (unsigned-viewer@example.com, viewer). ' +
        'Ask one of them to open the workspace and accept the NDA, or ask Owner Uma to turn off the NDA requirement or delete the workspace (Team tab), then delete the account again. Nothing was deleted.',
    );
    expect(await t.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    expect(await ownerOf(blocked.id)).toBe(owner.user.id);
    expect(await ownerOf(fine.id)).toBe(owner.user.id);
    expect(await ownerOf(solo.id)).toBe(owner.user.id);
    expect(await rolesIn(fine.id)).toEqual(
      [
        [owner.user.id, 'OWNER'],
        [signed.user.id, 'REVIEWER'],
      ].sort(),
    );
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, signed.user.id))).toHaveLength(0);

    // Once a member accepts the NDA through the app, the same deletion goes through.
    const nda = (await t.injectAs(null, { method: 'GET', url: '/api/nda/current' })).json();
    const accept = await t.injectAs(viewer.token, {
      method: 'POST',
      url: `/api/workspaces/${blocked.id}/nda/accept?nda_version_id=${nda.id}`,
    });
    expect(accept.statusCode).toBe(200);
    const again = await deleteUser(owner.user.id);
    expect(again.statusCode).toBe(200);
    expect(
      again
        .json()
        .workspaces.transferred.map((w: { name: string; new_owner_email: string }) => [w.name, w.new_owner_email])
        .sort(),
    ).toEqual([
      ['Fine bid', signed.user.email],
      ['Gated bid', 'unsigned-viewer@example.com'],
    ]);
  });

  it('keeps everything when the deletion is refused', async () => {
    const owner = await createUser(t.db, t.config, { role: 'admin', name: 'Self' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Kept' });
    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/admin/users/${owner.user.id}` });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id))).toHaveLength(1);
  });

  it('refuses without a token (401) and for a non-admin (403)', async () => {
    const owner = await createUser(t.db, t.config, { name: 'Owner Ida' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Untouched' });
    expect((await t.injectAs(null, { method: 'DELETE', url: `/api/admin/users/${owner.user.id}` })).statusCode).toBe(401);
    const member = await createUser(t.db, t.config, { name: 'Member Mo' });
    await addMember(t.db, ws.id, member.user.id, 'CONTRIBUTOR');
    expect((await t.injectAs(member.token, { method: 'DELETE', url: `/api/admin/users/${owner.user.id}` })).statusCode).toBe(403);
    expect(await ownerOf(ws.id)).toBe(owner.user.id);
  });

  it('a deletion racing the best successor leaving leaves one owner who is a member (PostgreSQL: real concurrency)', async () => {
    for (let round = 0; round < 8; round++) {
      const owner = await createUser(t.db, t.config, { name: `Racing owner ${round}` });
      const first = await createUser(t.db, t.config, { name: `Leaving contributor ${round}` });
      const second = await createUser(t.db, t.config, { name: `Staying reviewer ${round}` });
      const ws = await createWorkspace(t.db, owner.user.id, { name: `Race ${round}` });
      await addMember(t.db, ws.id, first.user.id, 'CONTRIBUTOR');
      await addMember(t.db, ws.id, second.user.id, 'REVIEWER');
      const [deleted, left] = await Promise.all([
        deleteUser(owner.user.id),
        t.injectAs(first.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` }),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const newOwner = await ownerOf(ws.id);
      const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, ws.id));
      expect(members.filter((m) => m.role === 'OWNER').map((m) => m.userId)).toEqual([newOwner]);
      if (left.statusCode === 200) {
        // Left first: the reviewer inherits, the leaver is gone.
        expect(newOwner).toBe(second.user.id);
        expect(members.map((m) => m.userId)).not.toContain(first.user.id);
      } else {
        // Inherited first: the leave is refused and says why (409 when the leave had already read
        // the old role, 403 "owner cannot leave" when it came after).
        expect(
          [
            'You could not leave: you are now the owner of this workspace. Reload it to see your role.',
            'The workspace owner cannot leave the workspace. Delete it instead.',
          ],
          left.body,
        ).toContain(left.json().detail);
        expect([403, 409]).toContain(left.statusCode);
        expect(newOwner).toBe(first.user.id);
      }
    }
  });
});

describe('DELETE /admin/users/{id} racing invitees answering the owner (PostgreSQL: real concurrency)', () => {
  it('an accept and a decline racing the deletion of the owner both answer, and the new owner hears of them', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await createUser(t.db, t.config, { name: `Inviting owner ${round}` });
      const heir = await createUser(t.db, t.config, { name: `Heir ${round}` });
      const joiner = await createUser(t.db, t.config, { name: `Joiner ${round}` });
      const decliner = await createUser(t.db, t.config, { name: `Decliner ${round}` });
      const ws = await createWorkspace(t.db, owner.user.id, { name: `Answer race ${round}` });
      await addMember(t.db, ws.id, heir.user.id, 'CONTRIBUTOR');
      const toJoin = await createInvite(t.db, ws.id, joiner.user.email, { role: 'REVIEWER', invitedBy: owner.user.id });
      const toDecline = await createInvite(t.db, ws.id, decliner.user.email, { invitedBy: owner.user.id });
      const [deleted, accepted, declined] = await Promise.all([
        deleteUser(owner.user.id),
        t.injectAs(joiner.token, { method: 'POST', url: `/api/invites/${toJoin.id}/accept` }),
        t.injectAs(decliner.token, { method: 'POST', url: `/api/invites/${toDecline.id}/decline` }),
      ]);
      // Inside the answer's transaction the owner's notice waited on the owner's row while the
      // deletion waited on the workspace: a deadlock answered 500. Now each answer commits alone.
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(declined.statusCode, declined.body).toBe(200);
      const newOwner = await ownerOf(ws.id);
      expect([heir.user.id, joiner.user.id]).toContain(newOwner);
      const rung = await t.db.select().from(notifications).where(eq(notifications.userId, newOwner!));
      const titles = rung.map((n) => n.title);
      // Whoever owns the workspace once an answer commits is told, unless the answer came first
      // and its notice went down with the deleted owner's account.
      for (const title of titles) expect(['Invitation accepted', 'Invitation declined', 'You now own a workspace']).toContain(title);
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).toEqual([]);
    }
  });
});

describe('the NDA gate after a hand-over', () => {
  it('an owner by succession is gated again by a new NDA version; the creator never is', async () => {
    const creator = await createUser(t.db, t.config, { name: 'Creator Cleo' });
    const heir = await createUser(t.db, t.config, { name: 'Heir Hal' });
    const ws = await createWorkspace(t.db, creator.user.id, { name: 'Inherited bid' });
    await addMember(t.db, ws.id, heir.user.id, 'CONTRIBUTOR');
    const creatorsOther = await createWorkspace(t.db, heir.user.id, { name: 'Hal own bid' });
    await addMember(t.db, creatorsOther.id, creator.user.id, 'VIEWER');

    const oldCreator = await createUser(t.db, t.config, { name: 'Leaving creator' });
    // Hal inherits a workspace whose creator leaves the company.
    const inherited = await createWorkspace(t.db, oldCreator.user.id, { name: 'Handed bid' });
    await addMember(t.db, inherited.id, heir.user.id, 'CONTRIBUTOR');
    expect((await deleteUser(oldCreator.user.id)).statusCode).toBe(200);
    expect(await ownerOf(inherited.id)).toBe(heir.user.id);
    const docs = (id: string, token: string) => t.injectAs(token, { method: 'GET', url: `/api/workspaces/${id}/documents` });
    expect((await docs(inherited.id, heir.token)).statusCode).toBe(200);

    // A new NDA version comes into force (this test runs last in the file: it changes the NDA).
    const body = 'Mutual NDA, version 2';
    await t.db.insert(ndaVersions).values({
      title: 'Mutual NDA',
      bodyMarkdown: body,
      version: 2,
      effectiveAt: minutesAgo(1),
      sha256: createHash('sha256').update(body).digest('hex'),
    });

    // The owner by succession must accept it like anyone else: the OWNER role does not lift the gate.
    const gated = await docs(inherited.id, heir.token);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('NDA_REQUIRED');
    const header = (await t.injectAs(heir.token, { method: 'GET', url: `/api/workspaces/${inherited.id}` })).json();
    expect(header).toMatchObject({ user_role: 'OWNER', nda_required: true });
    // ...while a creator is never gated by their own workspace's NDA, and the creator of Hal's own workspace is.
    expect((await docs(creatorsOther.id, heir.token)).statusCode).toBe(200);
    expect((await docs(ws.id, creator.token)).statusCode).toBe(200);
    expect((await docs(creatorsOther.id, creator.token)).json().code).toBe('NDA_REQUIRED');

    // Accepting the new version opens it again.
    const [v2] = await t.db
      .select()
      .from(ndaVersions)
      .where(and(eq(ndaVersions.version, 2)));
    const accept = await t.injectAs(heir.token, {
      method: 'POST',
      url: `/api/workspaces/${inherited.id}/nda/accept?nda_version_id=${v2!.id}`,
    });
    expect(accept.statusCode).toBe(200);
    expect((await docs(inherited.id, heir.token)).statusCode).toBe(200);
  });
});
