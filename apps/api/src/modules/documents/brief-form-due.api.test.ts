import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { realSf1449Pdf } from '../../../test/rfp-factories';
import { solicitationPdfs } from '../../db/schema/index';

/**
 * Issue 22 item 4 in the executive brief: the offer due date of the uploaded solicitation's filled
 * SF-1449 beats the notice's, with its source; a notice that disagrees is shown beside it and flagged.
 */

let t: TestApp;
let alice: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.db, t.config, { name: 'Alice' });
});
afterAll(async () => {
  await t.close();
});

async function briefWithForm(deadline: Date, zone: string): Promise<string> {
  const id = await createOpportunity(t.db, { responseDeadline: deadline, responseTimeZone: zone });
  const up = await t.injectAs(alice.token, {
    method: 'POST',
    url: `/api/opportunities/${id}/upload-pdf`,
    ...multipartFile('file', 'SF1449.pdf', realSf1449Pdf()),
  });
  expect(up.statusCode, up.body).toBe(200);
  const [pdf] = await t.db.select().from(solicitationPdfs).where(eq(solicitationPdfs.opportunityId, id));
  expect(pdf!.formFacts?.offerDue?.value).toEqual({ date: '2017-07-10', time: '1:00 PM', zone: 'EST' });
  const res = await t.injectAs(alice.token, {
    method: 'POST',
    url: '/api/documents/generate',
    payload: { opportunity_id: id, document_type: 'brief' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as string;
}

describe('the executive brief on a solicitation with a filled SF-1449', () => {
  it('gives the form due date with its source when the notice agrees', async () => {
    const md = await briefWithForm(new Date('2017-07-10T13:00:00-04:00'), '-04:00');
    expect(md).toContain('| Response Due | Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1) |');
    expect(md).toContain('- **Due:** Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1)');
    expect(md).not.toContain('Due dates disagree');
  });

  it('shows the notice deadline beside it and flags the difference when an amendment moved it', async () => {
    const md = await briefWithForm(new Date('2017-07-17T13:00:00-04:00'), '-04:00');
    expect(md).toContain('| Response Due | Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1) |');
    expect(md).toContain('| Response Due (SAM.gov notice) | Jul 17, 2017, 1:00 PM UTC-04:00: differs from the solicitation form |');
    expect(md).toContain(
      '**Due dates disagree:** the solicitation form (SF-1449 block 8, p. 1) gives Jul 10, 2017, 1:00 PM EST, the SAM.gov notice Jul 17, 2017, 1:00 PM UTC-04:00.',
    );
  });
});
