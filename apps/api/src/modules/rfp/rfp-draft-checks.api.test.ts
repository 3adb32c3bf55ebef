import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { docx } from '../../../test/rfp-factories';
import { solicitationPdf, textPdf } from '../../../test/solicitation-pdf';

/**
 * Issue 14 through the API: Section L format rules checked on the uploaded draft (page limit, font
 * size and family read from the PDF), deferrals, conflicts and the rows reported apart, stored with
 * the analysis and returned again by GET. Synthetic solicitation and drafts written for this test.
 */

let t: TestApp;
let owner: { user: { id: string }; token: string };

const post = (wsId: string, path: string, file: { payload: Buffer; headers: Record<string, string> }) =>
  t.injectAs(owner.token, { method: 'POST', url: `/api/workspaces/${wsId}/rfp/${path}`, ...file });
const get = (wsId: string, path: string) => t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${wsId}/rfp/${path}` });

// A short UCF solicitation with format rules, a minimum, a prohibition and a deadline.
const RFP_PAGES = [
  [
    'SECTION C - STATEMENT OF WORK',
    'C.1 The Contractor shall operate a help desk for agency staff and resolve tickets within one business day.',
    'C.2 The Contractor shall deliver a monthly service report describing ticket volumes and trends.',
    '',
    'SECTION L - INSTRUCTIONS, CONDITIONS, AND NOTICES TO OFFERORS',
    'L.1 Proposals must be received no later than 2:00 PM Eastern Time on March 3, 2027.',
    'L.2 The Technical Volume shall not exceed 1 page.',
    'L.3 Proposals shall be prepared in Times New Roman font no smaller than 12-point.',
    'L.4 Offers must remain valid for at least 120 calendar days after the closing date.',
    'L.5 Offerors shall not use subcontractors for help desk staffing.',
    'L.6 Offerors shall identify the proposed help desk manager by name and provide a resume.',
    '',
    'SECTION M - EVALUATION FACTORS FOR AWARD',
    'M.1 The Government will evaluate the feasibility of the help desk approach and its ticket resolution times.',
  ],
];

// Helvetica 10 pt over two pages, a 45-day validity, subcontracted staffing, the manager deferred.
const DRAFT = [
  'Technical Volume',
  '',
  '1 Help Desk Approach',
  'We will operate the agency help desk from our service center and resolve tickets within one business day, escalating anything older than four hours to a senior engineer.',
  'Each month we deliver a service report with ticket volumes, resolution times and trends, and we review it with the contracting officer.',
  '',
  '2 Staffing',
  'Help desk staffing will be provided by our subcontractor, Northwind Support Services, which hires and schedules all analysts.',
  'The help desk manager will be identified after contract award, and resumes are available upon request.',
  '',
  '3 Validity',
  'This offer is valid for 45 calendar days after the closing date.',
  '',
  ...Array.from(
    { length: 70 },
    (_, i) =>
      `Paragraph ${i + 1} describes how the service desk tracks each ticket from intake to closure with a knowledge base and customer surveys.`,
  ),
].join('\n');

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('draft checks', () => {
  it('checks page limit, font size and family on a PDF draft, lists conflicts and deferrals, reports logistics apart, and keeps them', async () => {
    const wsId = (await createWorkspace(t.db, owner.user.id)).id;
    expect((await post(wsId, 'upload', multipartFile('file', 'rfp.pdf', Buffer.from(await solicitationPdf(RFP_PAGES))))).statusCode).toBe(
      200,
    );
    const res = await post(wsId, 'analyze-draft', multipartFile('file', 'draft.pdf', await textPdf(DRAFT)));
    expect(res.statusCode).toBe(200);
    const a = res.json();

    const checks = Object.fromEntries(a.format_checks.map((c: { check: string }) => [c.check, c]));
    expect(checks.page_limit).toMatchObject({ status: 'failed', expected: expect.stringContaining('at most 1 page') });
    expect(checks.font_size).toMatchObject({
      status: 'failed',
      found: expect.stringMatching(/^10 pt text on pages 1-\d \(100% of the text\)$/),
    });
    expect(checks.font_family).toMatchObject({ status: 'failed', expected: 'Times New Roman', found: 'Helvetica' });
    // Each failed check is a suggestion with where to fix it.
    for (const c of a.format_checks) {
      expect(a.suggestions).toContainEqual(expect.objectContaining({ requirement_id: c.requirement_id, location_hint: c.location_hint }));
    }

    const conflictTexts = a.conflicts.map((c: { text: string }) => c.text);
    expect(conflictTexts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/valid for at least 120 calendar days/),
        expect.stringMatching(/shall not use subcontractors/),
      ]),
    );
    const limit = a.conflicts.find((c: { rule: string }) => c.rule === 'limit');
    expect(limit).toMatchObject({
      passage: 'This offer is valid for 45 calendar days after the closing date.',
      location_hint: expect.stringMatching(/^Technical Volume, 3 Validity \(page \d\)$/),
    });
    // The manager promised for after award is not an answer.
    expect(a.missing_requirements.map((m: { text: string }) => m.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/help desk manager by name/)]),
    );
    // Promised for later: missing (one status per requirement), flagged as deferred.
    expect(a.matches.find((m: { status: string; deferred?: boolean }) => m.status === 'missing' && m.deferred)).toBeDefined();
    // The deadline is logistics, not missing content; format rules are reported apart too.
    expect(a.reported_separately).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'logistics', text: expect.stringMatching(/received no later than/) }),
        expect.objectContaining({ kind: 'format' }),
      ]),
    );
    expect(a.missing_requirements.map((m: { text: string }) => m.text).join(' ')).not.toMatch(/no later than|Times New Roman/);

    const again = (await get(wsId, 'analysis')).json();
    expect(again).toMatchObject({
      id: a.id,
      conflicts: a.conflicts,
      reported_separately: a.reported_separately,
      format_checks: a.format_checks,
    });
  });

  it('says a Word draft cannot be checked for pages and fonts instead of passing it', async () => {
    const wsId = (await createWorkspace(t.db, owner.user.id)).id;
    expect((await post(wsId, 'upload', multipartFile('file', 'rfp.pdf', Buffer.from(await solicitationPdf(RFP_PAGES))))).statusCode).toBe(
      200,
    );
    const res = await post(
      wsId,
      'analyze-draft',
      multipartFile('file', 'draft.docx', await docx(DRAFT), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    );
    expect(res.statusCode).toBe(200);
    const checks = res.json().format_checks as Array<{ check: string; status: string }>;
    expect(checks.map((c) => c.check).sort()).toEqual(['font_family', 'font_size', 'page_limit']);
    expect(checks.every((c) => c.status === 'not_checked')).toBe(true);
  });
});
