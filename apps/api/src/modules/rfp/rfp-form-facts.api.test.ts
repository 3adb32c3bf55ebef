import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createOpportunity, createUser, createWorkspace } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { realSf1449Pdf } from '../../../test/rfp-factories';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { rfpSolicitations } from '../../db/schema/index';

/**
 * Issue 22 item 4 on the real filled SF-1449: the form's facts are stored with the upload and the
 * solicitation answer gives each with its source, the offer due date as the form writes it, and
 * whether the SAM.gov notice agrees.
 */

let t: TestApp;
let owner: { user: { id: string }; token: string };

const upload = (wsId: string, file: { payload: Buffer; headers: Record<string, string> }, as = owner.token) =>
  t.injectAs(as, { method: 'POST', url: `/api/workspaces/${wsId}/rfp/upload`, ...file });
const solicitation = (wsId: string, as = owner.token) => t.injectAs(as, { method: 'GET', url: `/api/workspaces/${wsId}/rfp/solicitation` });

/** A workspace on a notice whose response deadline SAM stated as `deadline` with `zone`. */
async function workspaceDue(deadline: Date | null, zone: string | null) {
  const opportunityId = await createOpportunity(t.db, { responseDeadline: deadline, responseTimeZone: zone });
  return (await createWorkspace(t.db, owner.user.id, { opportunityId })).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('form facts of an uploaded solicitation', () => {
  it('stores the SF-1449 facts and shows each with its block and page; a notice with the same moment agrees', async () => {
    // The form says 07/10/2017 1:00PM EST: Eastern time on that July day is UTC-04:00.
    const wsId = await workspaceDue(new Date('2017-07-10T13:00:00-04:00'), '-04:00');
    const viewer = await createUser(t.db, t.config, { name: 'Vera Viewer' });
    await addMember(t.db, wsId, viewer.user.id, 'VIEWER');
    const res = await upload(wsId, multipartFile('file', 'SF1449.pdf', realSf1449Pdf()));
    expect(res.statusCode, res.body).toBe(200);

    const [row] = await t.db.select().from(rfpSolicitations).where(eq(rfpSolicitations.id, res.json().solicitation_id));
    expect(row!.formFacts).toMatchObject({
      form: 'SF-1449',
      offerDue: { value: { date: '2017-07-10', time: '1:00 PM', zone: 'EST' }, page: 1 },
    });

    const got = await solicitation(wsId, viewer.token);
    expect(got.statusCode).toBe(200);
    const facts = got.json().form_facts;
    expect(facts.form).toBe('SF-1449');
    expect(facts.offer_due).toMatchObject({
      date: '2017-07-10',
      time: '1:00 PM',
      zone: 'EST',
      text: 'Jul 10, 2017, 1:00 PM EST',
      source: 'SF-1449 block 8, p. 1',
      page: 1,
    });
    expect(facts.due_check).toEqual({
      agreement: 'same',
      notice_text: 'Jul 10, 2017, 1:00 PM UTC-04:00',
      detail: 'The form and the SAM.gov notice give the same due date and time.',
    });
    const byKey = Object.fromEntries(facts.facts.map((f: { key: string }) => [f.key, f]));
    expect(byKey.solicitation_number).toMatchObject({ label: 'Solicitation number', value: 'RFQ1204822', source: 'SF-1449 block 5, p. 1' });
    // The issue date (block 6) is not the due date, and reads as the form's calendar day.
    expect(byKey.issue_date).toMatchObject({ value: 'Oct 18, 2016', source: 'SF-1449 block 6, p. 1' });
    expect(byKey.naics).toMatchObject({ value: '541519', source: 'SF-1449 block 10, p. 1' });
    expect(byKey.issuing_office.value).toMatch(/^General Services Administration/);
  });

  it('flags a notice whose deadline an amendment moved, and shows both', async () => {
    const wsId = await workspaceDue(new Date('2017-07-14T15:00:00-04:00'), '-04:00');
    expect((await upload(wsId, multipartFile('file', 'SF1449.pdf', realSf1449Pdf()))).statusCode).toBe(200);
    const facts = (await solicitation(wsId)).json().form_facts;
    expect(facts.offer_due.text).toBe('Jul 10, 2017, 1:00 PM EST');
    expect(facts.due_check).toMatchObject({ agreement: 'differs', notice_text: 'Jul 14, 2017, 3:00 PM UTC-04:00' });
    expect(facts.due_check.detail).toBe(
      'The due date and time differ: the form gives Jul 10, 2017, 1:00 PM EST, the SAM.gov notice Jul 14, 2017, 3:00 PM UTC-04:00. An amendment may have moved the date; confirm with the contracting officer.',
    );
  });

  it('says when the notice states no deadline to compare with', async () => {
    const wsId = await workspaceDue(null, null);
    expect((await upload(wsId, multipartFile('file', 'SF1449.pdf', realSf1449Pdf()))).statusCode).toBe(200);
    expect((await solicitation(wsId)).json().form_facts.due_check).toEqual({
      agreement: 'no_notice',
      notice_text: null,
      detail: 'The SAM.gov notice states no response deadline to compare with.',
    });
  });

  it('gives no form facts for a solicitation without a filled form', async () => {
    const wsId = await workspaceDue(new Date('2030-01-10T17:00:00Z'), '-05:00');
    expect((await upload(wsId, multipartFile('file', 'plain.pdf', await solicitationPdf()))).statusCode).toBe(200);
    expect((await solicitation(wsId)).json().form_facts).toBeNull();
  });

  it('shows the facts to no one outside the workspace', async () => {
    const wsId = await workspaceDue(new Date('2017-07-10T13:00:00-04:00'), '-04:00');
    expect((await upload(wsId, multipartFile('file', 'SF1449.pdf', realSf1449Pdf()))).statusCode).toBe(200);
    const stranger = await createUser(t.db, t.config, { name: 'Sam Stranger' });
    const refused = await solicitation(wsId, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBeTruthy();
    expect(refused.body).not.toContain('RFQ1204822');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/workspaces/${wsId}/rfp/solicitation` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('RFQ1204822');
  });
});
