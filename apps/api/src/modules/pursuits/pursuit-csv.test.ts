import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAward } from '../../../test/award-factory';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { pursuits } from '../../db/schema/index';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/**
 * Issue 26 item 6: the pipeline CSV. Export → import back changes nothing; edited cells go through
 * the editor's and the move's rules, a row at a time; refused rows say why and leave nothing.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let admin: Caller;
let owner: Caller;
let other: Caller;
let guest: Caller;
let stages: { id: string; name: string }[];
let factors: { id: string; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  owner = await createUser(t.db, t.config, { name: 'Olive Owner' });
  other = await createUser(t.db, t.config, { name: 'Otto Other' });
  guest = await createUser(t.db, t.config, { name: 'Gus Guest', isGuest: true });
  stages = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/stages' })).json().data;
  factors = (await t.injectAs(owner.token, { method: 'GET', url: '/api/pipeline/gate-factors' })).json().data;
});
afterAll(async () => {
  await t.close();
});

const stage = (name: string) => stages.find((s) => s.name === name)!.id;
const as = (c: Caller | null) => (c ? c.token : null);
const stored = async (id: string) => (await t.db.select().from(pursuits).where(eq(pursuits.id, id)))[0]!;
const allPursuits = async () => (await t.db.select().from(pursuits)).sort((a, b) => a.id.localeCompare(b.id));

async function track(caller: Caller, overrides: Parameters<typeof createOpportunity>[1] = {}) {
  const opportunityId = await createOpportunity(t.db, { department: 'DEPT OF CSV', ...overrides });
  const res = await t.injectAs(caller.token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: opportunityId } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; notice_id: string; solicitation_number: string };
}
const patch = (caller: Caller, id: string, payload: object) =>
  t.injectAs(caller.token, { method: 'PATCH', url: `/api/pursuits/${id}`, payload });

async function exportCsv(caller: Caller | null, query = 'agency=DEPT%20OF%20CSV') {
  return t.injectAs(as(caller), { method: 'GET', url: `/api/pursuits/export.csv?${query}` });
}
function importCsv(caller: Caller | null, csv: string | Buffer, name = 'pipeline.csv') {
  const { payload, headers } = multipartFile('file', name, typeof csv === 'string' ? Buffer.from(csv) : csv, 'text/csv');
  return t.injectAs(as(caller), { method: 'POST', url: '/api/pursuits/import', payload, headers });
}
/** The export's records, by header name. */
function records(body: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
}
const unparse = (rows: Record<string, string>[]) => Papa.unparse(rows);

describe('GET /pursuits/export.csv', () => {
  it('writes one row per pursuit the filters select, under the stable header, with ISO dates and formulas neutralised', async () => {
    const p = await track(owner, { title: '=HYPERLINK("http://evil.example","click")' });
    expect(
      (
        await patch(owner, p.id, {
          estimated_value: 1_000_000,
          p_win: 40,
          p_go: 50,
          expected_award_date: '2027-03-01',
          next_action: 'Call the CO',
          next_action_due: '2026-12-15',
          competitors: ['Acme', 'Beta Corp'],
          notes: '-5% margin; =1+1',
        })
      ).statusCode,
    ).toBe(200);
    await track(owner, { department: 'DEPT OF ELSEWHERE' });

    const res = await exportCsv(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pipeline-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = res.body;
    expect(body.split('\n')[0]).toBe(
      '\uFEFF"notice_id","solicitation_number","title","agency","stage","capture_owner_email","estimated_value","p_win","p_go","weighted_value","expected_award_date","next_action","next_action_due","competitors","teaming_partners","notes","incumbent","page_budget","workspace_url","outcome","award_value","winner","outcome_reasons","outcome_reason_text","debrief_date","lessons_learned","award_key"',
    );
    const rows = records(body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      notice_id: p.notice_id,
      title: `'=HYPERLINK("http://evil.example","click")`,
      agency: 'DEPT OF CSV',
      stage: 'Identified',
      capture_owner_email: owner.user.email,
      estimated_value: '1000000',
      p_win: '40',
      p_go: '50',
      weighted_value: '200000',
      expected_award_date: '2027-03-01',
      next_action_due: '2026-12-15',
      competitors: 'Acme; Beta Corp',
      notes: "'-5% margin;' =1+1",
      outcome: '',
    });
  });

  it('answers 401 anonymous, 403 to a guest, 200 to admins and users, and 400 for a bad filter', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
    const refused = await exportCsv(guest);
    expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({ status: 403, detail: GUEST_REFUSAL });
    expect((await exportCsv(admin)).statusCode).toBe(200);
    expect((await exportCsv(other)).statusCode).toBe(200);
    const bad = await exportCsv(owner, 'due_within=0');
    expect({ status: bad.statusCode, detail: bad.json().detail }).toEqual({ status: 400, detail: 'due_within must be from 1 to 365 days' });
  });
});

describe('POST /pursuits/import', () => {
  it('imports its own export back as all unchanged, writing nothing', async () => {
    await track(owner);
    const before = await allPursuits();
    const res = await importCsv(owner, (await exportCsv(owner)).rawPayload);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.counts).toEqual({
      rows: before.filter((p) => p.notice.agency === 'DEPT OF CSV').length,
      created: 0,
      updated: 0,
      unchanged: report.counts.rows,
      refused: 0,
    });
    expect(report.rows.every((r: { action: string }) => r.action === 'unchanged')).toBe(true);
    expect(report.ignored_columns).toEqual([]);
    expect(await allPursuits()).toEqual(before);
  });

  it('applies edited cells through the editor rules, reading neutralised text back as typed', async () => {
    const p = await track(owner, { department: 'DEPT OF EDITS' });
    const [row] = records((await exportCsv(owner, 'agency=DEPT%20OF%20EDITS')).body);
    const edited = {
      ...row!,
      p_win: '70%',
      estimated_value: '$2,500,000',
      competitors: 'Gamma; Delta',
      notes: "'=SUM(A1:A2) is text",
      next_action: 'Site visit',
      next_action_due: '2027-01-10',
      incumbent: 'none',
    };
    const res = await importCsv(owner, unparse([edited]));
    expect(res.json()).toMatchObject({
      counts: { rows: 1, updated: 1, refused: 0 },
      rows: [{ row: 2, notice_id: p.notice_id, action: 'updated', reason: null }],
    });
    expect(await stored(p.id)).toMatchObject({
      pWin: 70,
      estimatedValue: 2_500_000,
      valueSource: 'entered',
      competitors: ['Gamma', 'Delta'],
      notes: '=SUM(A1:A2) is text',
      nextAction: 'Site visit',
      nextActionDue: '2027-01-10',
      incumbent: 'none',
    });
    // And that file again changes nothing more.
    expect((await importCsv(owner, (await exportCsv(owner, 'agency=DEPT%20OF%20EDITS')).rawPayload)).json().counts).toMatchObject({
      unchanged: 1,
      updated: 0,
    });
  });

  it('refuses a row that would pass a gate without a Go, applying none of it; with a Go recorded the same row moves', async () => {
    const p = await track(owner, { department: 'DEPT OF GATES' });
    const [row] = records((await exportCsv(owner, 'agency=DEPT%20OF%20GATES')).body);
    const file = unparse([{ ...row!, stage: 'Capture', p_win: '55' }]);
    const refused = (await importCsv(owner, file)).json();
    expect(refused.rows).toEqual([
      {
        row: 2,
        notice_id: p.notice_id,
        action: 'refused',
        reason: 'Moving past Qualified needs a gate review with a Go decision. Record the Qualified gate review first.',
      },
    ]);
    expect(await stored(p.id)).toMatchObject({ stageId: stage('Identified'), pWin: null });

    const go = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/pursuits/${p.id}/gate-reviews`,
      payload: {
        gate_stage_id: stage('Qualified'),
        scores: factors.map((f) => ({ factor_id: f.id, score: 4, note: `${f.name}: fine` })),
        incumbent: 'Acme',
        decision: 'go',
        rationale: 'Known customer',
      },
    });
    expect(go.statusCode).toBe(201);
    expect((await importCsv(owner, file)).json().rows[0]).toMatchObject({ action: 'updated', reason: null });
    expect(await stored(p.id)).toMatchObject({ stageId: stage('Capture'), pWin: 55 });
  });

  it('refuses a move into a closing stage, an unknown stage, a bad value and an unknown owner, with the reason', async () => {
    const p = await track(owner, { department: 'DEPT OF REFUSALS' });
    const [row] = records((await exportCsv(owner, 'agency=DEPT%20OF%20REFUSALS')).body);
    const before = await stored(p.id);
    const cases: [Record<string, string>, string][] = [
      [{ stage: 'Won' }, 'Record the outcome to move a pursuit to Won: it asks for the award, the reasons and the lessons learned'],
      [
        { stage: 'Shortlisted' },
        'Unknown stage "Shortlisted". The stages are: Identified, Qualified, Capture, Bid decision, Proposal, Submitted, Won, Lost, No bid, Cancelled.',
      ],
      [{ p_win: '120' }, 'p(win) must be from 0 to 100'],
      [{ p_go: 'high' }, 'p_go "high" is not a number'],
      [{ expected_award_date: '3/1/2027' }, 'Expected award date must be a date (YYYY-MM-DD)'],
      [
        { capture_owner_email: 'nobody@example.com' },
        'No account has the email nobody@example.com: the capture owner must be a user of this installation.',
      ],
      [{ capture_owner_email: guest.user.email }, 'The capture owner must be an internal user of this installation'],
    ];
    for (const [edit, reason] of cases) {
      const res = await importCsv(owner, unparse([{ ...row!, notes: 'changed too', ...edit }]));
      expect({ status: res.statusCode, row: res.json().rows[0] }).toEqual({
        status: 200,
        row: { row: 2, notice_id: p.notice_id, action: 'refused', reason },
      });
    }
    expect(await stored(p.id)).toEqual(before);
  });

  it('creates pursuits for untracked notices (by notice id, or a solicitation number one notice has) and refuses unknown or ambiguous ones', async () => {
    await createOpportunity(t.db, { noticeId: 'csvnew0001', solicitationNumber: 'CSV-NEW-1', department: 'DEPT OF NEW' });
    await createOpportunity(t.db, { noticeId: 'csvnew0002', solicitationNumber: 'CSV-ONE', department: 'DEPT OF NEW' });
    await createOpportunity(t.db, { noticeId: 'csvnew0003', solicitationNumber: 'CSV-TWICE', department: 'DEPT OF NEW' });
    await createOpportunity(t.db, { noticeId: 'csvnew0004', solicitationNumber: 'CSV-TWICE', department: 'DEPT OF NEW' });
    const file = unparse([
      { notice_id: 'csvnew0001', solicitation_number: '', stage: '', p_win: '30', competitors: 'Acme' },
      { notice_id: '', solicitation_number: 'CSV-ONE', stage: 'Qualified', p_win: '', competitors: '' },
      { notice_id: '', solicitation_number: 'CSV-TWICE', stage: '', p_win: '', competitors: '' },
      { notice_id: 'nosuchnotice', solicitation_number: '', stage: '', p_win: '', competitors: '' },
      { notice_id: 'csvnew0001', solicitation_number: '', stage: '', p_win: '', competitors: '' },
      { notice_id: 'csvnew0003', solicitation_number: '', stage: 'Capture', p_win: '', competitors: '' },
    ]);
    const res = await importCsv(other, file);
    expect(res.json()).toEqual({
      counts: { rows: 6, created: 2, updated: 0, unchanged: 0, refused: 4 },
      rows: [
        { row: 2, notice_id: 'csvnew0001', action: 'created', reason: null },
        { row: 3, notice_id: 'csvnew0002', action: 'created', reason: null },
        {
          row: 4,
          notice_id: null,
          action: 'refused',
          reason: '2 notices have the solicitation number CSV-TWICE: give the notice id to say which.',
        },
        {
          row: 5,
          notice_id: 'nosuchnotice',
          action: 'refused',
          reason: 'No notice has the notice id nosuchnotice (it is not in the opportunity data, and not in the pipeline).',
        },
        { row: 6, notice_id: 'csvnew0001', action: 'refused', reason: 'Notice csvnew0001 is on row 2 already: one row per notice.' },
        {
          row: 7,
          notice_id: 'csvnew0003',
          action: 'refused',
          reason: 'Moving past Qualified needs a gate review with a Go decision. Record the Qualified gate review first.',
        },
      ],
      ignored_columns: [],
    });
    const made = (await t.db.select().from(pursuits)).filter((p) => p.noticeId?.startsWith('csvnew'));
    expect(made.map((p) => [p.noticeId, p.ownerId, p.pWin, p.competitors, p.stageId]).sort()).toEqual([
      ['csvnew0001', other.user.id, 30, ['Acme'], stage('Identified')],
      ['csvnew0002', other.user.id, null, [], stage('Qualified')],
    ]);
  });

  it('lets a user who is not the capture owner import unchanged rows, and refuses the rows they change', async () => {
    const p = await track(owner, { department: 'DEPT OF OWNERS' });
    const exported = (await exportCsv(other, 'agency=DEPT%20OF%20OWNERS')).body;
    expect((await importCsv(other, exported)).json().rows[0]).toMatchObject({ action: 'unchanged' });
    const [row] = records(exported);
    const changed = unparse([{ ...row!, p_win: '10' }]);
    expect((await importCsv(other, changed)).json().rows[0]).toEqual({
      row: 2,
      notice_id: p.notice_id,
      action: 'refused',
      reason: 'Only the capture owner or an admin can change this pursuit',
    });
    expect((await stored(p.id)).pWin).toBeNull();
    expect((await importCsv(admin, changed)).json().rows[0]).toMatchObject({ action: 'updated' });
    expect((await stored(p.id)).pWin).toBe(10);
  });

  it('answers 401 anonymous and 403 to a guest, changing nothing', async () => {
    const p = await track(owner, { department: 'DEPT OF GUESTS' });
    const [row] = records((await exportCsv(owner, 'agency=DEPT%20OF%20GUESTS')).body);
    const file = unparse([{ ...row!, p_win: '90' }]);
    expect((await importCsv(null, file)).statusCode).toBe(401);
    const refused = await importCsv(guest, file);
    expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({ status: 403, detail: GUEST_REFUSAL });
    expect((await stored(p.id)).pWin).toBeNull();
  });

  it('refuses a malformed file whole (4xx with the detail) and changes nothing', async () => {
    const p = await track(owner, { department: 'DEPT OF MALFORMED' });
    const before = await allPursuits();
    const cases: [string | Buffer, number, string][] = [
      [
        `notice_id,p_win\n${p.notice_id},"50\n`,
        400,
        'The file is not a readable CSV (a quoted field opened on line 2 is not closed). Nothing was imported.',
      ],
      [
        `notice_id,p_win\n${p.notice_id},50,7\n`,
        400,
        'The file is not a readable CSV (row 2: Too many fields: expected 2 fields but parsed 3). Nothing was imported.',
      ],
      [
        'title,p_win\nHarbor,50\n',
        400,
        'The file needs a notice_id, solicitation_number or award_key column (the header row of an exported pipeline CSV). Nothing was imported.',
      ],
      ['notice_id,p_win\n', 400, 'The file has a header row but no pursuits. Nothing was imported.'],
      [`notice_id,p_win,p_win\n${p.notice_id},1,2\n`, 400, 'The column p_win is named twice in the header row. Nothing was imported.'],
      [
        Buffer.from([0x6e, 0x6f, 0x74, 0x69, 0x63, 0x65, 0x5f, 0x69, 0x64, 0x0a, 0xe9, 0x0a]),
        400,
        'The file is not UTF-8 text. Save it as "CSV UTF-8" and import it again.',
      ],
      [
        `notice_id\n${'x\n'.repeat(3_001)}`,
        400,
        'The file has 3,001 rows; an import takes at most 3,000. Split the file. Nothing was imported.',
      ],
    ];
    for (const [file, status, detail] of cases) {
      const res = await importCsv(owner, file);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status, detail });
    }
    const noFile = await t.injectAs(owner.token, { method: 'POST', url: '/api/pursuits/import', payload: {} });
    expect(noFile.statusCode).toBe(400);
    const tooLarge = await importCsv(owner, Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect({ status: tooLarge.statusCode, detail: tooLarge.json().detail }).toEqual({
      status: 413,
      detail: 'The CSV file is larger than the 5 MB import limit. Split it. Nothing was imported.',
    });
    expect(await allPursuits()).toEqual(before);
  });
});

describe('a recompete tracked from the radar (no notice yet)', () => {
  it('exports with its award key, imports back unchanged, takes edits by award key, and is never created by an import', async () => {
    const end = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    const awardKey = await createAward(t.db, { piid: 'CSV-RECOMPETE', currentEndDate: end });
    const tracked = await t.injectAs(owner.token, { method: 'POST', url: '/api/radar/track', payload: { award_key: awardKey } });
    expect(tracked.statusCode).toBe(201);
    const id = tracked.json().id as string;

    const exported = records((await exportCsv(owner, '')).body).filter((r) => r.award_key === awardKey);
    expect(exported).toEqual([expect.objectContaining({ notice_id: '', award_key: awardKey })]);
    const same = await importCsv(owner, unparse(exported));
    expect(same.json()).toMatchObject({ counts: { rows: 1, unchanged: 1, refused: 0 } });

    const edited = await importCsv(owner, unparse([{ ...exported[0]!, p_win: '35' }]));
    expect(edited.json()).toMatchObject({
      counts: { rows: 1, updated: 1 },
      rows: [{ row: 2, notice_id: null, action: 'updated', reason: null }],
    });
    expect((await stored(id)).pWin).toBe(35);

    const unknown = await importCsv(owner, unparse([{ ...exported[0]!, award_key: 'NO-SUCH-AWARD' }]));
    expect(unknown.json().rows).toEqual([
      {
        row: 2,
        notice_id: null,
        action: 'refused',
        reason: 'No pursuit tracks the award NO-SUCH-AWARD: track the recompete from the radar first.',
      },
    ]);
  });
});
