import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, createWorkspace, inviteTokenFromMail } from '../../../test/factories';
import { activity, users, workspaceInvites, workspaceMembers } from '../../db/schema/index';

/**
 * WORKSPACES.md §1 and §5: an invite is accepted by one conditional UPDATE, so any number of
 * concurrent accepts make exactly one membership. Like the admin race test, these run on both
 * databases; on PostgreSQL (TEST_DATABASE_URL) the requests really overlap on separate connections.
 */

const N = 20;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
});
afterAll(async () => {
  await t.close();
});

async function inviteFresh(to: string) {
  const ws = await createWorkspace(t.db, owner.user.id, { name: 'Race workspace' });
  const res = await t.injectAs(owner.token, {
    method: 'POST',
    url: `/api/workspaces/${ws.id}/invite`,
    payload: { email: to, role: 'REVIEWER' },
  });
  expect(res.statusCode).toBe(201);
  return { workspaceId: ws.id, inviteId: res.json().id as string, token: inviteTokenFromMail(t.mails, to) };
}

async function expectOneWinner(
  responses: { statusCode: number; json: () => { detail?: string } }[],
  workspaceId: string,
  inviteId: string,
) {
  const statuses = responses.map((r) => r.statusCode).sort();
  expect(statuses).toEqual([200, ...Array<number>(N - 1).fill(409)]);
  for (const loser of responses.filter((r) => r.statusCode === 409)) {
    expect(loser.json().detail).toBe('This invite has already been accepted.');
  }
  const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  expect(members.map((m) => m.role).sort()).toEqual(['OWNER', 'REVIEWER']);
  const [invite] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, inviteId));
  expect(invite!.status).toBe('ACCEPTED');
  const joined = await t.db
    .select()
    .from(activity)
    .where(and(eq(activity.workspaceId, workspaceId), eq(activity.action, 'member.joined')));
  expect(joined).toHaveLength(1);
}

describe('concurrent invite acceptance', () => {
  it(`${N} concurrent POST /join/{token}/accept by the invitee: one 200, the rest 409, one membership`, async () => {
    const invitee = await createUser(t.db, t.config, { email: `race-token-${randomUUID().slice(0, 8)}@example.com` });
    const { workspaceId, inviteId, token } = await inviteFresh(invitee.user.email);
    const responses = await Promise.all(
      Array.from({ length: N }, () => t.injectAs(invitee.token, { method: 'POST', url: `/api/join/${token}/accept` })),
    );
    await expectOneWinner(responses, workspaceId, inviteId);
  });

  it(`${N} concurrent POST /invites/{id}/accept: one winner`, async () => {
    const invitee = await createUser(t.db, t.config, { email: `race-id-${randomUUID().slice(0, 8)}@example.com` });
    const { workspaceId, inviteId } = await inviteFresh(invitee.user.email);
    const responses = await Promise.all(
      Array.from({ length: N }, () => t.injectAs(invitee.token, { method: 'POST', url: `/api/invites/${inviteId}/accept` })),
    );
    await expectOneWinner(responses, workspaceId, inviteId);
  });

  it('accepts by token and by id at the same time: still one winner', async () => {
    const invitee = await createUser(t.db, t.config, { email: `race-mixed-${randomUUID().slice(0, 8)}@example.com` });
    const { workspaceId, inviteId, token } = await inviteFresh(invitee.user.email);
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.injectAs(invitee.token, { method: 'POST', url: i % 2 ? `/api/invites/${inviteId}/accept` : `/api/join/${token}/accept` }),
      ),
    );
    await expectOneWinner(responses, workspaceId, inviteId);
  });

  it('concurrent POST /join/{token}/register: one account, one membership, the rest 409', async () => {
    const to = `race-register-${randomUUID().slice(0, 8)}@example.com`;
    const { workspaceId, inviteId, token } = await inviteFresh(to);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.injectAs(null, { method: 'POST', url: `/api/join/${token}/register`, payload: { name: `Racer ${i}`, password: 'secret1' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, to))).toHaveLength(1);
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
    expect(members).toHaveLength(2);
    const [invite] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, inviteId));
    expect(invite!.status).toBe('ACCEPTED');
  });
});
