import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createWorkspace } from '../../../test/factories';
import { ARCHIVED, NDA, OK, SCENARIOS, cells, createRoleUsers, expectCell, expectChange, type Cell, type Scenario } from '../../../test/role-table';
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
    .select({ requirementId: requirementCorrections.requirementId, notARequirement: requirementCorrections.notARequirement, section: requirementCorrections.section, mustOrShould: requirementCorrections.mustOrShould })
    .from(requirementCorrections)
    .where(eq(requirementCorrections.workspaceId, workspaceId))
    .orderBy(asc(requirementCorrections.requirementId));
  const log = await db.select({ action: activity.action }).from(activity).where(eq(activity.workspaceId, workspaceId));
  return { corrections: rows, activity: log.map((l) => l.action).sort() };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'DELETE';
  path: (sid: string) => string;
  payload?: object;
  cells: Record<Scenario, Cell>;
  effect?: (before: Snapshot, after: Snapshot) => void;
}

const NOT_ALLOWED: Cell = { status: 403, detail: "You don't have permission to do that in this workspace" };
const writes = (ok: Cell) => cells({ OWNER: ok, CONTRIBUTOR: ok, REVIEWER: NOT_ALLOWED, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });
const reads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });
const correction = (sid: string, rid: string) => `/rfp/solicitations/${sid}/requirements/${rid}/correction`;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'PUT .../requirements/{rid}/correction',
    method: 'PUT',
    path: (sid) => correction(sid, 'L-1'),
    payload: { not_a_requirement: true },
    cells: writes(OK),
    effect: (before, after) => {
      expect(after.corrections).toEqual([{ requirementId: 'L-1', notARequirement: true, section: null, mustOrShould: null }, ...before.corrections]);
      expect(after.activity).toEqual([...before.activity, 'rfp.requirement_corrected'].sort());
    },
  },
  {
    name: 'DELETE .../requirements/{rid}/correction',
    method: 'DELETE',
    path: (sid) => correction(sid, 'M-1'),
    cells: writes({ status: 204 }),
    effect: (before, after) => {
      expect(after.corrections).toEqual(before.corrections.filter((c) => c.requirementId !== 'M-1'));
      expect(after.activity).toEqual([...before.activity, 'rfp.requirement_correction_undone'].sort());
    },
  },
  { name: 'GET /workspaces/{id}/rfp/corrections/export', method: 'GET', path: () => '/rfp/corrections/export', cells: reads },
];

let t: TestApp;
const users: Record<string, { user: { id: string }; token: string }> = {};

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

/** A workspace of five members with the small solicitation as version 1 and M-1 already corrected. */
async function fixture(s: Scenario): Promise<{ id: string; sid: string }> {
  const owner = users.owner!.user.id;
  const ws = await createWorkspace(t.db, owner, { archivedAt: s.startsWith('ARCHIVED_') ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  const sol = await seedSolicitation(t.db, ws.id, owner);
  await t.db.insert(requirementCorrections).values({ workspaceId: ws.id, solicitationId: sol.id, requirementId: 'M-1', section: 'L', updatedBy: owner });
  return { id: ws.id, sid: sol.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(users, await createRoleUsers(t));
});
afterAll(async () => {
  await t.close();
});

const call = (token: string | null, ep: Endpoint, wsId: string, sid: string): Promise<LightMyRequestResponse> =>
  t.injectAs(token, { method: ep.method, url: `/api/workspaces/${wsId}${ep.path(sid)}`, ...(ep.payload ? { payload: ep.payload } : {}) });

describe.each(ENDPOINTS)('$name', (ep) => {
  it.each(SCENARIOS)('as %s answers as the matrix says', async (s) => {
    const { id, sid } = await fixture(s);
    const before = await snapshot(t.db, id);
    const res = await call(actorOf(s)?.token ?? null, ep, id, sid);
    expectCell(res, ep.cells[s]);
    expectChange(res, ep.method, before, await snapshot(t.db, id), ep.effect);
    if (res.statusCode === 200 && ep.method === 'GET') {
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="v1_v1_corrections\.jsonl"/);
      expect(JSON.parse(res.rawPayload.toString('utf8').trim())).toMatchObject({ requirement_id: 'M-1', section: 'L', corrected_from: { section: 'M' } });
    }
  });

  it('answers 404 for an unknown or malformed workspace id', async () => {
    const { sid } = await fixture('OWNER');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await call(users.owner!.token, ep, id, sid);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Workspace not found' });
    }
  });
});
