import { randomUUID } from 'node:crypto';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createGeneratedDocument,
  createNotification,
  createOpportunity,
  createResetToken,
  createUser,
  saveOpportunityFor,
  TEST_PASSWORD,
} from '../../../test/factories';
import {
  activity,
  generatedDocuments,
  inviteCodes,
  notifications,
  passwordResetTokens,
  savedOpportunities,
  users,
} from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { recordActivity } from '../activity/activity.service';
import * as adminUsers from './admin-users.service';
import * as inviteCodesRepository from './invite-codes.repository';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin', email: 'ada@example.com' });
  user = await createUser(t.db, t.config, { name: 'Uma User', email: 'uma@example.com' });
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}
async function countWhere(
  table: typeof savedOpportunities | typeof generatedDocuments | typeof notifications | typeof passwordResetTokens,
  userId: string,
): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return Number(row!.n);
}
async function activityOf(action: string) {
  return t.db.select().from(activity).where(eq(activity.action, action));
}
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Every admin route in this file, for the 401/403 checks. */
const ADMIN_ROUTES = (id: string) =>
  [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'PUT', url: `/api/admin/users/${id}/role?role=admin` },
    { method: 'DELETE', url: `/api/admin/users/${id}` },
    { method: 'POST', url: '/api/admin/create-user', payload: { email: 'x@example.com', name: 'X', password: 'secret1', role: 'admin' } },
    { method: 'POST', url: `/api/admin/users/${id}/reset-password?new_password=secret99` },
  ] as const;

describe('admin user routes: access', () => {
  it('answer 401 without a token and 403 "Admin access required" to a user, changing nothing', async () => {
    const victim = await createUser(t.db, t.config, { name: 'Victim' });
    for (const route of ADMIN_ROUTES(victim.user.id)) {
      const anonymous = await t.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const forbidden = await t.injectAs(user.token, route);
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(forbidden.json().detail).toBe('Admin access required');
    }
    const after = await userRow(victim.user.id);
    expect(after).toMatchObject({ role: 'user', tokenVersion: 0, passwordHash: victim.user.passwordHash });
    expect(await t.db.select().from(users).where(eq(users.email, 'x@example.com'))).toHaveLength(0);
  });
});

describe('GET /admin/users', () => {
  it('lists every user with saved-opportunity and generated-document counts, newest first', async () => {
    const someone = await createUser(t.db, t.config, { name: 'Stat Person' });
    const [o1, o2] = [await createOpportunity(t.db), await createOpportunity(t.db)];
    await saveOpportunityFor(t.db, someone.user.id, o1);
    await saveOpportunityFor(t.db, someone.user.id, o2);
    await createGeneratedDocument(t.db, someone.user.id, { opportunityId: o1 });
    await createGeneratedDocument(t.db, someone.user.id, { documentType: 'rfi' });
    await createGeneratedDocument(t.db, someone.user.id, { documentType: 'rfp' });
    await saveOpportunityFor(t.db, user.user.id, o1);

    const res = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; created_at: string; stats: unknown }[];
    expect(list.find((u) => u.id === someone.user.id)).toEqual({
      id: someone.user.id,
      name: 'Stat Person',
      email: someone.user.email,
      role: 'user',
      is_guest: false,
      created_at: someone.user.createdAt.toISOString(),
      stats: { opportunities: 2, documents_generated: 3 },
    });
    expect(list.find((u) => u.id === user.user.id)?.stats).toEqual({ opportunities: 1, documents_generated: 0 });
    expect(list.find((u) => u.id === admin.user.id)).toMatchObject({ role: 'admin', stats: { opportunities: 0, documents_generated: 0 } });
    const times = list.map((u) => u.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(JSON.stringify(list)).not.toMatch(/password|token_version|scrypt/i);
  });
});

describe('PUT /admin/users/{id}/role', () => {
  it('promotes a user, whose very next request (same token) is an admin request', async () => {
    const promoted = await createUser(t.db, t.config, { name: 'Soon Admin' });
    expect((await t.injectAs(promoted.token, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);

    const res = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${promoted.user.id}/role?role=admin` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: promoted.user.id, role: 'admin' });
    expect((await t.injectAs(promoted.token, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);
    const me = await t.injectAs(promoted.token, { method: 'GET', url: '/api/auth/refresh-user' });
    expect(me.json().role).toBe('admin');

    const back = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${promoted.user.id}/role?role=user` });
    expect(back.statusCode).toBe(200);
    expect(back.json().role).toBe('user');
    const denied = await t.injectAs(promoted.token, { method: 'GET', url: '/api/admin/users' });
    expect(denied.statusCode).toBe(403);

    const records = (await activityOf('admin.user_role_changed')).filter((a) => a.targetId === promoted.user.id);
    expect(records.map((r) => r.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'user', to: 'admin' }),
        expect.objectContaining({ from: 'admin', to: 'user' }),
      ]),
    );
    expect(records.every((r) => r.userId === admin.user.id && r.actorName === 'Ada Admin')).toBe(true);
  });

  it('rejects a bad role with a readable 400 and changes nothing', async () => {
    for (const qs of ['role=superuser', '']) {
      const res = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${user.user.id}/role?${qs}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/user|admin|role|expected/i);
    }
    expect((await userRow(user.user.id))!.role).toBe('user');
  });

  it('refuses an admin changing their own role', async () => {
    const res = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${admin.user.id}/role?role=user` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot change your own role');
    expect((await userRow(admin.user.id))!.role).toBe('admin');
  });

  it('answers 404 "User not found" for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      const res = await t.injectAs(admin.token, { method: 'PUT', url: `/api/admin/users/${id}/role?role=admin` });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('User not found');
    }
  });
});

describe('POST /admin/create-user', () => {
  it('creates a user or an admin who can sign in, without an invite code', async () => {
    const res = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/create-user',
      payload: { email: '  New.Person@Example.com ', name: ' New Person ', password: 'secret1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Person',
      email: 'new.person@example.com',
      role: 'user',
      stats: { opportunities: 0, documents_generated: 0 },
    });
    expect((await login('new.person@example.com', 'secret1')).statusCode).toBe(200);

    const adminRes = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/create-user',
      payload: { email: 'second.admin@example.com', name: 'Second Admin', password: 'secret2', role: 'admin' },
    });
    expect(adminRes.statusCode).toBe(200);
    expect(adminRes.json().role).toBe('admin');
    const token = (await login('second.admin@example.com', 'secret2')).json().token as string;
    expect((await t.injectAs(token, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);

    const records = await activityOf('admin.user_created');
    expect(records.map((r) => r.targetId)).toEqual(expect.arrayContaining([res.json().id, adminRes.json().id]));
  });

  it('answers 409 with a readable detail for an email already registered (any case)', async () => {
    const res = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/create-user',
      payload: { email: 'UMA@example.com', name: 'Copy', password: 'secret1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A user with this email already exists');
    expect((await userRow(user.user.id))!.name).toBe('Uma User');
  });

  it('rejects bad input with the SPEC messages and stores nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: 'bad@example.com', name: 'Bad', password: '12345' }, /Password must be at least 6 characters/],
      [{ email: 'bad@example.com', name: '  ', password: 'secret1' }, /Full name is required/],
      [{ email: 'not-an-email', name: 'Bad', password: 'secret1' }, /valid email/],
      [{ email: 'bad@example.com', name: 'Bad', password: 'secret1', role: 'owner' }, /user|admin|expected/i],
      [{ name: 'Bad', password: 'secret1' }, /Email is required/],
    ];
    for (const [payload, detail] of cases) {
      const res = await t.injectAs(admin.token, { method: 'POST', url: '/api/admin/create-user', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'bad@example.com'))).toHaveLength(0);
  });
});

describe('POST /admin/users/{id}/reset-password', () => {
  it('sets the password, ends old sessions, voids reset links, and the new password signs in', async () => {
    const target = await createUser(t.db, t.config, { email: 'reset.me@example.com' });
    const resetLink = await createResetToken(t.db, target.user.id);
    expect((await t.injectAs(target.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(200);

    const res = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/reset-password?new_password=brand-new-pw`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully' });

    expect((await t.injectAs(target.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
    expect((await login('reset.me@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await login('reset.me@example.com', 'brand-new-pw');
    expect(fresh.statusCode).toBe(200);
    expect((await t.injectAs(fresh.json().token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(200);

    const viaLink = await t.app.inject({ method: 'POST', url: `/api/auth/reset-password?token=${resetLink}&new_password=sneaky-pw` });
    expect(viaLink.statusCode).toBe(400);
    expect((await login('reset.me@example.com', 'brand-new-pw')).statusCode).toBe(200);
    const records = (await activityOf('admin.password_reset')).filter((a) => a.targetId === target.user.id);
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records[0]!.details)).not.toContain('brand-new-pw');
  });

  it('rejects a short or missing password with a readable 400 and changes nothing', async () => {
    const target = await createUser(t.db, t.config);
    for (const qs of ['new_password=12345', '']) {
      const res = await t.injectAs(admin.token, { method: 'POST', url: `/api/admin/users/${target.user.id}/reset-password?${qs}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/Password (must be at least 6 characters|is required)/);
    }
    const row = await userRow(target.user.id);
    expect(row).toMatchObject({ passwordHash: target.user.passwordHash, tokenVersion: 0 });
  });

  it('also takes the new password as a JSON body, kept out of the URL', async () => {
    const target = await createUser(t.db, t.config, { email: 'reset.body@example.com' });
    const url = `/api/admin/users/${target.user.id}/reset-password`;
    const short = await t.injectAs(admin.token, { method: 'POST', url, payload: { new_password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Password must be at least 6 characters');
    expect((await t.injectAs(admin.token, { method: 'POST', url, payload: { new_password: 'body-reset-pw' } })).statusCode).toBe(200);
    expect((await login('reset.body@example.com', 'body-reset-pw')).statusCode).toBe(200);
    expect((await t.injectAs(target.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await t.injectAs(admin.token, { method: 'POST', url: `/api/admin/users/${id}/reset-password?new_password=secret99` });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('User not found');
    }
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('removes the user and everything they own in one go, keeping the audit trail and invite codes', async () => {
    const doomed = await createUser(t.db, t.config, { name: 'Doomed Dan', email: 'dan@example.com' });
    const other = await createUser(t.db, t.config, { name: 'Other' });
    const opp = await createOpportunity(t.db);
    await saveOpportunityFor(t.db, doomed.user.id, opp);
    await saveOpportunityFor(t.db, other.user.id, opp);
    await createGeneratedDocument(t.db, doomed.user.id, { opportunityId: opp });
    await createGeneratedDocument(t.db, doomed.user.id);
    await createGeneratedDocument(t.db, other.user.id);
    await createNotification(t.db, doomed.user.id);
    await createNotification(t.db, doomed.user.id);
    await createNotification(t.db, doomed.user.id);
    await createNotification(t.db, other.user.id);
    await createResetToken(t.db, doomed.user.id);
    await recordActivity(t.db, doomed.user, { action: 'document.generated', documentType: 'brief', solicitationNumber: 'SOL-1' });
    await inviteCodesRepository.insert(t.db, { code: 'DANS-CODE', createdBy: doomed.user.id });

    const res = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${doomed.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      deleted: true,
      removed: { saved_opportunities: 1, generated_documents: 2, notifications: 3 },
      workspaces: { transferred: [], deleted: [] },
    });

    expect(await userRow(doomed.user.id)).toBeUndefined();
    for (const table of [savedOpportunities, generatedDocuments, notifications, passwordResetTokens]) {
      expect(await countWhere(table, doomed.user.id)).toBe(0);
    }
    // Nobody else's rows went with them.
    expect(await countWhere(savedOpportunities, other.user.id)).toBe(1);
    expect(await countWhere(generatedDocuments, other.user.id)).toBe(1);
    expect(await countWhere(notifications, other.user.id)).toBe(1);

    const trail = await t.db.select().from(activity).where(eq(activity.actorEmail, 'dan@example.com'));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ userId: null, actorName: 'Doomed Dan', action: 'document.generated' });
    const [code] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'DANS-CODE'));
    expect(code).toMatchObject({ createdBy: null });

    const [record] = (await activityOf('admin.user_deleted')).filter((a) => a.targetId === doomed.user.id);
    expect(record).toMatchObject({ userId: admin.user.id, details: expect.objectContaining({ email: 'dan@example.com' }) });

    // Their old session ends with them, and the listing no longer shows them.
    expect((await t.injectAs(doomed.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
    const list = (await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/users' })).json() as { id: string }[];
    expect(list.some((u) => u.id === doomed.user.id)).toBe(false);
    // The activity feed still names them.
    const feed = (await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/activity?limit=100' })).json() as {
      user: string;
      solicitation_number: string | null;
    }[];
    expect(feed.find((a) => a.solicitation_number === 'SOL-1')?.user).toBe('Doomed Dan');
  });

  it('refuses an admin deleting their own account', async () => {
    const res = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${admin.user.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot delete your own account');
    expect(await userRow(admin.user.id)).toBeDefined();
  });

  it('answers 404 "User not found" for an unknown or malformed id, deleting nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('User not found');
    }
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deleted by an admin acting on a stale view (the check runs on locked rows)', async () => {
    const local = await buildTestApp();
    try {
      const a = await createUser(local.db, local.config, { role: 'admin', name: 'A' });
      const b = await createUser(local.db, local.config, { role: 'admin', name: 'B' });
      // B demotes A; then B, whose auth check passed before the demotion landed, acts on A.
      const ctxOf = (actor: typeof a.user) => ({ db: local.db, config: local.config, actor, log: local.app.log }) as unknown as AuthedCtx;
      await adminUsers.changeRole(ctxOf(b.user), a.user.id, 'user');
      const [aNow] = await local.db.select().from(users).where(eq(users.id, a.user.id));
      expect(aNow!.role).toBe('user');

      await expect(adminUsers.changeRole(ctxOf(a.user), b.user.id, 'user')).rejects.toMatchObject({
        statusCode: 400,
        detail: 'The last admin cannot be demoted. Make another user an admin first.',
      });
      await expect(adminUsers.deleteUser(ctxOf(a.user), b.user.id)).rejects.toMatchObject({
        statusCode: 400,
        detail: 'The last admin cannot be deleted. Make another user an admin first.',
      });
      // A stale admin may not act on anybody else either.
      const plain = await createUser(local.db, local.config);
      await expect(adminUsers.deleteUser(ctxOf(a.user), plain.user.id)).rejects.toMatchObject({
        statusCode: 403,
        detail: 'Admin access required',
      });
      const admins = await local.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins.map((u) => u.id)).toEqual([b.user.id]);
      expect(await local.db.select().from(users).where(eq(users.id, plain.user.id))).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('survives two admins demoting or deleting each other at the same moment', async () => {
    const local = await buildTestApp();
    try {
      for (const method of ['PUT', 'DELETE'] as const) {
        const a = await createUser(local.db, local.config, { role: 'admin', name: `A ${method}` });
        const b = await createUser(local.db, local.config, { role: 'admin', name: `B ${method}` });
        await local.db
          .update(users)
          .set({ role: 'user' })
          .where(and(eq(users.role, 'admin'), notInArray(users.id, [a.user.id, b.user.id])));
        const url = (id: string) => (method === 'PUT' ? `/api/admin/users/${id}/role?role=user` : `/api/admin/users/${id}`);
        const [ra, rb] = await Promise.all([
          local.injectAs(a.token, { method, url: url(b.user.id) }),
          local.injectAs(b.token, { method, url: url(a.user.id) }),
        ]);
        const codes = [ra.statusCode, rb.statusCode].sort();
        expect(codes[0]).toBe(200);
        // The loser meets the last-admin rule, or (its role or account already gone) 403 or 401.
        expect([400, 401, 403]).toContain(codes[1]);
        const loser = ra.statusCode === 200 ? rb : ra;
        expect(loser.json().detail).toMatch(
          /^(The last admin cannot be (demoted|deleted)\. Make another user an admin first\.|Admin access required|Could not validate credentials)$/,
        );
        const admins = await local.db.select().from(users).where(eq(users.role, 'admin'));
        expect(admins).toHaveLength(1);
      }
    } finally {
      await local.close();
    }
  });
});
