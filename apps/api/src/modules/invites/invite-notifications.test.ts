import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, createWorkspace, inviteTokenFromMail } from '../../../test/factories';
import { notifications, workspaceInvites } from '../../db/schema/index';

/** Issue 21 item 9: the owner hears about answers and departures; the invitee's bell offers only live invitations. */

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
});
afterAll(async () => {
  await t.close();
});

const invite = (workspaceId: string, to: string, role = 'CONTRIBUTOR') =>
  t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${workspaceId}/invite`, payload: { email: to, role } });
const bell = async (token: string) => {
  const res = await t.injectAs(token, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode).toBe(200);
  return res.json() as { title: string; message: string; link: string | null }[];
};
const ownerBell = async (title: string) => (await bell(owner.token)).filter((n) => n.title === title);
const invitee = (name: string) =>
  createUser(t.db, t.config, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 6)}@example.com` });
const offers = async (token: string) => (await bell(token)).filter((n) => n.title === 'Workspace invitation');

describe('the owner hears what invitees and members do', () => {
  it('rings the owner when an invitee accepts from the dashboard, linking to the Team tab', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Harbor dredging bid' });
    const ana = await invitee('Ana Accepts');
    const sent = (await invite(ws.id, ana.user.email)).json();
    expect((await t.injectAs(ana.token, { method: 'POST', url: `/api/invites/${sent.id}/accept` })).statusCode).toBe(200);
    const rung = (await ownerBell('Invitation accepted')).filter((n) => n.message.includes(ana.user.email));
    expect(rung).toEqual([
      expect.objectContaining({
        message: `Ana Accepts (${ana.user.email}) accepted your invitation and joined "Harbor dredging bid" as contributor.`,
        link: `/workspace/${ws.id}?tab=team`,
      }),
    ]);
    // Answered: the invitee's bell no longer offers it.
    expect(await offers(ana.token)).toEqual([]);
  });

  it('rings the owner when an invitee accepts by the mailed link', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Fleet fuel bid' });
    const ben = await invitee('Ben Link');
    await invite(ws.id, ben.user.email, 'REVIEWER');
    const token = inviteTokenFromMail(t.mails, ben.user.email);
    expect((await t.injectAs(ben.token, { method: 'POST', url: `/api/join/${token}/accept` })).statusCode).toBe(200);
    expect(
      (await ownerBell('Invitation accepted')).some(
        (n) => n.message === `Ben Link (${ben.user.email}) accepted your invitation and joined "Fleet fuel bid" as reviewer.`,
      ),
    ).toBe(true);
  });

  it('rings the owner when an invitee declines, and when a member leaves', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Runway repair bid' });
    const dee = await invitee('Dee Declines');
    const sent = (await invite(ws.id, dee.user.email)).json();
    expect((await t.injectAs(dee.token, { method: 'POST', url: `/api/invites/${sent.id}/decline` })).statusCode).toBe(200);
    expect(
      (await ownerBell('Invitation declined')).filter(
        (n) => n.message === `${dee.user.email} declined your invitation to "Runway repair bid".`,
      ),
    ).toHaveLength(1);
    expect(await offers(dee.token)).toEqual([]);

    const lee = await invitee('Lee Leaves');
    const again = (await invite(ws.id, lee.user.email)).json();
    await t.injectAs(lee.token, { method: 'POST', url: `/api/invites/${again.id}/accept` });
    const left = await t.injectAs(lee.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` });
    expect(left.statusCode).toBe(200);
    expect(
      (await ownerBell('Member left')).filter(
        (n) => n.message === `Lee Leaves (${lee.user.email}) left the workspace "Runway repair bid".`,
      ),
    ).toEqual([expect.objectContaining({ link: `/workspace/${ws.id}?tab=team` })]);
  });

  it('rings nobody for a refused leave (the owner cannot leave)', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Owner stays' });
    const before = (await ownerBell('Member left')).length;
    expect((await t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` })).statusCode).toBe(403);
    expect((await ownerBell('Member left')).length).toBe(before);
  });
});

describe("the invitee's bell offers only invitations that can still be accepted", () => {
  it('drops the offer when the workspace is deleted (the notification goes with it)', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Deleted soon' });
    const ivy = await invitee('Ivy Invitee');
    await invite(ws.id, ivy.user.email);
    expect((await offers(ivy.token)).map((n) => n.message)).toEqual([`Olivia Owner invited you to join "Deleted soon" as contributor.`]);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws.id}` })).statusCode).toBe(200);
    expect(await offers(ivy.token)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ivy.user.id))).toEqual([]);
  });

  it('drops the offer when revoked or expired, and offers only the latest after a re-invite', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Changing minds' });
    const rex = await invitee('Rex Revoked');
    const first = (await invite(ws.id, rex.user.email)).json();
    expect(await offers(rex.token)).toHaveLength(1);
    const second = (await invite(ws.id, rex.user.email, 'VIEWER')).json();
    expect((await offers(rex.token)).map((n) => n.message)).toEqual([`Olivia Owner invited you to join "Changing minds" as viewer.`]);
    expect(first.id).not.toBe(second.id);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/invites/${second.id}` })).statusCode).toBe(200);
    expect(await offers(rex.token)).toEqual([]);

    const eve = await invitee('Eve Expired');
    const sent = (await invite(ws.id, eve.user.email)).json();
    await t.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, sent.id));
    expect(await offers(eve.token)).toEqual([]);
  });
});

describe('re-inviting an address says the earlier link was revoked', () => {
  it('answers replaced_previous false for a first invitation and true when a pending one was replaced', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { name: 'Second thoughts' });
    const to = `new.person.${randomUUID().slice(0, 6)}@example.com`;
    const first = await invite(ws.id, to);
    expect([first.statusCode, first.json().replaced_previous]).toEqual([201, false]);
    const second = await invite(ws.id, to, 'REVIEWER');
    expect([second.statusCode, second.json().replaced_previous]).toEqual([201, true]);
    // Once that one is revoked, inviting again replaces nothing.
    await t.injectAs(owner.token, { method: 'DELETE', url: `/api/invites/${second.json().id}` });
    expect((await invite(ws.id, to)).json().replaced_previous).toBe(false);
  });
});
