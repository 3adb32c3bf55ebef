import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { realSf1449Pdf } from '../../../test/rfp-factories';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { GUEST_REFUSAL } from '../../lib/guest-access';

/**
 * GET /opportunities/{id}/form-facts (issue 22 item 4): the opportunity shows the offer due date its
 * solicitation's SF-1449 states, where it was read, and SAM's deadline beside it. Every internal user
 * reads it (as the requirements); a guest never sees opportunity data.
 */

let t: TestApp;
let alice: { token: string };
let guest: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.db, t.config, { name: 'Alice' });
  guest = await createUser(t.db, t.config, { name: 'Gus Guest', isGuest: true });
});
afterAll(async () => {
  await t.close();
});

const facts = (id: string, token: string | null = alice.token) =>
  t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}/form-facts` });
const upload = (id: string, name: string, bytes: Uint8Array) =>
  t.injectAs(alice.token, { method: 'POST', url: `/api/opportunities/${id}/upload-pdf`, ...multipartFile('file', name, bytes) });

describe('GET /api/opportunities/{id}/form-facts', () => {
  it('gives the form due date with its source beside the notice deadline, flagged when they differ', async () => {
    const id = await createOpportunity(t.db, { responseDeadline: new Date('2017-07-12T14:00:00-04:00'), responseTimeZone: '-04:00' });
    expect((await facts(id)).json()).toEqual({ file_name: null, form_facts: null });
    expect((await upload(id, 'SF1449.pdf', realSf1449Pdf())).statusCode).toBe(200);
    const res = await facts(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.file_name).toBe('SF1449.pdf');
    expect(body.form_facts.offer_due).toMatchObject({ text: 'Jul 10, 2017, 1:00 PM EST', source: 'SF-1449 block 8, p. 1' });
    expect(body.form_facts.due_check).toMatchObject({ agreement: 'differs', notice_text: 'Jul 12, 2017, 2:00 PM UTC-04:00' });
    // Another internal user reads the same.
    const bob = await createUser(t.db, t.config, { name: 'Bob' });
    expect((await facts(id, bob.token)).json()).toEqual(body);
  });

  it('gives null facts for a PDF without a filled form', async () => {
    const id = await createOpportunity(t.db);
    expect((await upload(id, 'rfp.pdf', await solicitationPdf())).statusCode).toBe(200);
    expect((await facts(id)).json()).toEqual({ file_name: 'rfp.pdf', form_facts: null });
  });

  it('answers 401 anonymous, 403 to a guest, 404 for an unknown or malformed id', async () => {
    const id = await createOpportunity(t.db);
    const anonymous = await facts(id, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBeTruthy();
    const refused = await facts(id, guest.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(GUEST_REFUSAL);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await facts(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Opportunity not found');
    }
  });
});
