import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { workspaceMembers, workspaces } from '../../db/schema/index';

/**
 * One workspace per opportunity (WORKSPACES.md §2), also when people create at once: the unique
 * index decides and the losers are told whom to ask. Runs on both databases like the admin race
 * test; on PostgreSQL (TEST_DATABASE_URL) the inserts really race on separate connections.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('concurrent POST /workspaces for one opportunity', () => {
  it('creates exactly one workspace: one 201, the rest 409 naming its owner', async () => {
    const opportunityId = await createOpportunity(t.db);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(t.db, t.config, { name: `Racer ${i}` })));
    const responses = await Promise.all(
      people.map((p) => t.injectAs(p.token, { method: 'POST', url: '/api/workspaces', payload: { solicitation_id: opportunityId } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);

    const rows = await t.db.select().from(workspaces).where(eq(workspaces.opportunityId, opportunityId));
    expect(rows).toHaveLength(1);
    const winner = people.find((p) => p.user.id === rows[0]!.ownerId)!;
    expect(responses.find((r) => r.statusCode === 201)!.json()).toMatchObject({ id: rows[0]!.id, owner_name: winner.user.name });
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json().detail).toBe(
        `A workspace already exists for this opportunity. Ask its owner, ${winner.user.name}, for an invitation.`,
      );
    }
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, rows[0]!.id));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[winner.user.id, 'OWNER']]);
  });
});
