import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createInvite, createOpportunity, createUser, createWorkspace, workspaceSnapshot } from '../../../test/factories';
import { activity, ndaAcceptances, workspaceInvites, workspaceMembers, workspaces } from '../../db/schema/index';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  other = await createUser(t.db, t.config, { name: 'Oscar Other' });
});
afterAll(async () => {
  await t.close();
});

const create = (token: string | null, payload: Record<string, unknown>) =>
  t.injectAs(token, { method: 'POST', url: '/api/workspaces', payload });
const workspacesFor = (opportunityId: string) => t.db.select().from(workspaces).where(eq(workspaces.opportunityId, opportunityId));

describe('POST /workspaces', () => {
  it('names the workspace after the solicitation number and the title cut to 50 characters, with the creator as OWNER', async () => {
    const title = 'Base operations support services for the northern region installations';
    const opp = await createOpportunity(t.db, { title, solicitationNumber: 'W912-25-R-0001' });
    const res = await create(owner.token, { solicitation_id: opp });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: `W912-25-R-0001 - ${title.slice(0, 50)}...`,
      user_role: 'OWNER',
      member_count: 1,
      archived: false,
      owner_name: 'Olivia Owner',
      require_nda: true,
      nda_required: false,
      opportunity: { id: opp, title, solicitation_number: 'W912-25-R-0001' },
    });
    expect(body.name).toBe('W912-25-R-0001 - Base operations support services for the northern ...');
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, body.id));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[owner.user.id, 'OWNER']]);
  });

  it('keeps a short title whole and takes a custom name', async () => {
    const short = await createOpportunity(t.db, { title: 'Janitorial services', solicitationNumber: 'SOL-SHORT' });
    expect((await create(owner.token, { solicitation_id: short })).json().name).toBe('SOL-SHORT - Janitorial services');
    const custom = await createOpportunity(t.db);
    const res = await create(owner.token, { solicitation_id: custom, name: '  Capture team  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Capture team');
  });

  it('refuses a second workspace for the same opportunity with 409 naming the owner, and stores nothing', async () => {
    const opp = await createOpportunity(t.db);
    expect((await create(owner.token, { solicitation_id: opp })).statusCode).toBe(201);
    const res = await create(other.token, { solicitation_id: opp, name: 'Mine' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A workspace already exists for this opportunity. Ask its owner, Olivia Owner, for an invitation.');
    const rows = await workspacesFor(opp);
    expect(rows.map((r) => r.ownerId)).toEqual([owner.user.id]);
  });

  it('answers 404 for an unknown opportunity and 400 with a readable detail for a bad body', async () => {
    const unknown = await create(owner.token, { solicitation_id: randomUUID() });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'Opportunity not found']);
    const bad = await create(owner.token, { solicitation_id: 'nope' });
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'solicitation_id must be a valid opportunity id']);
    const long = await create(owner.token, { solicitation_id: await createOpportunity(t.db), name: 'x'.repeat(201) });
    expect([long.statusCode, long.json().detail]).toEqual([400, 'Workspace name is too long (200 characters at most)']);
    expect((await create(null, { solicitation_id: await createOpportunity(t.db) })).statusCode).toBe(401);
  });
});

describe('GET /workspaces', () => {
  it("lists the caller's workspaces only, archived ones only with include_archived=true", async () => {
    const me = await createUser(t.db, t.config, { name: 'Lister' });
    const live = await createWorkspace(t.db, me.user.id, { name: 'Live' });
    const archived = await createWorkspace(t.db, me.user.id, { name: 'Old', archivedAt: new Date() });
    const joined = await createWorkspace(t.db, other.user.id, { name: 'Joined' });
    await addMember(t.db, joined.id, me.user.id, 'REVIEWER', { ndaAccepted: false });
    await createWorkspace(t.db, other.user.id, { name: 'Not mine' });

    const res = await t.injectAs(me.token, { method: 'GET', url: '/api/workspaces' });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().map((w: { id: string }) => [w.id, w]));
    expect(Object.keys(byId).sort()).toEqual([live.id, joined.id].sort());
    expect(byId[joined.id]).toMatchObject({ name: 'Joined', user_role: 'REVIEWER', nda_required: true, member_count: 2 });
    expect(byId[live.id]).toMatchObject({ user_role: 'OWNER', nda_required: false });

    const all = await t.injectAs(me.token, { method: 'GET', url: '/api/workspaces?include_archived=true' });
    expect(
      all
        .json()
        .map((w: { id: string }) => w.id)
        .sort(),
    ).toEqual([live.id, archived.id, joined.id].sort());
    expect(all.json().find((w: { id: string }) => w.id === archived.id)).toMatchObject({ archived: true });

    expect((await t.injectAs(me.token, { method: 'GET', url: '/api/workspaces?include_archived=maybe' })).statusCode).toBe(400);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/workspaces' })).statusCode).toBe(401);
  });
});

describe('admins', () => {
  it('get no implicit access to a workspace they are not in', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const ws = await createWorkspace(t.db, owner.user.id);
    const before = await workspaceSnapshot(t.db, ws.id);
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/members'],
      ['DELETE', ''],
    ] as const) {
      const res = await t.injectAs(admin.token, { method, url: `/api/workspaces/${ws.id}${url}` });
      expect([res.statusCode, res.json().detail]).toEqual([403, 'Access denied to this workspace']);
    }
    expect(await workspaceSnapshot(t.db, ws.id)).toEqual(before);
  });
});

describe('GET /opportunities/{id}/workspace', () => {
  it('tells a member, a non-member (with the owner to ask) and an opportunity without a workspace apart', async () => {
    const ws = await createWorkspace(t.db, owner.user.id);
    const member = await t.injectAs(owner.token, { method: 'GET', url: `/api/opportunities/${ws.opportunityId}/workspace` });
    expect([member.statusCode, member.json()]).toEqual([200, { workspace_id: ws.id, is_member: true, owner_name: 'Olivia Owner' }]);
    const outsider = await t.injectAs(other.token, { method: 'GET', url: `/api/opportunities/${ws.opportunityId}/workspace` });
    expect(outsider.json()).toEqual({ workspace_id: ws.id, is_member: false, owner_name: 'Olivia Owner' });
    const none = await t.injectAs(other.token, { method: 'GET', url: `/api/opportunities/${await createOpportunity(t.db)}/workspace` });
    expect(none.json()).toEqual({ workspace_id: null, is_member: false, owner_name: null });
    const unknown = await t.injectAs(other.token, { method: 'GET', url: `/api/opportunities/${randomUUID()}/workspace` });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'Opportunity not found']);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/opportunities/${ws.opportunityId}/workspace` })).statusCode).toBe(401);
  });
});

describe('DELETE /workspaces/{id}', () => {
  it('removes the members, invites and workspace activity with it; NDA evidence stays; the opportunity is free again', async () => {
    const member = await createUser(t.db, t.config, { name: 'Member' });
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Doomed' });
    await addMember(t.db, ws.id, member.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
    const nda = (await t.injectAs(null, { method: 'GET', url: '/api/nda/current' })).json();
    expect(
      (await t.injectAs(member.token, { method: 'POST', url: `/api/workspaces/${ws.id}/nda/accept?nda_version_id=${nda.id}` })).statusCode,
    ).toBe(200);
    await createInvite(t.db, ws.id, 'pending@example.com');
    expect(
      (await t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${ws.id}/invite`, payload: { email: 'mailed@example.com' } }))
        .statusCode,
    ).toBe(201);
    const before = await workspaceSnapshot(t.db, ws.id);
    expect([before.members.length, before.invites.length, before.activityCount]).toEqual([2, 2, 2]);

    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}` });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true, message: 'Workspace deleted' }]);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id))).toEqual([]);
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, ws.id))).toEqual([]);
    expect(await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.workspaceId, ws.id))).toEqual([]);
    expect(await t.db.select().from(activity).where(eq(activity.workspaceId, ws.id))).toEqual([]);
    const evidence = await t.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.userId, member.user.id));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ workspaceId: null, workspaceName: 'Doomed' });
    expect((await t.injectAs(member.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).statusCode).toBe(404);
    expect((await create(other.token, { solicitation_id: ws.opportunityId })).statusCode).toBe(201);
  });
});

describe('PATCH /workspaces/{id}/settings', () => {
  it('turns the NDA requirement off (ungating a pending member) and on again (gating them)', async () => {
    const pending = await createUser(t.db, t.config);
    const ws = await createWorkspace(t.db, owner.user.id);
    await addMember(t.db, ws.id, pending.user.id, 'VIEWER', { ndaAccepted: false });
    const members = () => t.injectAs(pending.token, { method: 'GET', url: `/api/workspaces/${ws.id}/members` });
    const patch = (require_nda: unknown) =>
      t.injectAs(owner.token, { method: 'PATCH', url: `/api/workspaces/${ws.id}/settings`, payload: { require_nda } });

    expect((await members()).json().code).toBe('NDA_REQUIRED');
    const off = await patch(false);
    expect([off.statusCode, off.json()]).toEqual([200, { require_nda: false }]);
    expect((await members()).statusCode).toBe(200);
    expect((await t.injectAs(pending.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json()).toMatchObject({
      require_nda: false,
      nda_required: false,
    });
    expect((await t.injectAs(pending.token, { method: 'GET', url: `/api/workspaces/${ws.id}/settings` })).json()).toEqual({
      require_nda: false,
    });

    expect((await patch(true)).json()).toEqual({ require_nda: true });
    expect((await members()).json().code).toBe('NDA_REQUIRED');
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect(row!.requireNda).toBe(true);
    const log = await t.db.select().from(activity).where(eq(activity.workspaceId, ws.id));
    expect(log.filter((a) => a.action === 'workspace.settings_changed')).toHaveLength(2);

    const bad = await patch('yes');
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'require_nda must be true or false']);
  });
});

describe('GET /workspaces/{id}/activity', () => {
  it('pages newest first with `before`, without duplicates or gaps, while new rows arrive', async () => {
    const ws = await createWorkspace(t.db, owner.user.id);
    const base = Date.now() - 3_600_000;
    // 23 rows; every third pair shares a timestamp so the id breaks the tie.
    await t.db.insert(activity).values(
      Array.from({ length: 23 }, (_, i) => ({
        action: 'test.event',
        actorName: 'Olivia Owner',
        workspaceId: ws.id,
        details: { i },
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const rows = await t.db.select().from(activity).where(eq(activity.workspaceId, ws.id));
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await t.injectAs(owner.token, {
        method: 'GET',
        url: `/api/workspaces/${ws.id}/activity?limit=5${before ? `&before=${before}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; action: string }[]; next_before: string | null };
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((i) => i.id));
      before = page.next_before;
      pages += 1;
      // A newer row arriving mid-paging must not shift the older pages.
      await t.db.insert(activity).values({ action: 'test.late', workspaceId: ws.id, createdAt: new Date() });
    } while (before && pages < 10);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);

    const other = await createWorkspace(t.db, owner.user.id);
    const foreign = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${other.id}/activity?before=${expected[0]}` });
    expect(foreign.json()).toEqual({ items: [], next_before: null });
    const bad = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/activity?limit=0` });
    expect(bad.statusCode).toBe(400);
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/activity?before=abc` })).json().detail).toBe(
      'before must be an activity id',
    );
  });
});
