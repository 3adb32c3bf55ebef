import { daysUntil } from '@biddesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';

/**
 * The brief states the response deadline as the notice does (SPEC §4; "never a date in the wrong
 * zone"): the generators were handed the deadline in UTC, so a 2:00 PM Eastern deadline read
 * "6:00 PM UTC" and a date SAM gave without a time read "11:59 PM UTC".
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
});

async function brief(responseDeadline: Date, responseTimeZone: string | null): Promise<string> {
  const id = await createOpportunity(t.db, { responseDeadline, responseTimeZone });
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/api/documents/generate',
    payload: { opportunity_id: id, document_type: 'brief' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as string;
}

describe('the brief states the deadline as the notice does', () => {
  it('at the notice time and offset, with the zone name', async () => {
    const md = await brief(new Date('2027-07-12T14:00:00-04:00'), '-04:00');
    expect(md).toContain('| Response Due | Jul 12, 2027, 2:00 PM UTC-04:00 (Eastern Daylight Time) |');
    expect(md).not.toContain('6:00 PM UTC');
  });

  it('as the date alone when the notice gave no time, counting days like the badge', async () => {
    const due = new Date('2027-08-02T23:59:00Z');
    const md = await brief(due, null);
    expect(md).toContain('| Response Due | Aug 2, 2027 |');
    expect(md).not.toContain('11:59 PM');
    expect(md).toContain(`${daysUntil(due)} days`);
  });
});
