import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ARCHIVED, NDA, OK, cells, describeRoleTable, type Cell, type RoleTableEndpoint } from '../../../test/role-table';
import { seedSolicitation } from '../../../test/rfp-work-plan';
import type { Db } from '../../db/client';
import { activity, requirementCorrections } from '../../db/schema/index';

/**
 * WORKSPACES.md §5 for requirement corrections (issue 23): correcting and undoing need
 * `requirement.correct` (OWNER, CONTRIBUTOR; not on an archived workspace); every member past the
 * NDA gate reads the JSONL export, archived or not. Refusals and reads change nothing.
 */

async function snapshot(db: Db, workspaceId: string) {
  const rows = await db
    .select({
      requirementId: requirementCorrections.requirementId,
      notARequirement: requirementCorrections.notARequirement,
      section: requirementCorrections.section,
      mustOrShould: requirementCorrections.mustOrShould,
    })
    .from(requirementCorrections)
    .where(eq(requirementCorrections.workspaceId, workspaceId))
    .orderBy(asc(requirementCorrections.requirementId));
  const log = await db.select({ action: activity.action }).from(activity).where(eq(activity.workspaceId, workspaceId));
  return { corrections: rows, activity: log.map((l) => l.action).sort() };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
interface Fixture {
  workspaceId: string;
  sid: string;
}
type Endpoint = RoleTableEndpoint<Fixture, Snapshot>;

const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const writes = (ok: Cell) =>
  cells({
    OWNER: ok,
    CONTRIBUTOR: ok,
    REVIEWER: NOT_ALLOWED,
    VIEWER: NOT_ALLOWED,
    NDA_PENDING: NDA,
    ARCHIVED_OWNER: ARCHIVED,
    ARCHIVED_CONTRIBUTOR: ARCHIVED,
  });
const reads = cells({
  OWNER: OK,
  CONTRIBUTOR: OK,
  REVIEWER: OK,
  VIEWER: OK,
  NDA_PENDING: NDA,
  ARCHIVED_OWNER: OK,
  ARCHIVED_CONTRIBUTOR: OK,
});
const correction = (rid: string) => (f: Fixture) =>
  `/api/workspaces/${f.workspaceId}/rfp/solicitations/${f.sid}/requirements/${rid}/correction`;
/** The export's 200: a JSONL file holding the correction every fixture starts with. */
const exportAnswer = (_f: Fixture, res: LightMyRequestResponse) => {
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="v1_v1_corrections\.jsonl"/);
  expect(JSON.parse(res.rawPayload.toString('utf8').trim())).toMatchObject({
    requirement_id: 'M-1',
    section: 'L',
    corrected_from: { section: 'M' },
  });
};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'PUT .../requirements/{rid}/correction',
    method: 'PUT',
    url: correction('L-1'),
    request: () => ({ payload: { not_a_requirement: true } }),
    cells: writes(OK),
    effect: (_f, before, after) => {
      expect(after.corrections).toEqual([
        { requirementId: 'L-1', notARequirement: true, section: null, mustOrShould: null },
        ...before.corrections,
      ]);
      expect(after.activity).toEqual([...before.activity, 'rfp.requirement_corrected'].sort());
    },
  },
  {
    name: 'DELETE .../requirements/{rid}/correction',
    method: 'DELETE',
    url: correction('M-1'),
    cells: writes({ status: 204 }),
    effect: (_f, before, after) => {
      expect(after.corrections).toEqual(before.corrections.filter((c) => c.requirementId !== 'M-1'));
      expect(after.activity).toEqual([...before.activity, 'rfp.requirement_correction_undone'].sort());
    },
  },
  {
    name: 'GET /workspaces/{id}/rfp/corrections/export',
    method: 'GET',
    url: (f) => `/api/workspaces/${f.workspaceId}/rfp/corrections/export`,
    cells: reads,
    answer: exportAnswer,
  },
];

/** A workspace of five members with the small solicitation as version 1 and M-1 already corrected. */
describeRoleTable<Fixture, Snapshot>({
  fixture: async ({ t, users }, _s, workspaceId) => {
    const owner = users.owner!.user.id;
    const sol = await seedSolicitation(t.db, workspaceId, owner);
    await t.db
      .insert(requirementCorrections)
      .values({ workspaceId, solicitationId: sol.id, requirementId: 'M-1', section: 'L', updatedBy: owner });
    return { workspaceId, sid: sol.id };
  },
  snapshot: ({ t }, f) => snapshot(t.db, f.workspaceId),
  endpoints: ENDPOINTS,
});
