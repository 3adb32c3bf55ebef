import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { SMALL_DRAFT, docx } from '../../../test/rfp-factories';
import { seedSolicitation } from '../../../test/rfp-work-plan';
import { rfpAnalyses } from '../../db/schema/index';

/**
 * Issue 23: a team's correction reaches the draft analyses already stored for that RFP version.
 * After a correction the version's analyses are stale (listed as such) and are scored again from
 * the stored draft when next read, so the analysis and the matrix never show a requirement the team
 * removed, nor a section it changed; undoing the correction brings the engine's reading back.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Caller {
  user: { id: string };
  token: string;
}

let t: TestApp;
let owner: Caller;
let contributor: Caller;
let viewer: Caller;

const correction = (wsId: string, sid: string, rid: string) =>
  `/api/workspaces/${wsId}/rfp/solicitations/${sid}/requirements/${rid}/correction`;
const get = (wsId: string, p: string, as = owner.token) => t.injectAs(as, { method: 'GET', url: `/api/workspaces/${wsId}/rfp${p}` });
const ids = (a: Json): string[] =>
  [...a.matches, ...a.missing_requirements, ...a.reported_separately, ...a.conflicts, ...a.checks].map(
    (x: Json) => x.requirement_id as string,
  );

/** A workspace with the small solicitation and one draft analysed against it. */
async function analysed() {
  const ws = await createWorkspace(t.db, owner.user.id, { name: 'Janitorial bid' });
  await addMember(t.db, ws.id, contributor.user.id, 'CONTRIBUTOR');
  await addMember(t.db, ws.id, viewer.user.id, 'VIEWER');
  const sol = await seedSolicitation(t.db, ws.id, owner.user.id);
  const res = await t.injectAs(owner.token, {
    method: 'POST',
    url: `/api/workspaces/${ws.id}/rfp/analyze-draft`,
    ...multipartFile('file', 'draft.docx', await docx(SMALL_DRAFT)),
  });
  expect(res.statusCode).toBe(200);
  return { wsId: ws.id, sid: sol.id, first: res.json() as Json };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
  viewer = await createUser(t.db, t.config, { name: 'Vera Viewer' });
});
afterAll(async () => {
  await t.close();
});

describe('stored draft analyses follow the corrections', () => {
  it('re-scores the analysis without a requirement marked not a requirement, and with it again after undo', async () => {
    const { wsId, sid, first } = await analysed();
    expect(first.stale).toBe(false);
    expect(first.missing_requirements.map((m: Json) => m.requirement_id)).toContain('L-4');

    const put = await t.injectAs(contributor.token, {
      method: 'PUT',
      url: correction(wsId, sid, 'L-4'),
      payload: { not_a_requirement: true },
    });
    expect(put.statusCode).toBe(200);
    // Listed as stale until it is opened.
    expect((await get(wsId, '/analyses')).json()).toEqual([expect.objectContaining({ id: first.id, stale: true })]);

    // Opened by a viewer: scored again, the same analysis, without L-4 anywhere.
    const after = (await get(wsId, '/analysis', viewer.token)).json();
    expect(after).toMatchObject({ id: first.id, stale: false });
    expect(ids(after)).not.toContain('L-4');
    expect(ids(after)).toContain('L-1');
    // One fewer must-requirement unanswered: coverage cannot fall.
    expect(after.coverage_score).toBeGreaterThanOrEqual(first.coverage_score);
    expect((await get(wsId, '/analyses')).json()).toEqual([expect.objectContaining({ id: first.id, stale: false })]);
    const [row] = await t.db.select().from(rfpAnalyses).where(eq(rfpAnalyses.id, first.id));
    expect(row!.scoredCorrections).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.missingRequirements.map((m) => m.requirement_id)).not.toContain('L-4');

    // The matrix reads the same analysis: no L-4 row, the draft column from the re-scored analysis.
    const matrix = (await get(wsId, '/matrix')).json();
    expect(matrix.analysis_id).toBe(first.id);
    expect(matrix.rows.map((r: Json) => r.requirement_id)).not.toContain('L-4');

    const undo = await t.injectAs(contributor.token, { method: 'DELETE', url: correction(wsId, sid, 'L-4') });
    expect(undo.statusCode).toBe(204);
    const back = (await get(wsId, '/analysis')).json();
    expect(back.missing_requirements.map((m: Json) => m.requirement_id)).toContain('L-4');
    expect({ fit: back.fit_score, coverage: back.coverage_score, ids: ids(back).sort() }).toEqual({
      fit: first.fit_score,
      coverage: first.coverage_score,
      ids: ids(first).sort(),
    });
    const [undone] = await t.db.select().from(rfpAnalyses).where(eq(rfpAnalyses.id, first.id));
    expect(undone!.scoredCorrections).toBe('');
  });

  it('re-scores with a corrected section: the missing requirement is listed under the section the team gave it', async () => {
    const { wsId, sid, first } = await analysed();
    const missing = first.missing_requirements[0] as Json;
    const section = missing.section === 'L' ? 'C' : 'L';
    const put = await t.injectAs(owner.token, { method: 'PUT', url: correction(wsId, sid, missing.requirement_id), payload: { section } });
    expect(put.statusCode).toBe(200);
    const matrix = (await get(wsId, '/matrix')).json();
    expect(matrix.rows.find((r: Json) => r.requirement_id === missing.requirement_id).section).toBe(section);
    // The matrix read scored it again already: the analysis is no longer stale.
    expect((await get(wsId, '/analyses')).json()[0].stale).toBe(false);
    const after = (await get(wsId, '/analysis')).json();
    expect(after.missing_requirements.find((m: Json) => m.requirement_id === missing.requirement_id).section).toBe(section);
  });

  it('stores one result when two readers open a stale analysis at once', async () => {
    const { wsId, sid, first } = await analysed();
    await t.injectAs(owner.token, { method: 'PUT', url: correction(wsId, sid, 'L-4'), payload: { not_a_requirement: true } });
    const [a, b] = await Promise.all([get(wsId, '/analysis'), get(wsId, '/analysis', viewer.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(ids(a.json()).sort()).toEqual(ids(b.json()).sort());
    expect(ids(a.json())).not.toContain('L-4');
    const rows = await t.db.select().from(rfpAnalyses).where(eq(rfpAnalyses.workspaceId, wsId));
    expect(rows.map((r) => r.id)).toEqual([first.id]);
    expect(rows[0]!.scoredCorrections).toMatch(/^[0-9a-f]{64}$/);
  });

  it('scores a new draft against the corrections of now: not stale when stored', async () => {
    const { wsId, sid } = await analysed();
    await t.injectAs(owner.token, { method: 'PUT', url: correction(wsId, sid, 'L-4'), payload: { not_a_requirement: true } });
    const second = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/analyze-draft`,
      ...multipartFile('file', 'draft.docx', await docx(SMALL_DRAFT)),
    });
    expect(second.json()).toMatchObject({ stale: false });
    const list = (await get(wsId, '/analyses')).json() as Json[];
    expect(list.map((x) => x.stale)).toEqual([false, true]);
  });
});
