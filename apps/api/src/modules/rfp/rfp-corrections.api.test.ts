import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { SMALL_DRAFT, docx } from '../../../test/rfp-factories';
import { seedSolicitation, smallRequirements } from '../../../test/rfp-work-plan';
import { SOLICITATION_PAGES, solicitationPdf } from '../../../test/solicitation-pdf';
import { requirementCorrections } from '../../db/schema/index';

/**
 * Issue 23 item 3: a team corrects the requirements list. A correction shows beside the engine's
 * reading and its basis, reshapes the matrix, new tasks and draft scoring, is audited, carried by
 * the amendment diff (unchanged text keeps it; reworded and removed drop it) and exports as JSONL
 * in the labels' format.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Caller {
  user: { id: string };
  token: string;
}

let t: TestApp;
let owner: Caller;
let contributor: Caller;

const url = (wsId: string, sid: string, rid: string) =>
  `/api/workspaces/${wsId}/rfp/solicitations/${sid}/requirements/${encodeURIComponent(rid)}/correction`;
const put = (wsId: string, sid: string, rid: string, payload: Json, as = contributor.token) =>
  t.injectAs(as, { method: 'PUT', url: url(wsId, sid, rid), payload });
const undo = (wsId: string, sid: string, rid: string, as = contributor.token) =>
  t.injectAs(as, { method: 'DELETE', url: url(wsId, sid, rid) });
const get = async (wsId: string, p: string, as = owner.token) => t.injectAs(as, { method: 'GET', url: `/api/workspaces/${wsId}${p}` });
const activity = async (wsId: string) => ((await (await get(wsId, '/activity')).json()) as Json).items as Json[];
const summaries = async (wsId: string) => (await activity(wsId)).map((a) => a.summary as string);

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id, { name: 'Janitorial bid' });
  await addMember(t.db, ws.id, contributor.user.id, 'CONTRIBUTOR');
  return ws.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
});
afterAll(async () => {
  await t.close();
});

describe('why is this a requirement', () => {
  it("serves the engine's basis with each requirement and matrix row", async () => {
    const wsId = await workspace();
    await seedSolicitation(t.db, wsId, owner.user.id);
    const sol = (await get(wsId, '/rfp/solicitation')).json();
    const l1 = sol.requirements.find((r: Json) => r.requirement_id === 'L-1');
    expect(l1.basis).toEqual({
      rules: expect.arrayContaining([expect.any(String)]),
      cue: 'shall',
      section: expect.stringContaining('p. 2'),
    });
    expect(l1.correction).toBeNull();
    const matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(matrix.rows.find((r: Json) => r.requirement_id === 'L-1').basis).toEqual(l1.basis);
    expect(matrix.excluded_count).toBe(0);
  });

  it('says plainly that requirements stored before the basis was recorded have none', async () => {
    const wsId = await workspace();
    await seedSolicitation(
      t.db,
      wsId,
      owner.user.id,
      smallRequirements().map(({ basis: _basis, ...r }) => r),
    );
    const sol = (await get(wsId, '/rfp/solicitation')).json();
    expect(sol.requirements.every((r: Json) => r.basis === null)).toBe(true);
    const csv = (await get(wsId, '/rfp/matrix/export?format=csv')).rawPayload.toString('utf8');
    expect(csv).toContain('"Not recorded for this upload; re-upload the RFP to see it"');
  });
});

describe('PUT and DELETE a correction', () => {
  it('marks a requirement not a requirement: listed with its correction, gone from the matrix, audited', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    const res = await put(wsId, sol.id, 'L-3', { not_a_requirement: true, note: 'Past performance is asked for in the questionnaire' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requirement_id: 'L-3',
      section: 'L',
      must_or_should: 'must',
      correction: {
        not_a_requirement: true,
        section: null,
        must_or_should: null,
        note: 'Past performance is asked for in the questionnaire',
        engine: { section: 'L', must_or_should: 'must' },
        corrected_by_name: 'Carl Contributor',
        carried_from_version: null,
      },
    });
    const listed = (await get(wsId, '/rfp/solicitation')).json().requirements.find((r: Json) => r.requirement_id === 'L-3');
    expect(listed.correction.not_a_requirement).toBe(true);
    const matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(matrix.rows.map((r: Json) => r.requirement_id)).not.toContain('L-3');
    expect(matrix.rows).toHaveLength(8);
    expect(matrix.excluded_count).toBe(1);
    const csv = (await get(wsId, '/rfp/matrix/export?format=csv')).rawPayload.toString('utf8');
    expect(csv).not.toContain('"L-3"');
    expect(await summaries(wsId)).toContain(
      'Carl Contributor marked L-3 not a requirement: Past performance is asked for in the questionnaire',
    );
  });

  it('changes section and must/should, keeping the engine reading beside it, and undoes', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    const res = await put(wsId, sol.id, 'M-3', { section: 'L', must_or_should: 'should' });
    expect(res.json()).toMatchObject({
      section: 'L',
      must_or_should: 'should',
      correction: { section: 'L', must_or_should: 'should', engine: { section: 'M', must_or_should: 'must' } },
    });
    const row = (await get(wsId, '/rfp/matrix')).json().rows.find((r: Json) => r.requirement_id === 'M-3');
    expect(row).toMatchObject({ section: 'L', must_or_should: 'should', correction: { engine: { section: 'M' } } });
    const csv = (await get(wsId, '/rfp/matrix/export?format=csv')).rawPayload.toString('utf8');
    expect(csv).toMatch(/"M-3","L","should",.*"corrected from the engine's section M → L, must → should"/);
    expect(await summaries(wsId)).toContain('Carl Contributor corrected M-3: section M → L, must → should');

    // A value equal to the engine's is no change: only must/should stays corrected.
    expect((await put(wsId, sol.id, 'M-3', { section: 'M', must_or_should: 'should' })).json().correction).toMatchObject({
      section: null,
      must_or_should: 'should',
    });

    expect((await undo(wsId, sol.id, 'M-3')).statusCode).toBe(204);
    const after = (await get(wsId, '/rfp/solicitation')).json().requirements.find((r: Json) => r.requirement_id === 'M-3');
    expect(after).toMatchObject({ section: 'M', must_or_should: 'must', correction: null });
    expect(await summaries(wsId)).toContain("Carl Contributor undid the correction of M-3: back to the engine's section M, must");
    expect((await undo(wsId, sol.id, 'M-3')).json()).toMatchObject({ detail: 'This requirement has no correction to undo' });
  });

  it('refuses bad input with a readable detail and leaves nothing stored', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    const cases: [Json, string | RegExp][] = [
      [{ section: 'X' }, 'section must be L, M, C or other'],
      [{ must_or_should: 'could' }, "must_or_should must be 'must' or 'should'"],
      [{ not_a_requirement: 'yes' }, 'not_a_requirement must be true or false'],
      [{ not_a_requirement: true, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
      [{ not_a_requirement: true, weight: 3 }, 'Unknown field: a correction has not_a_requirement, section, must_or_should and note'],
      [{}, /^A correction must mark the requirement not a requirement/],
      [{ section: 'L', must_or_should: 'must' }, /^A correction must mark the requirement not a requirement/],
    ];
    for (const [payload, detail] of cases) {
      const res = await put(wsId, sol.id, 'L-1', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.db.select().from(requirementCorrections).where(eq(requirementCorrections.workspaceId, wsId))).toEqual([]);
  });

  it('answers 404 for an unknown requirement or version and 409 for a version an amendment replaced', async () => {
    const wsId = await workspace();
    const v1 = await seedSolicitation(t.db, wsId, owner.user.id);
    expect((await put(wsId, v1.id, 'L-99', { not_a_requirement: true })).json()).toMatchObject({
      detail: 'Requirement not found in this RFP version',
    });
    expect((await undo(wsId, v1.id, 'L-99')).statusCode).toBe(404);
    for (const sid of [randomUUID(), 'not-a-uuid']) {
      const res = await put(wsId, sid, 'L-1', { not_a_requirement: true });
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'RFP version not found' });
    }
    const other = await workspace();
    const foreign = await seedSolicitation(t.db, other, owner.user.id);
    expect((await put(wsId, foreign.id, 'L-1', { not_a_requirement: true })).statusCode).toBe(404);
    await seedSolicitation(t.db, wsId, owner.user.id, smallRequirements(), 2);
    const stale = await put(wsId, v1.id, 'L-1', { not_a_requirement: true });
    expect({ status: stale.statusCode, detail: stale.json().detail }).toEqual({
      status: 409,
      detail: 'This RFP version has been replaced by version 2: reload and correct the current version',
    });
    const none = await workspace();
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${none}/rfp/corrections/export` })).statusCode).toBe(404);
  });

  it('two edits of one row racing leave one row, one of the two, and both audited', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    const edits = [
      { section: 'C' },
      { section: 'other' },
      { must_or_should: 'should' },
      { not_a_requirement: true },
      { section: 'M', must_or_should: 'should' },
    ];
    const answers = await Promise.all(edits.map((e, i) => put(wsId, sol.id, 'L-2', e, i % 2 ? owner.token : contributor.token)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db
      .select()
      .from(requirementCorrections)
      .where(and(eq(requirementCorrections.workspaceId, wsId), eq(requirementCorrections.requirementId, 'L-2')));
    expect(rows).toHaveLength(1);
    const stored = { not_a_requirement: rows[0]!.notARequirement, section: rows[0]!.section, must_or_should: rows[0]!.mustOrShould };
    expect(
      answers.map((a) => ({
        not_a_requirement: a.json().correction.not_a_requirement,
        section: a.json().correction.section,
        must_or_should: a.json().correction.must_or_should,
      })),
    ).toContainEqual(stored);
    expect((await activity(wsId)).filter((a) => a.action === 'rfp.requirement_corrected')).toHaveLength(5);

    // Of two undos racing, exactly one removes the row.
    const undos = await Promise.all([undo(wsId, sol.id, 'L-2'), undo(wsId, sol.id, 'L-2', owner.token)]);
    expect(undos.map((u) => u.statusCode).sort()).toEqual([204, 404]);
    expect((await activity(wsId)).filter((a) => a.action === 'rfp.requirement_correction_undone')).toHaveLength(1);
  });
});

describe('the corrected list drives the work', () => {
  it('makes no task for a row marked not a requirement and groups by the corrected section', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    await put(wsId, sol.id, 'L-3', { not_a_requirement: true });
    await put(wsId, sol.id, 'M-3', { section: 'C' });
    const refused = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: ['L-1', 'L-3'] },
    });
    expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({
      status: 400,
      detail: 'Marked not a requirement, so no task is made for: L-3',
    });
    const made = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/tasks`,
      payload: { requirement_ids: ['C-1', 'M-3'], grouping: 'section' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().tasks.map((x: Json) => x.title)).toEqual(['Section C (2 requirements)']);
  });

  it('scores a draft against the corrected list: a row marked not a requirement is not missing', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    await put(wsId, sol.id, 'L-4', { not_a_requirement: true });
    const res = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/analyze-draft`,
      ...multipartFile('file', 'draft.docx', await docx(SMALL_DRAFT)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = [...body.matches, ...body.missing_requirements, ...body.reported_separately, ...body.conflicts, ...body.checks].map(
      (x: Json) => x.requirement_id,
    );
    expect(ids).not.toContain('L-4');
    expect(ids).toContain('L-1');
  });
});

describe('an amendment carries corrections by the diff', () => {
  it('keeps unchanged ones, drops reworded and removed ones, and says so in Activity', async () => {
    const wsId = await workspace();
    const first = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/upload`,
      ...multipartFile('file', 'rfp.pdf', Buffer.from(await solicitationPdf())),
    });
    expect(first.statusCode).toBe(200);
    const v1 = first.json().solicitation_id as string;
    await put(wsId, v1, 'L-3', { not_a_requirement: true, note: 'Asked in the questionnaire' });
    await put(wsId, v1, 'L-4', { section: 'other' });
    await put(wsId, v1, 'L-2', { must_or_should: 'should' });
    await put(wsId, v1, 'C-2', { must_or_should: 'should' });

    // Version 2: L.2 reworded, C.2 deleted, a paragraph inserted before L.3 (renumbering the rest).
    const pages = SOLICITATION_PAGES.map((lines) => [...lines]);
    pages[0] = pages[0]!.filter((l) => !l.startsWith('C.2'));
    pages[1] = [
      pages[1]![0]!,
      pages[1]![1]!,
      'L.2 The proposal must use 11-point Arial font with one-inch margins on every page.',
      'L.3 Offerors shall name a single point of contact for the proposal.',
      pages[1]![3]!.replace('L.3', 'L.4'),
      pages[1]![4]!.replace('L.4', 'L.5'),
    ];
    const second = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/upload`,
      ...multipartFile('file', 'rfp-a1.pdf', Buffer.from(await solicitationPdf(pages))),
    });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    const byText = (text: string) => body.requirements.find((r: Json) => r.text.startsWith(text));
    expect(byText('Offerors shall provide three past performance')).toMatchObject({
      requirement_id: 'L-4',
      correction: {
        not_a_requirement: true,
        note: 'Asked in the questionnaire',
        carried_from_version: 1,
        corrected_by_name: 'Carl Contributor',
      },
    });
    expect(byText('The price volume shall include')).toMatchObject({
      requirement_id: 'L-5',
      section: 'other',
      correction: { section: 'other', engine: { section: 'L' } },
    });
    expect(byText('The proposal must use 11-point')).toMatchObject({ must_or_should: 'must', correction: null });
    expect(body.requirements.filter((r: Json) => r.correction)).toHaveLength(2);
    expect(await summaries(wsId)).toContain(
      'Version 2 kept 2 corrections of version 1; dropped C-2 (removed), L-2 (reworded, judge it again)',
    );
    const matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(matrix.excluded_count).toBe(1);
    expect(matrix.rows.map((r: Json) => r.requirement_id)).not.toContain('L-4');
  });
});

describe('GET /workspaces/{id}/rfp/corrections/export', () => {
  it('writes each correction as a label or negatives line of the data set, in document order', async () => {
    const wsId = await workspace();
    const sol = await seedSolicitation(t.db, wsId, owner.user.id);
    await put(wsId, sol.id, 'M-2', { section: 'L', note: 'Asked for in the instructions' });
    await put(wsId, sol.id, 'C-1', { not_a_requirement: true });
    const res = await get(wsId, '/rfp/corrections/export', contributor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="v1_v1_corrections\.jsonl"/);
    const lines = res.rawPayload
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        text: 'The Contractor shall provide janitorial services for Building 12, five days a week.',
        why_not_a_requirement: 'marked not a requirement by the proposal team',
        page: 1,
        requirement_id: 'C-1',
        engine: { section: 'C', must_or_should: 'must', cue: 'shall' },
        source: 'v1.pdf (version 1)',
      },
      {
        text: 'Past performance will be evaluated for relevance and recency.',
        section: 'L',
        must_or_should: 'must',
        cue: expect.any(String),
        page: 3,
        requirement_id: 'M-2',
        corrected_from: { section: 'M', must_or_should: 'must' },
        note: 'Asked for in the instructions',
        source: 'v1.pdf (version 1)',
      },
    ]);
  });
});
