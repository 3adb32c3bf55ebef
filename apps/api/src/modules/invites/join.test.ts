import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createInvite, createUser, createWorkspace, inviteTokenFromMail } from '../../../test/factories';
import { users, workspaceInvites, workspaceMembers } from '../../db/schema/index';
import { randomToken } from '../../lib/tokens';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let ws: { id: string; opportunityId: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  ws = await createWorkspace(t.db, owner.user.id, { name: 'Bridge repair bid' });
});
afterAll(async () => {
  await t.close();
});

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
async function invite(to: string, body: Record<string, unknown> = {}) {
  const res = await t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${ws.id}/invite`, payload: { email: to, ...body } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, token: inviteTokenFromMail(t.mails, to) };
}
const register = (token: string, payload: unknown) =>
  t.injectAs(null, { method: 'POST', url: `/api/join/${token}/register`, payload: payload as object });
async function membership(userId: string) {
  const [row] = await t.db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId)));
  return row;
}
const usersWithEmail = (e: string) => t.db.select().from(users).where(eq(users.email, e));

describe('GET /join/{token}', () => {
  it('shows the invite to whoever holds the link, without a token', async () => {
    const to = email('details');
    const { token } = await invite(to, { role: 'REVIEWER', message: 'See you there' });
    const res = await t.injectAs(null, { method: 'GET', url: `/api/join/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'VALID',
      message: 'See you there',
      workspace_id: ws.id,
      workspace_name: 'Bridge repair bid',
      inviter_name: 'Olivia Owner',
      role: 'REVIEWER',
      email: to,
      expires_at: expect.any(String),
      require_nda: true,
      has_account: false,
    });
  });

  it('answers 404 "Invite not found" for an unknown or malformed token', async () => {
    for (const token of [randomToken(), 'short', '%24%24%24']) {
      const res = await t.injectAs(null, { method: 'GET', url: `/api/join/${token}` });
      expect([res.statusCode, res.json().detail]).toEqual([404, 'Invite not found']);
    }
  });
});

describe('POST /join/{token}/accept', () => {
  it('joins the signed-in invitee once with the invited role; the link then shows ACCEPTED', async () => {
    const user = await createUser(t.db, t.config, { email: email('accept') });
    const { id, token } = await invite(user.user.email, { role: 'VIEWER' });
    expect((await t.injectAs(null, { method: 'GET', url: `/api/join/${token}` })).json().has_account).toBe(true);
    const res = await t.injectAs(user.token, { method: 'POST', url: `/api/join/${token}/accept` });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { workspace_id: ws.id, role: 'VIEWER', nda_required: true, message: 'You joined Bridge repair bid' },
    ]);
    expect(await membership(user.user.id)).toMatchObject({ role: 'VIEWER', status: 'ACTIVE', ndaVersionId: null });
    const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
    expect(row).toMatchObject({ status: 'ACCEPTED', acceptedBy: user.user.id });
    const again = await t.injectAs(user.token, { method: 'POST', url: `/api/join/${token}/accept` });
    expect([again.statusCode, again.json().detail]).toEqual([409, 'This invite has already been accepted.']);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/join/${token}` })).json()).toMatchObject({ status: 'ACCEPTED' });
    // The new member sees the workspace, behind the NDA.
    expect((await t.injectAs(user.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json()).toMatchObject({
      user_role: 'VIEWER',
      nda_required: true,
    });
  });

  it('is bound to the invited email: another signed-in user is refused (403) and nothing changes', async () => {
    const to = email('bound');
    const intruder = await createUser(t.db, t.config, { email: email('intruder') });
    const { id, token } = await invite(to);
    const res = await t.injectAs(intruder.token, { method: 'POST', url: `/api/join/${token}/accept` });
    expect([res.statusCode, res.json().detail]).toEqual([
      403,
      `This invite was sent to ${to}. Sign in with that email address to accept it.`,
    ]);
    expect(await membership(intruder.user.id)).toBeUndefined();
    const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
    expect(row!.status).toBe('PENDING');
  });

  it('matches the email case-insensitively (invite BOB@Example.com, account bob@example.com)', async () => {
    const local = `bob-${randomUUID().slice(0, 8)}`;
    const bob = await createUser(t.db, t.config, { email: `${local}@example.com` });
    const { token } = await invite(`${local.toUpperCase()}@Example.com`, { role: 'REVIEWER' });
    const res = await t.injectAs(bob.token, { method: 'POST', url: `/api/join/${token}/accept` });
    expect(res.statusCode).toBe(200);
    expect((await membership(bob.user.id))!.role).toBe('REVIEWER');
  });

  it('needs a login (401) and a known token (404)', async () => {
    const { token } = await invite(email('anon'));
    expect((await t.injectAs(null, { method: 'POST', url: `/api/join/${token}/accept` })).statusCode).toBe(401);
    const unknown = await t.injectAs(owner.token, { method: 'POST', url: `/api/join/${randomToken()}/accept` });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'Invite not found']);
  });
});

describe('POST /join/{token}/register', () => {
  it('creates the account for the invited email without an invite code, joins with the role, and returns a working token', async () => {
    const to = email('newcomer');
    const { id, token } = await invite(to.toUpperCase(), { role: 'REVIEWER' });
    const res = await register(token, { name: '  Nina Newcomer ', password: 'secret1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ workspace_id: ws.id, nda_required: true, user: { email: to, name: 'Nina Newcomer', role: 'user' } });
    const [created] = await usersWithEmail(to);
    expect(created!.id).toBe(body.user.id);
    expect(await membership(created!.id)).toMatchObject({ role: 'REVIEWER' });
    const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
    expect(row).toMatchObject({ status: 'ACCEPTED', acceptedBy: created!.id });

    const me = await t.injectAs(body.token, { method: 'GET', url: '/api/workspaces' });
    expect(me.statusCode).toBe(200);
    expect(me.json().map((w: { id: string; user_role: string }) => [w.id, w.user_role])).toEqual([[ws.id, 'REVIEWER']]);
    const login = await t.injectAs(null, { method: 'POST', url: '/api/auth/login', payload: { email: to, password: 'secret1' } });
    expect(login.statusCode).toBe(200);

    const reused = await register(token, { name: 'Again', password: 'secret1' });
    expect([reused.statusCode, reused.json().detail]).toEqual([409, 'This invite has already been accepted.']);
  });

  it('refuses when the invited email already has an account (409) and creates nothing', async () => {
    const existing = await createUser(t.db, t.config, { email: email('exists') });
    const { id, token } = await invite(existing.user.email);
    const res = await register(token, { name: 'Someone', password: 'secret1' });
    expect([res.statusCode, res.json().detail]).toEqual([409, 'An account with this email already exists. Sign in to accept the invite.']);
    expect(await usersWithEmail(existing.user.email)).toHaveLength(1);
    const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
    expect(row!.status).toBe('PENDING');
    expect(await membership(existing.user.id)).toBeUndefined();
  });

  it('refuses an expired (409) or unknown (404) token', async () => {
    const to = email('expired');
    const expired = await createInvite(t.db, ws.id, to, { expiresAt: new Date(Date.now() - 60_000) });
    const res = await register(expired.token, { name: 'Late', password: 'secret1' });
    expect([res.statusCode, res.json().detail]).toEqual([409, 'This invite has expired. Ask Owner to send a new one.']);
    expect(await usersWithEmail(to)).toEqual([]);
    const unknown = await register(randomToken(), { name: 'Nobody', password: 'secret1' });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'Invite not found']);
  });

  it('validates the name and password', async () => {
    const to = email('invalid');
    const { token } = await invite(to);
    const cases: [unknown, string][] = [
      [{ password: 'secret1' }, 'Name is required'],
      [{ name: '   ', password: 'secret1' }, 'Name is required'],
      [{ name: 'Val' }, 'Password is required'],
      [{ name: 'Val', password: '12345' }, 'Password must be at least 6 characters'],
    ];
    for (const [payload, detail] of cases) {
      const res = await register(token, payload);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    }
    expect(await usersWithEmail(to)).toEqual([]);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/join/${token}` })).json().status).toBe('VALID');
  });
});
