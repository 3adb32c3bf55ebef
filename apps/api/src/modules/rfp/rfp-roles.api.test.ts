import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { extractRequirements } from '@biddesk/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { ARCHIVED, NDA, OK, SCENARIOS, cells, expectCell, expectChange, type Cell, type Scenario, createRoleUsers } from '../../../test/role-table';
import { SMALL_DRAFT, SMALL_PAGES, docx, rfpSnapshot } from '../../../test/rfp-factories';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { rfpAnalyses, rfpSolicitations } from '../../db/schema/index';

/**
 * WORKSPACES.md §5 for RFP analysis: every RFP endpoint over the roles, a non-member, no token, an
 * NDA-pending member and an archived workspace. Runs need `rfp.run` (VIEWERs only read results);
 * reads and refusals leave solicitations, analyses, activity and notifications as they were.
 */

type Snapshot = Awaited<ReturnType<typeof rfpSnapshot>>;
interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  cells: Record<Scenario, Cell>;
  effect?: (before: Snapshot, after: Snapshot, res: LightMyRequestResponse) => void;
}

const NOT_ALLOWED = { status: 403, detail: "You don't have permission to do that in this workspace" };
const reads = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: OK, NDA_PENDING: NDA, ARCHIVED_OWNER: OK, ARCHIVED_CONTRIBUTOR: OK });
const runs = cells({ OWNER: OK, CONTRIBUTOR: OK, REVIEWER: OK, VIEWER: NOT_ALLOWED, NDA_PENDING: NDA, ARCHIVED_OWNER: ARCHIVED, ARCHIVED_CONTRIBUTOR: ARCHIVED });

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /workspaces/{id}/rfp/upload',
    method: 'POST',
    path: '/rfp/upload',
    body: async () => multipartFile('file', 'solicitation.pdf', await solicitationPdf()),
    cells: runs,
    effect: (before, after, res) => {
      expect(after.solicitations.map((s) => s.version)).toEqual([1, 2]);
      expect(res.json()).toMatchObject({ version: 2, file_name: 'solicitation.pdf', solicitation_id: after.solicitations[1]!.id });
      expect(res.json().requirements_count).toBeGreaterThan(0);
      // Version 1 was there: the upload is an amendment (the same small solicitation, so nothing changed).
      expect(after.activity).toEqual([...before.activity, 'rfp.amendment_diffed', 'rfp.uploaded'].sort());
      expect(res.json().amendment).toMatchObject({ version: 2, previous_version: 1, counts: { added: 0, changed: 0, removed: 0, tasks_affected: 0 } });
      // Every other active member of the five gets one bell.
      expect(after.notificationCount).toBe(before.notificationCount + 4);
    },
  },
  { name: 'GET /workspaces/{id}/rfp/solicitation', method: 'GET', path: '/rfp/solicitation', cells: reads },
  { name: 'GET /workspaces/{id}/rfp/solicitations', method: 'GET', path: '/rfp/solicitations', cells: reads },
  {
    name: 'POST /workspaces/{id}/rfp/analyze-draft',
    method: 'POST',
    path: '/rfp/analyze-draft',
    body: async () => multipartFile('file', 'draft.docx', await docx(`${SMALL_DRAFT}\n${randomUUID()}`), 'application/octet-stream'),
    cells: runs,
    effect: (before, after, res) => {
      expect(after.analyses).toHaveLength(before.analyses.length + 1);
      expect(res.json()).toMatchObject({ draft_file_name: 'draft.docx', solicitation_id: after.solicitations[0]!.id, solicitation_version: 1 });
      expect(after.activity).toEqual([...before.activity, 'rfp.draft_analyzed'].sort());
    },
  },
  { name: 'GET /workspaces/{id}/rfp/analysis', method: 'GET', path: '/rfp/analysis', cells: reads },
  { name: 'GET /workspaces/{id}/rfp/analyses', method: 'GET', path: '/rfp/analyses', cells: reads },
];

let t: TestApp;
const users: Record<string, { user: { id: string }; token: string }> = {};

function actorOf(s: Scenario) {
  const key = { OWNER: 'owner', ARCHIVED_OWNER: 'owner', CONTRIBUTOR: 'contributor', ARCHIVED_CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer', NDA_PENDING: 'pending', NON_MEMBER: 'outsider', ANONYMOUS: undefined }[s];
  return key ? users[key] : undefined;
}

/** A workspace of five members with solicitation version 1 and one analysis of it. */
async function fixture(s: Scenario): Promise<string> {
  const owner = users.owner!.user.id;
  const ws = await createWorkspace(t.db, owner, { archivedAt: s.startsWith('ARCHIVED_') ? new Date(Date.now() - 60_000) : null });
  await addMember(t.db, ws.id, users.contributor!.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, users.reviewer!.user.id, 'REVIEWER');
  await addMember(t.db, ws.id, users.viewer!.user.id, 'VIEWER');
  await addMember(t.db, ws.id, users.pending!.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  const requirements = extractRequirements(SMALL_PAGES.map((lines, i) => ({ page: i + 1, text: lines.join('\n') })));
  const [sol] = await t.db
    .insert(rfpSolicitations)
    .values({ workspaceId: ws.id, version: 1, fileName: 'v1.pdf', storageKey: 'k1', sizeBytes: 10, pageCount: 3, requirements, uploadedBy: owner })
    .returning();
  await t.db.insert(rfpAnalyses).values({
    workspaceId: ws.id,
    solicitationId: sol!.id,
    draftFileName: 'old.pdf',
    draftStorageKey: 'k2',
    draftSizeBytes: 10,
    fitScore: 40,
    coverageScore: 50,
    evidenceScore: 30,
    languageMatchScore: 60,
    createdBy: owner,
  });
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
    const before = await rfpSnapshot(t.db, id);
    const res = await t.injectAs(actorOf(s)?.token ?? null, { method: ep.method, url: `/api/workspaces/${id}${ep.path}`, ...((await ep.body?.()) ?? {}) });
    expectCell(res, ep.cells[s]);
    expectChange(res, ep.method, before, await rfpSnapshot(t.db, id), ep.effect && ((b, a) => ep.effect!(b, a, res)));
    if (res.statusCode === 200 && ep.path === '/rfp/solicitation') expect(res.json()).toMatchObject({ version: 1, file_name: 'v1.pdf', processing_status: 'completed' });
    if (res.statusCode === 200 && ep.path === '/rfp/analysis') expect(res.json()).toMatchObject({ draft_file_name: 'old.pdf', coverage_score: 50 });
  });

  it('answers 404 for an unknown or malformed workspace id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.injectAs(users.owner!.token, { method: ep.method, url: `/api/workspaces/${id}${ep.path}`, ...((await ep.body?.()) ?? {}) });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Workspace not found' });
    }
  });
});
