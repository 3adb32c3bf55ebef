import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace, inviteTokenFromMail, workspaceSnapshot } from '../../../test/factories';
import { notifications, workspaceInvites, workspaceMembers } from '../../db/schema/index';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let ws: { id: string; opportunityId: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  ws = await createWorkspace(t.db, owner.user.id, { name: 'Harbor dredging bid' });
});
afterAll(async () => {
  await t.close();
});

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const post = (payload: unknown, workspaceId = ws.id, token = owner.token) =>
  t.injectAs(token, { method: 'POST', url: `/api/workspaces/${workspaceId}/invite`, payload: payload as object });

/** Invites through the API and returns the invite id and the token from the mail. */
async function invite(to: string, body: Record<string, unknown> = {}, workspaceId = ws.id) {
  const res = await post({ email: to, ...body }, workspaceId);
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as string, token: inviteTokenFromMail(t.mails, to), body: res.json() };
}
const join = (token: string) => t.injectAs(null, { method: 'GET', url: `/api/join/${token}` });
const acceptByToken = (token: string, as: string) => t.injectAs(as, { method: 'POST', url: `/api/join/${token}/accept` });
const pending = (as: string) => t.injectAs(as, { method: 'GET', url: '/api/invites/pending' });
async function inviteRow(id: string) {
  const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
  return row!;
}
async function memberRole(workspaceId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role;
}

describe('POST /workspaces/{id}/invite', () => {
  it('validates the body (SPEC §5) and stores nothing when refused', async () => {
    const before = await workspaceSnapshot(t.db, ws.id);
    const mailsBefore = t.mails.length;
    const cases: [unknown, string][] = [
      [{}, 'Email is required'],
      [{ email: '   ' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'x@example.com', role: 'OWNER' }, 'Role must be CONTRIBUTOR, REVIEWER or VIEWER'],
      [{ email: 'x@example.com', message: 'm'.repeat(2001) }, 'Message is too long (2000 characters at most)'],
    ];
    for (const [body, detail] of cases) {
      const res = await post(body);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    }
    expect(await workspaceSnapshot(t.db, ws.id)).toEqual(before);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('defaults the role to CONTRIBUTOR, takes no message, and lists the invite for the owner', async () => {
    const to = email('dflt');
    const { id, body } = await invite(to);
    expect(body).toMatchObject({ id, email: to, role: 'CONTRIBUTOR', status: 'PENDING', inviter_name: 'Olivia Owner' });
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await inviteRow(id)).message).toBeNull();
    const list = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/invites` });
    expect(list.json()).toContainEqual(expect.objectContaining({ id, email: to, role: 'CONTRIBUTOR', status: 'PENDING' }));
  });

  it('mails the workspace, inviter, role, message and the PUBLIC_URL/join/<token> link; only the SHA-256 is stored', async () => {
    const to = email('mail');
    const { id, token } = await invite(to.toUpperCase(), { role: 'REVIEWER', message: 'Please review section L' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe('Olivia Owner invited you to "Harbor dredging bid" on BidDesk');
    expect(mail.text).toContain('Olivia Owner invited you to join the BidDesk workspace "Harbor dredging bid" as Reviewer.');
    expect(mail.text).toContain('"Please review section L"');
    expect(mail.text).toContain(`http://biddesk.test/join/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await inviteRow(id);
    expect(row).toMatchObject({ email: to, role: 'REVIEWER', message: 'Please review section L', status: 'PENDING' });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('escapes the message in the HTML mail and mentions the NDA only when the workspace requires it', async () => {
    const to = email('html');
    await invite(to, { message: '<img src=x onerror=alert(1)>' });
    const mail = t.mails.at(-1)!;
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('You will be asked to accept a mutual non-disclosure agreement');
    const open = await createWorkspace(t.db, owner.user.id, { requireNda: false });
    const to2 = email('open');
    await invite(to2, {}, open.id);
    expect(t.mails.at(-1)!.text).not.toContain('non-disclosure');
  });

  it('withdraws the invitation and answers 502 when the mail cannot be sent', async () => {
    const to = email('unmailable');
    const push = t.mails.push;
    t.mails.push = () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await post({ email: to });
      expect([res.statusCode, res.json().detail]).toEqual([502, 'The invitation email could not be sent. Please try again.']);
    } finally {
      t.mails.push = push;
    }
    const rows = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.email, to));
    expect(rows.map((r) => r.status)).toEqual(['REVOKED']);
    const list = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/invites` })).json();
    expect(list.find((i: { email: string }) => i.email === to).status).toBe('REVOKED');
  });

  it('refuses to invite an existing member with 409 and stores and mails nothing', async () => {
    const member = await createUser(t.db, t.config, { email: email('member') });
    await addMember(t.db, ws.id, member.user.id, 'VIEWER');
    const before = await workspaceSnapshot(t.db, ws.id);
    const mailsBefore = t.mails.length;
    const res = await post({ email: member.user.email.toUpperCase() });
    expect([res.statusCode, res.json().detail]).toEqual([409, `${member.user.email} is already a member of this workspace`]);
    expect(await workspaceSnapshot(t.db, ws.id)).toEqual(before);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('rings the bell of an existing user, and of nobody for a new email', async () => {
    const known = await createUser(t.db, t.config, { email: email('known') });
    await invite(known.user.email, { role: 'VIEWER' });
    const bell = await t.injectAs(known.token, { method: 'GET', url: '/api/notifications' });
    expect(bell.json()).toEqual([
      expect.objectContaining({
        title: 'Workspace invitation',
        message: 'Olivia Owner invited you to join "Harbor dredging bid" as viewer.',
        type: 'workspace_invite',
        link: '/',
      }),
    ]);
    const countBefore = (await t.db.select().from(notifications)).length;
    await invite(email('stranger'));
    expect((await t.db.select().from(notifications)).length).toBe(countBefore);
  });

  it('rotates the link when the same pending email is invited again', async () => {
    const user = await createUser(t.db, t.config, { email: email('rotate') });
    const first = await invite(user.user.email, { role: 'VIEWER' });
    const second = await invite(user.user.email, { role: 'REVIEWER' });
    expect(second.token).not.toBe(first.token);
    const old = await join(first.token);
    expect(old.json()).toMatchObject({
      status: 'REVOKED',
      message: 'This invite was replaced by a newer one. Use the link in the latest invitation email.',
    });
    const refused = await acceptByToken(first.token, user.token);
    expect([refused.statusCode, refused.json().detail]).toEqual([
      409,
      'This invite was replaced by a newer one. Use the link in the latest invitation email.',
    ]);
    expect(await memberRole(ws.id, user.user.id)).toBeUndefined();
    expect((await pending(user.token)).json().map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect((await acceptByToken(second.token, user.token)).statusCode).toBe(200);
    expect(await memberRole(ws.id, user.user.id)).toBe('REVIEWER');
  });
});

describe('expiry, revocation and declining', () => {
  it('treats an invite past expires_at as EXPIRED: shown, not accepted, not pending', async () => {
    const user = await createUser(t.db, t.config, { email: email('late') });
    const { id, token } = await invite(user.user.email);
    await t.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, id));
    expect((await join(token)).json()).toMatchObject({
      status: 'EXPIRED',
      message: 'This invite has expired. Ask Olivia Owner to send a new one.',
    });
    expect((await acceptByToken(token, user.token)).statusCode).toBe(409);
    expect((await t.injectAs(user.token, { method: 'POST', url: `/api/invites/${id}/accept` })).statusCode).toBe(409);
    expect((await pending(user.token)).json()).toEqual([]);
    const list = (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/invites` })).json();
    expect(list.find((i: { id: string }) => i.id === id).status).toBe('EXPIRED');
    expect(await memberRole(ws.id, user.user.id)).toBeUndefined();
  });

  it('lets the owner revoke (DELETE /invites/{id}): the link is dead; a member who is not the owner is refused', async () => {
    const user = await createUser(t.db, t.config, { email: email('revoked') });
    const contributor = await createUser(t.db, t.config);
    await addMember(t.db, ws.id, contributor.user.id, 'CONTRIBUTOR');
    const { id, token } = await invite(user.user.email);
    const refused = await t.injectAs(contributor.token, { method: 'DELETE', url: `/api/invites/${id}` });
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'Only the workspace owner can manage invitations']);
    expect((await inviteRow(id)).status).toBe('PENDING');
    const res = await t.injectAs(owner.token, { method: 'DELETE', url: `/api/invites/${id}` });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Invitation revoked' }]);
    expect(await inviteRow(id)).toMatchObject({ status: 'REVOKED', revokedReason: 'revoked' });
    expect((await join(token)).json()).toMatchObject({ status: 'REVOKED', message: 'This invite has been revoked.' });
    expect((await acceptByToken(token, user.token)).statusCode).toBe(409);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/invites/${id}` })).statusCode).toBe(409);
    expect(await memberRole(ws.id, user.user.id)).toBeUndefined();
  });

  it('lets the invitee decline by POST /decline or DELETE: the link is dead and the pending list empty', async () => {
    for (const how of ['POST', 'DELETE'] as const) {
      const user = await createUser(t.db, t.config, { email: email(`decline-${how}`) });
      const { id, token } = await invite(user.user.email);
      expect((await pending(user.token)).json()).toHaveLength(1);
      const res = await t.injectAs(
        user.token,
        how === 'POST' ? { method: 'POST', url: `/api/invites/${id}/decline` } : { method: 'DELETE', url: `/api/invites/${id}` },
      );
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'Invitation declined' }]);
      expect(await inviteRow(id)).toMatchObject({ status: 'REVOKED', revokedReason: 'declined' });
      expect((await pending(user.token)).json()).toEqual([]);
      expect((await join(token)).json()).toMatchObject({ status: 'REVOKED', message: 'This invite was declined.' });
      expect((await acceptByToken(token, user.token)).statusCode).toBe(409);
    }
  });

  it("does not let anyone else decline or accept someone else's invite by id (404)", async () => {
    const invitee = await createUser(t.db, t.config, { email: email('target') });
    const snoop = await createUser(t.db, t.config, { email: email('snoop') });
    const { id } = await invite(invitee.user.email);
    for (const action of ['accept', 'decline']) {
      const res = await t.injectAs(snoop.token, { method: 'POST', url: `/api/invites/${id}/${action}` });
      expect([res.statusCode, res.json().detail]).toEqual([404, 'Invite not found']);
    }
    expect((await t.injectAs(snoop.token, { method: 'DELETE', url: `/api/invites/${id}` })).json().detail).toBe(
      'Access denied to this workspace',
    );
    expect((await inviteRow(id)).status).toBe('PENDING');
    expect(await memberRole(ws.id, snoop.user.id)).toBeUndefined();
  });
});

describe('GET /invites/pending and POST /invites/{id}/accept', () => {
  it("shows only the caller's live invites and accepts by id, case-insensitively on the email", async () => {
    const local = `bob-${randomUUID().slice(0, 8)}`;
    const bob = await createUser(t.db, t.config, { name: 'Bob', email: `${local}@example.com` });
    const other = await createWorkspace(t.db, owner.user.id, { name: 'Second bid' });
    const mine = await invite(`${local.toUpperCase()}@Example.com`, { role: 'VIEWER', message: 'Welcome aboard' }, other.id);
    await invite(email('someone-else'), {}, other.id);
    const list = (await pending(bob.token)).json();
    expect(list).toEqual([
      {
        id: mine.id,
        workspace_id: other.id,
        workspace_name: 'Second bid',
        inviter_name: 'Olivia Owner',
        role: 'VIEWER',
        message: 'Welcome aboard',
        expires_at: mine.body.expires_at,
        require_nda: true,
        token: null,
      },
    ]);
    const res = await t.injectAs(bob.token, { method: 'POST', url: `/api/invites/${mine.id}/accept` });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { workspace_id: other.id, role: 'VIEWER', nda_required: true, message: 'You joined Second bid' },
    ]);
    expect(await memberRole(other.id, bob.user.id)).toBe('VIEWER');
    expect(await inviteRow(mine.id)).toMatchObject({ status: 'ACCEPTED', acceptedBy: bob.user.id });
    expect((await pending(bob.token)).json()).toEqual([]);
    const again = await t.injectAs(bob.token, { method: 'POST', url: `/api/invites/${mine.id}/accept` });
    expect([again.statusCode, again.json().detail]).toEqual([409, 'This invite has already been accepted.']);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/invites/pending' })).statusCode).toBe(401);
  });

  it('refuses to join an archived workspace (409) and leaves the invite pending', async () => {
    const user = await createUser(t.db, t.config, { email: email('archived') });
    const target = await createWorkspace(t.db, owner.user.id);
    const { id, token } = await invite(user.user.email, {}, target.id);
    await t.injectAs(owner.token, { method: 'PATCH', url: `/api/workspaces/${target.id}/archive?archive=true` });
    for (const res of [
      await acceptByToken(token, user.token),
      await t.injectAs(user.token, { method: 'POST', url: `/api/invites/${id}/accept` }),
    ]) {
      expect([res.statusCode, res.json().detail]).toEqual([409, 'This workspace is archived']);
    }
    expect((await inviteRow(id)).status).toBe('PENDING');
    expect(await memberRole(target.id, user.user.id)).toBeUndefined();
  });
});
