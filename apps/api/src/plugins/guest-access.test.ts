import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { addMember, createOpportunity, createUser, createWorkspace, inviteTokenFromMail } from '../../test/factories';
import { routeName, routesFromOpenApi } from '../../test/fuzz/openapi-routes';
import { users } from '../db/schema/index';
import { GUEST_REFUSAL, GUEST_ROUTES } from '../lib/guest-access';

/**
 * Issue 26 item 1: a guest (a teaming partner's account) reaches only its own account, the bell and
 * the workspaces it belongs to. Every other route of the OpenAPI document refuses it, whatever the
 * parameters, and nothing a guest may call reveals the pipeline or opportunity data.
 */
let t: TestApp;
let guest: Awaited<ReturnType<typeof createUser>>;
let internal: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let workspaceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  internal = await createUser(t.db, t.config, { name: 'Ian Internal' });
  guest = await createUser(t.db, t.config, { name: 'Gail Guest', isGuest: true });
  const ws = await createWorkspace(t.db, internal.user.id, { name: 'Shared bid', requireNda: false });
  workspaceId = ws.id;
  await addMember(t.db, ws.id, guest.user.id, 'CONTRIBUTOR');
});
afterAll(async () => {
  await t.close();
});

const openApiRoutes = () => routesFromOpenApi(t.app.swagger() as Parameters<typeof routesFromOpenApi>[0]);
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');
const concrete = (openApiPath: string) => openApiPath.replace(/\{[^}]+\}/g, randomUUID());

describe('guest access', () => {
  it('lists only routes that exist', () => {
    const names = new Set(openApiRoutes().map((r) => `${r.method} ${fastifyPath(r.path)}`));
    expect([...GUEST_ROUTES].filter((r) => !names.has(r))).toEqual([]);
  });

  it('refuses a guest on every other signed-in route, the pipeline and opportunity data among them', async () => {
    const closed = openApiRoutes().filter((r) => !r.public && !GUEST_ROUTES.has(`${r.method} ${fastifyPath(r.path)}`));
    expect(closed.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/opportunities',
        'GET /api/opportunities/{id}',
        'POST /api/opportunities/search',
        'GET /api/opportunities/stats',
        'GET /api/saved-searches',
        'GET /api/settings/notifications',
        'GET /api/pursuits',
        'GET /api/pipeline/owners',
        'POST /api/workspaces',
      ]),
    );
    for (const r of closed) {
      const res = await t.injectAs(guest.token, {
        method: r.method as 'GET',
        url: concrete(r.path),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect({ route: routeName(r), status: res.statusCode, detail: res.json().detail }).toEqual({
        route: routeName(r),
        status: 403,
        detail: r.path.startsWith('/api/admin') ? 'Admin access required' : GUEST_REFUSAL,
      });
    }
  });

  it('keeps the guest’s workspace access as it was', async () => {
    const list = await t.injectAs(guest.token, { method: 'GET', url: '/api/workspaces' });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(workspaceId);
    for (const url of [
      `/api/workspaces/${workspaceId}`,
      `/api/workspaces/${workspaceId}/tasks`,
      `/api/workspaces/${workspaceId}/members`,
      `/api/documents?workspace_id=${workspaceId}`,
    ]) {
      expect((await t.injectAs(guest.token, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    // Correcting the requirements list is workspace work: the matrix, not the guest rule, decides.
    const corrections = await t.injectAs(guest.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/rfp/corrections/export` });
    expect({ status: corrections.statusCode, detail: corrections.json().detail }).toEqual({
      status: 404,
      detail: 'No RFP has been uploaded to this workspace',
    });
    const refresh = await t.injectAs(guest.token, { method: 'GET', url: '/api/auth/refresh-user' });
    expect(refresh.json()).toMatchObject({ id: guest.user.id, is_guest: true });
  });

  it('refuses a guest the personal AI documents, which are made from opportunity data', async () => {
    const list = await t.injectAs(guest.token, { method: 'GET', url: '/api/documents' });
    expect(list.statusCode).toBe(403);
    const opportunityId = await createOpportunity(t.db);
    const generate = await t.injectAs(guest.token, {
      method: 'POST',
      url: '/api/documents/generate',
      payload: { opportunity_id: opportunityId, document_type: 'brief' },
    });
    expect({ status: generate.statusCode, detail: generate.json().detail }).toEqual({ status: 403, detail: GUEST_REFUSAL });
  });

  it('makes an account registered from a workspace invitation a guest; one signed in with an invite code stays internal', async () => {
    const invited = `partner-${randomUUID()}@example.com`;
    const sent = await t.injectAs(internal.token, {
      method: 'POST',
      url: `/api/workspaces/${workspaceId}/invite`,
      payload: { email: invited, role: 'VIEWER' },
    });
    expect(sent.statusCode).toBe(201);
    const res = await t.injectAs(null, {
      method: 'POST',
      url: `/api/join/${inviteTokenFromMail(t.mails, invited)}/register`,
      payload: { name: 'Pat Partner', password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: invited, is_guest: true });
    expect((await t.injectAs(res.json().token, { method: 'GET', url: '/api/opportunities' })).statusCode).toBe(403);
    expect((await t.injectAs(internal.token, { method: 'GET', url: '/api/opportunities' })).statusCode).toBe(200);
  });
});

describe('PUT /admin/users/{id}/guest', () => {
  const put = (token: string | null, id: string, payload: unknown) =>
    t.injectAs(token, { method: 'PUT', url: `/api/admin/users/${id}/guest`, payload: payload as object });

  it('lets an admin make an account a guest and internal again, taking effect on the next request', async () => {
    const partner = await createUser(t.db, t.config);
    const made = await put(admin.token, partner.user.id, { is_guest: true });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: partner.user.id, is_guest: true });
    expect((await t.injectAs(partner.token, { method: 'GET', url: '/api/pursuits' })).statusCode).toBe(403);
    const back = await put(admin.token, partner.user.id, { is_guest: false });
    expect(back.json()).toMatchObject({ is_guest: false });
    expect((await t.injectAs(partner.token, { method: 'GET', url: '/api/pursuits' })).statusCode).toBe(200);
    const listed = (await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/users' })).json() as {
      id: string;
      is_guest: boolean;
    }[];
    expect(listed.find((u) => u.id === guest.user.id)?.is_guest).toBe(true);
  });

  it('answers 401 without a token, 403 to a user and to a guest, 404 for no such user, 400 for bad input', async () => {
    const target = await createUser(t.db, t.config);
    expect((await put(null, target.user.id, { is_guest: true })).statusCode).toBe(401);
    expect((await put(internal.token, target.user.id, { is_guest: true })).json()).toMatchObject({ detail: 'Admin access required' });
    expect((await put(guest.token, target.user.id, { is_guest: true })).statusCode).toBe(403);
    expect((await put(admin.token, randomUUID(), { is_guest: true })).statusCode).toBe(404);
    const bad = await put(admin.token, target.user.id, { is_guest: 'yes' });
    expect({ status: bad.statusCode, detail: bad.json().detail }).toEqual({ status: 400, detail: 'is_guest must be true or false' });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.isGuest).toBe(false);
  });

  it('never makes an admin a guest, nor a guest an admin', async () => {
    const otherAdmin = await createUser(t.db, t.config, { role: 'admin' });
    const res = await put(admin.token, otherAdmin.user.id, { is_guest: true });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
      status: 400,
      detail: 'An admin cannot be a guest. Change the role to user first.',
    });
    const promote = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${guest.user.id}/role?role=admin` });
    expect({ status: promote.statusCode, detail: promote.json().detail }).toEqual({
      status: 400,
      detail: 'A guest cannot be an admin. Make them an internal user first.',
    });
  });
});

describe('migration 0014 backfill', () => {
  it('makes guests of accounts created from a join link, and only those', async () => {
    const backfill = readFileSync(path.join(import.meta.dirname, '../db/migrations/0015_capture_pipeline.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .at(-1)!;
    const joined = `joined-${randomUUID()}@example.com`;
    await t.injectAs(internal.token, {
      method: 'POST',
      url: `/api/workspaces/${workspaceId}/invite`,
      payload: { email: joined, role: 'VIEWER' },
    });
    const reg = await t.injectAs(null, {
      method: 'POST',
      url: `/api/join/${inviteTokenFromMail(t.mails, joined)}/register`,
      payload: { name: 'Jo Joined', password: 'secret1' },
    });
    // An internal account that later accepted an invitation by signing in, long after it was made.
    const veteran = await createUser(t.db, t.config, { email: `veteran-${randomUUID()}@example.com` });
    await t.db.execute(sql`update users set created_at = now() - interval '30 days' where id = ${veteran.user.id}`);
    await t.injectAs(internal.token, {
      method: 'POST',
      url: `/api/workspaces/${workspaceId}/invite`,
      payload: { email: veteran.user.email, role: 'VIEWER' },
    });
    expect(
      (await t.injectAs(veteran.token, { method: 'POST', url: `/api/join/${inviteTokenFromMail(t.mails, veteran.user.email)}/accept` }))
        .statusCode,
    ).toBe(200);
    // As before the migration: nobody is a guest yet.
    await t.db.execute(sql`update users set is_guest = false`);
    await t.db.execute(sql.raw(backfill));
    const guests = (await t.db.select({ id: users.id }).from(users).where(eq(users.isGuest, true))).map((u) => u.id);
    expect(guests).toContain(reg.json().user.id);
    expect(guests).not.toContain(veteran.user.id);
    expect(guests).not.toContain(internal.user.id);
    expect(guests).not.toContain(admin.user.id);
    await t.db.execute(sql`update users set is_guest = true where id = ${guest.user.id}`);
  });
});
