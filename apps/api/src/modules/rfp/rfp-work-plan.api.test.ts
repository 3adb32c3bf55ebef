import { extractRequirements } from '@biddesk/analysis';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { draftText, realRfqPdf } from '../../../test/rfp-factories';
import { textPdf } from '../../../test/solicitation-pdf';
import { seedSolicitation, smallRequirements, workPlanSnapshot } from '../../../test/rfp-work-plan';

/**
 * Requirements as the work plan: tasks made from requirements carry their ids and are never made
 * twice, the compliance matrix rolls up task status and the latest draft analysis, and it downloads
 * as CSV and .xlsx with every formula-like cell kept as text.
 */

let t: TestApp;
let owner: { user: { id: string }; token: string };
let contributor: { user: { id: string }; token: string };

type Json = Record<string, unknown>;
const post = (wsId: string, payload: Json, as = owner.token) =>
  t.injectAs(as, { method: 'POST', url: `/api/workspaces/${wsId}/rfp/tasks`, payload });
const get = (wsId: string, path: string) => t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${wsId}${path}` });
type Row = Json & { requirement_id: string; task: Json | null; draft: Json | null };
const rowOf = (matrix: { rows: Row[] }, id: string) => matrix.rows.find((r) => r.requirement_id === id)!;

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id);
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

describe('POST /workspaces/{id}/rfp/tasks', () => {
  it('makes one task per requirement carrying its id, on the board, and skips requirements already tied', async () => {
    const wsId = await workspace();
    await seedSolicitation(t.db, wsId, owner.user.id);
    const full = smallRequirements().find((r) => r.requirement_id === 'L-1')!;

    const first = await post(wsId, { requirement_ids: ['L-1', 'M-2'], assignee_user_id: contributor.user.id });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({ created: 2, skipped: [] });
    expect(body.tasks.map((x: Json) => x.requirement_ids)).toEqual([['L-1'], ['M-2']]);
    expect(body.tasks[0]).toMatchObject({
      status: 'TODO',
      assignee_user_id: contributor.user.id,
      assignee_name: 'Carl Contributor',
      description: `${full.text} (page ${full.page})`,
    });
    expect(body.tasks[0].title).toMatch(/^L-1: /);
    expect(body.tasks[0].title.length).toBeLessThanOrEqual('L-1: '.length + 91);

    const board = (await get(wsId, '/tasks')).json();
    expect(board.map((x: Json) => x.requirement_ids).sort()).toEqual([['L-1'], ['M-2']]);

    const second = await post(wsId, { requirement_ids: ['L-1', 'L-2', 'M-2'] }, contributor.token);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ created: 1, skipped: ['L-1', 'M-2'] });
    expect(second.json().tasks.map((x: Json) => x.requirement_ids)).toEqual([['L-2']]);
    const snap = await workPlanSnapshot(t.db, wsId);
    expect(snap.tasks).toHaveLength(3);
    expect(snap.activity).toEqual(['task.created', 'task.created', 'task.created']);
    // The contributor was assigned by someone else once: one bell for the batch.
    expect(snap.notificationCount).toBe(1);
  });

  it('never makes two tasks for one requirement when two calls race (PostgreSQL really races)', async () => {
    const wsId = await workspace();
    await seedSolicitation(t.db, wsId, owner.user.id);
    const ids = ['C-1', 'C-2', 'L-1', 'L-2'];
    const answers = await Promise.all([post(wsId, { requirement_ids: ids }), post(wsId, { requirement_ids: ids }, contributor.token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => a.json().created).sort()).toEqual([0, 4]);
    const snap = await workPlanSnapshot(t.db, wsId);
    expect(snap.tasks.flatMap((x) => x.requirementIds).sort()).toEqual(ids);
  });

  it('titles a task made from a list item with its shortened lead-in, and keeps its requirement link', async () => {
    const wsId = await workspace();
    const requirements = extractRequirements([
      {
        page: 3,
        text:
          'SECTION C - STATEMENT OF WORK\n\nC.1 The contractor shall deliver the following:\n\n(a) Monthly status report\n(b) Transition plan\n\n' +
          'C.2 The contractor shall review the following:\n\n(a) Monthly status report\n(b) Quality plan\n',
      },
    ]);
    await seedSolicitation(t.db, wsId, owner.user.id, requirements);
    const items = requirements.filter((r) => r.text.endsWith('Monthly status report'));
    expect(items.map((r) => r.lead_in)).toEqual([
      'The contractor shall deliver the following:',
      'The contractor shall review the following:',
    ]);

    const res = await post(wsId, { requirement_ids: items.map((r) => r.requirement_id) });
    expect(res.statusCode).toBe(201);
    const made: { title: string; description: string; requirement_ids: string[] }[] = res.json().tasks;
    expect(made.map((x) => x.requirement_ids)).toEqual(items.map((r) => [r.requirement_id]));
    expect(made.map((x) => x.title)).toEqual([
      `${items[0]!.requirement_id}: The contractor shall deliver: Monthly status report`,
      `${items[1]!.requirement_id}: The contractor shall review: Monthly status report`,
    ]);
    expect(made[0]!.description).toBe('The contractor shall deliver the following: Monthly status report (page 3)');
    const matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(rowOf(matrix, items[1]!.requirement_id).task).toMatchObject({ title: made[1]!.title, status: 'TODO' });
  });

  it('refuses unknown ids, a non-member assignee and a workspace without an RFP, storing nothing', async () => {
    const wsId = await workspace();
    expect(await post(wsId, { requirement_ids: ['L-1'] })).toMatchObject({ statusCode: 404 });
    await seedSolicitation(t.db, wsId, owner.user.id);
    const before = await workPlanSnapshot(t.db, wsId);
    const unknown = await post(wsId, { requirement_ids: ['L-1', 'X-999', 'L-077'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('X-999, L-077');
    const outsider = await createUser(t.db, t.config);
    const badAssignee = await post(wsId, { requirement_ids: ['L-1'], assignee_user_id: outsider.user.id });
    expect({ status: badAssignee.statusCode, detail: badAssignee.json().detail }).toEqual({
      status: 400,
      detail: 'The assignee must be a member of this workspace',
    });
    expect((await post(wsId, { requirement_ids: [] })).statusCode).toBe(400);
    expect((await post(wsId, { requirement_ids: ['L-1'], grouping: 'volume' })).statusCode).toBe(400);
    expect(await workPlanSnapshot(t.db, wsId)).toEqual(before);
  });

  it('groups the real RFQ by Section L volume and Section M factor, each requirement in exactly one task', async () => {
    const wsId = await workspace();
    const upload = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/upload`,
      ...multipartFile('file', 'rfq.pdf', realRfqPdf()),
    });
    const requirements: { requirement_id: string; section: string }[] = upload.json().requirements;
    const chosen = requirements.filter((r) => r.section === 'L' || r.section === 'M').map((r) => r.requirement_id);
    const res = await post(wsId, { requirement_ids: chosen, grouping: 'section' });
    expect(res.statusCode).toBe(201);
    const made: { title: string; requirement_ids: string[] }[] = res.json().tasks;
    expect(made.length).toBeGreaterThan(1);
    expect(made.length).toBeLessThan(chosen.length);
    expect(made.flatMap((x) => x.requirement_ids).sort()).toEqual([...chosen].sort());
    for (const task of made) {
      expect(task.title).toMatch(/^Section [LM] — .+ \(\d+ requirements?\)$/);
      expect(task.title).toContain(`(${task.requirement_ids.length} requirement`);
      expect(new Set(task.requirement_ids.map((id) => id[0]))).toEqual(new Set([task.title[8]]));
    }
    expect(made.some((x) => /^Section L — .*Volume/.test(x.title))).toBe(true);
  });
});

describe('GET /workspaces/{id}/rfp/matrix', () => {
  it('rolls up the least advanced task of each requirement as tasks move', async () => {
    const wsId = await workspace();
    const none = await get(wsId, '/rfp/matrix');
    expect({ status: none.statusCode, detail: none.json().detail }).toEqual({
      status: 404,
      detail: 'No RFP has been uploaded to this workspace',
    });
    await seedSolicitation(t.db, wsId, owner.user.id);
    const made = (await post(wsId, { requirement_ids: ['L-1'], assignee_user_id: contributor.user.id })).json().tasks[0];
    const move = (id: string, status: string) => t.injectAs(owner.token, { method: 'PATCH', url: `/api/tasks/${id}`, payload: { status } });
    expect((await move(made.id, 'IN_PROGRESS')).statusCode).toBe(200);

    let matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(matrix.rows).toHaveLength(9);
    expect(rowOf(matrix, 'L-1').task).toEqual({
      id: made.id,
      title: made.title,
      status: 'IN_PROGRESS',
      assignee_name: 'Carl Contributor',
      requirements_changed: false,
    });
    expect(rowOf(matrix, 'L-2').task).toBeNull();

    // A second task on the same requirement, still TODO, is the one that says how far the work is.
    const other = (
      await t.injectAs(owner.token, {
        method: 'POST',
        url: `/api/workspaces/${wsId}/tasks`,
        payload: { title: 'Page count check', requirement_ids: ['L-1'] },
      })
    ).json();
    matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(rowOf(matrix, 'L-1').task).toMatchObject({ id: other.id, status: 'TODO' });
    await move(other.id, 'IN_PROGRESS');
    await move(other.id, 'REVIEW');
    matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(rowOf(matrix, 'L-1').task).toMatchObject({ id: made.id, status: 'IN_PROGRESS' });
  });

  it("shows the analysis's own status per requirement (addressed, partial, missing, conflict, check, not applicable), in the matrix and its CSV", async () => {
    const wsId = await workspace();
    await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${wsId}/rfp/upload`,
      ...multipartFile('file', 'rfq.pdf', realRfqPdf()),
    });
    expect((await get(wsId, '/rfp/matrix')).json().rows.every((r: Json) => r.draft === null)).toBe(true);
    const analysis = (
      await t.injectAs(owner.token, {
        method: 'POST',
        url: `/api/workspaces/${wsId}/rfp/analyze-draft`,
        ...multipartFile('file', 'weak.pdf', await textPdf(draftText('weak'))),
      })
    ).json();
    const matrix = (await get(wsId, '/rfp/matrix')).json();
    expect(matrix.analysis_id).toBe(analysis.id);
    const idsOf = (list: Json[]) => new Set(list.map((m) => m.requirement_id as string));
    const missing = idsOf(analysis.missing_requirements);
    const conflicts = idsOf(analysis.conflicts);
    const checks = idsOf(analysis.checks);
    const apart = idsOf(analysis.reported_separately);
    const statuses = new Map<string, string>();
    for (const row of matrix.rows as (Json & { requirement_id: string; draft: Json & { status: string } })[]) {
      const s = row.draft.status;
      statuses.set(row.requirement_id, s);
      const match = analysis.matches.find((m: Json) => m.requirement_id === row.requirement_id);
      // The matrix says what the analysis says, never "Missing" where it says conflict.
      if (conflicts.has(row.requirement_id)) expect(s).toBe('conflict');
      else if (checks.has(row.requirement_id)) expect(s).toBe('check');
      else if (apart.has(row.requirement_id)) expect(s).toBe('not_applicable');
      else if (missing.has(row.requirement_id)) expect(s).toBe('missing');
      else expect(s).toBe(match.status);
      if (s === 'addressed' || s === 'partial')
        expect(row.draft).toMatchObject({ page: match.page, location_hint: match.location_hint, score: match.score });
    }
    const seen = new Set(statuses.values());
    for (const s of ['addressed', 'missing', 'conflict', 'not_applicable']) expect(seen.has(s), s).toBe(true);
    // The CSV carries the same words (every text field quoted: issue 21 item 23).
    const csv = (await get(wsId, '/rfp/matrix/export?format=csv')).rawPayload.toString('utf8');
    const [conflicted] = conflicts;
    expect(csv.split(/\r?\n/).find((l) => l.startsWith(`"${conflicted}",`))).toContain(',"Conflict",');
  });
});

describe('GET /workspaces/{id}/rfp/matrix/export', () => {
  const risky = [
    {
      requirement_id: 'L-001',
      section: 'L',
      must_or_should: 'must' as const,
      weight: 1,
      text: '=HYPERLINK("http://evil","click")',
      page: 2,
    },
    { requirement_id: 'L-002', section: 'L', must_or_should: 'should' as const, weight: 1, text: '+1+2 pages', page: 3 },
    { requirement_id: 'L-003', section: 'L', must_or_should: 'must' as const, weight: 1, text: '-5 points per missing page', page: null },
    { requirement_id: 'L-004', section: 'L', must_or_should: 'must' as const, weight: 1, text: '@SUM(A1:A2)', page: 4 },
    { requirement_id: 'L-005', section: 'L', must_or_should: 'must' as const, weight: 1, text: '\tcmd|calc', page: 4 },
    { requirement_id: 'L-006', section: 'L', must_or_should: 'must' as const, weight: 1, text: 'Offerors shall submit a plan.', page: 5 },
  ];

  async function riskyWorkspace() {
    const wsId = await workspace();
    const evil = await createUser(t.db, t.config, { name: '=cmd() Evil' });
    await addMember(t.db, wsId, evil.user.id, 'CONTRIBUTOR');
    await seedSolicitation(t.db, wsId, owner.user.id, risky);
    await post(wsId, { requirement_ids: ['L-006'], assignee_user_id: evil.user.id });
    return wsId;
  }

  it('sends CSV named for the solicitation number, with a BOM, the columns, and every formula-like cell as text', async () => {
    const wsId = await riskyWorkspace();
    const res = await get(wsId, '/rfp/matrix/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="SOL-[^"]*_compliance_matrix\.csv"; filename\*=UTF-8''/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    const lines = text.trim().split(/\r?\n/);
    // Every text field quoted (issue 21 item 23), so no separator inside one starts a cell.
    expect(lines[0]).toBe(
      '"Requirement","Section","Must/Should","Lead-in","Requirement text","Page","Task","Assignee","Task status","Draft status","Draft location","Basis","Correction","Amendment"',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(text).toContain("'+1+2 pages");
    expect(text).toContain("'-5 points per missing page");
    expect(text).toContain("'@SUM(A1:A2)");
    expect(text).toContain("'\tcmd|calc");
    expect(text).toContain("'=cmd() Evil");
    expect(text).toMatch(
      /"L-006","L","must","","Offerors shall submit a plan\.",5,"L-006: Offerors shall submit a plan\.","'=cmd\(\) Evil","To Do","",""/,
    );
    expect(text).not.toMatch(/(^|[,;"])[=+\-@]/m);
  });

  it('sends an .xlsx with a frozen header, filters and the same neutralised cells', async () => {
    const wsId = await riskyWorkspace();
    const res = await get(wsId, '/rfp/matrix/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/_compliance_matrix\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Compliance Matrix')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Requirement',
      'Section',
      'Must/Should',
      'Lead-in',
      'Requirement text',
      'Page',
      'Task',
      'Assignee',
      'Task status',
      'Draft status',
      'Draft location',
      'Basis',
      'Correction',
      'Amendment',
    ]);
    expect(sheet.rowCount).toBe(7);
    const texts = [2, 3, 4, 5, 6].map((r) => sheet.getCell(r, 5).value);
    expect(texts).toEqual([
      '\'=HYPERLINK("http://evil","click")',
      "'+1+2 pages",
      "'-5 points per missing page",
      "'@SUM(A1:A2)",
      "'\tcmd|calc",
    ]);
    expect(sheet.getCell(7, 8).value).toBe("'=cmd() Evil");
    expect(sheet.getCell(7, 9).value).toBe('To Do');
    for (let r = 1; r <= sheet.rowCount; r += 1) {
      for (let c = 1; c <= 10; c += 1) expect(sheet.getCell(r, c).type).not.toBe(ExcelJS.ValueType.Formula);
    }
  });

  it('refuses an unknown format', async () => {
    const wsId = await riskyWorkspace();
    expect((await get(wsId, '/rfp/matrix/export?format=pdf')).statusCode).toBe(400);
  });
});
