import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createWorkspace } from '../../../test/factories';
import { ARCHIVED, NDA, OK, SCENARIOS, cells, expectCell, expectChange, type Cell, type Scenario, createRoleUsers } from '../../../test/role-table';
import { seedSolicitation, workPlanSnapshot } from '../../../test/rfp-work-plan';

/**
 * WORKSPACES.md §5 for the work plan: creating tasks from requirements needs `task.create` (OWNER and
 * CONTRIBUTOR, not on an archived workspace); every member past the NDA gate reads the matrix and
 * its export, archived or not. Refusals and reads leave tasks, activity and bells as they were.
 */

type Snapshot = Awaited<ReturnType<typeof workPlanSnapshot>>;
interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  payload?: object;
  cells: Record<Scenario, Cell>;
  effect?: (before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
}

const CREATED: Cell = { status: 201 };
const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });
const creates = cells({ OWNER: CREATED, CONTRIBUTOR: CREATED, REVIEWER: NOT_ALLOWED, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/rfp/tasks',
    method: 'POST',
    path: '/rfp/tasks',
    payload: { requirement_ids: ['L-1', 'M-1'] },
    cells: creates,
    effect: (before, after, res) => {
      // One statement inserts both: they share created_at, so compare them as a set.
      expect(after.tasks.map((x) => x.requirementIds.join()).sort()).toEqual([...before.tasks.map((x) => x.requirementIds.join()), 'L-1', 'M-1'].sort());
      expect(res.json()).toMatchObject({ created: 2, skipped: [] });
      expect(after.activity).toEqual([...before.activity, 'task.created', 'task.created'].sort());
    },
  },
  { name: 'GET /workspaces/{id}/rfp/matrix', method: 'GET', path: '/rfp/matrix', cells: reads },
  { name: 'GET /workspaces/{id}/rfp/matrix/export (csv)', method: 'GET', path: '/rfp/matrix/export?format=csv', cells: reads },
  { name: 'GET /workspaces/{id}/rfp/matrix/export (xlsx)', method: 'GET', path: '/rfp/matrix/export?format=xlsx', cells: reads },
];

let t: TestApp;
const users: Record<string, { user: { id: string }; token: string }> = {};

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

/** A workspace of five members with the small solicitation as version 1. */
async function fixture(s: Scenario): Promise<string> {
  const owner = users.owner!.user.id;
  const ws = await createWorkspace(t.db, owner, { archivedAt: s.startsWith('ARCHIVED_') ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  await seedSolicitation(t.db, ws.id, owner);
  return ws.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(users, await createRoleUsers(t));
});
afterAll(async () => {
  await t.close();
});

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const id = await fixture(s);
    const before = await workPlanSnapshot(t.db, id);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: `/api/workspaces/${id}${ep.path}`, ...(ep.payload ? { payload: ep.payload } : {}) });
    expectCell(res, ep.cells[s]);
    expectChange(res, ep.method, before, await workPlanSnapshot(t.db, id), ep.effect && ((b, a) => ep.effect!(b, a, res)));
    if (res.statusCode === 200 && ep.path === '/rfp/matrix') expect(res.json()).toMatchObject({ version: 1, analysis_id: null, rows: expect.arrayContaining([expect.objectContaining({ requirement_id: 'L-1', task: null, draft: null })]) });
    if (res.statusCode === 200 && ep.path.includes('export')) expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+_compliance_matrix\.(csv|xlsx)"/);
  });

  it('answers 404 for an unknown or malformed workspace id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url: `/api/workspaces/${id}${ep.path}`, ...(ep.payload ? { payload: ep.payload } : {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Workspace not found' });
    }
  });
});
