import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type Cell, type RoleTableEndpoint } from '../../../test/role-table';
import { seedSolicitation, workPlanSnapshot } from '../../../test/rfp-work-plan';

/**
 * WORKSPACES.md §5 for the work plan: creating tasks from requirements needs `task.create` (OWNER and
 * CONTRIBUTOR, not on an archived workspace); every member past the NDA gate reads the matrix and
 * its export, archived or not. Refusals and reads leave tasks, activity and bells as they were.
 */

type Snapshot = Awaited<ReturnType<typeof workPlanSnapshot>>;
interface Fixture {
  workspaceId: string;
}
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;
const at = (path: string) => (f: Fixture) => `/api/workspaces/${f.workspaceId}${path}`;
/** A read of the matrix or its export: what a 200 carries. */
const matrixAnswer = (_f: Fixture, res: LightMyRequestResponse) =>
  expect(res.json()).toMatchObject({
    version: 1,
    analysis_id: null,
    rows: expect.arrayContaining([expect.objectContaining({ requirement_id: 'L-1', task: null, draft: null })]),
  });
const exportAnswer = (_f: Fixture, res: LightMyRequestResponse) =>
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+_compliance_matrix\.(csv|xlsx)"/);

const CREATED: Cell = { status: 201 };
const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
const creates = cells({
  OWNER: CREATED,
  CONTRIBUTOR: CREATED,
  REVIEWER: NOT_ALLOWED,
  VIEWER: NOT_ALLOWED,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: ARCHIVED,
  ARCHIVED_CONTRIBUTOR: ARCHIVED,
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/rfp/tasks',
    method: 'POST',
    url: at('/rfp/tasks'),
    request: () => ({ payload: { requirement_ids: ['L-1', 'M-1'] } }),
    cells: creates,
    effect: (_f, before, after, res) => {
      // One statement inserts both: they share created_at, so compare them as a set.
      expect(after.tasks.map((x) => x.requirementIds.join()).sort()).toEqual(
        [...before.tasks.map((x) => x.requirementIds.join()), 'L-1', 'M-1'].sort(),
      );
      expect(res.json()).toMatchObject({ created: 2, skipped: [] });
      expect(after.activity).toEqual([...before.activity, 'task.created', 'task.created'].sort());
    },
  },
  { name: 'GET /workspaces/{id}/rfp/matrix', method: 'GET', url: at('/rfp/matrix'), cells: reads, answer: matrixAnswer },
  {
    name: 'GET /workspaces/{id}/rfp/matrix/export (csv)',
    method: 'GET',
    url: at('/rfp/matrix/export?format=csv'),
    cells: reads,
    answer: exportAnswer,
  },
  {
    name: 'GET /workspaces/{id}/rfp/matrix/export (xlsx)',
    method: 'GET',
    url: at('/rfp/matrix/export?format=xlsx'),
    cells: reads,
    answer: exportAnswer,
  },
];

/** A workspace of five members with the small solicitation as version 1. */
describeRoleTable<Fixture, Snapshot>({
  fixture: async ({ t, users }, _s, workspaceId) => {
    await seedSolicitation(t.db, workspaceId, users.owner!.user.id);
    return { workspaceId };
  },
  snapshot: ({ t }, f) => workPlanSnapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
