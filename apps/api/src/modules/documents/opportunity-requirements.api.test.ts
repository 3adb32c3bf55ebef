import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { smallRequirements } from '../../../test/rfp-work-plan';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { solicitationPdfs } from '../../db/schema/index';

/**
 * Issue 23: GET /opportunities/{id}/requirements gives each requirement the engine's basis (the rules,
 * the cue, where its section came from) and the other pages it repeats on, as the workspace RFP
 * endpoints do; a requirement stored before the basis was recorded says so with null.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let token: string;
let userId: string;
const list = (id: string, as: string | null = token) => t.injectAs(as, { method: 'GET', url: `/api/opportunities/${id}/requirements` });

beforeAll(async () => {
  t = await buildTestApp();
  const u = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  token = u.token;
  userId = u.user.id;
});
afterAll(async () => {
  await t.close();
});

async function seeded(requirements = smallRequirements()): Promise<string> {
  const id = await createOpportunity(t.db, { title: 'Custodial services for Building 12', solicitationNumber: 'W912-26-R-0042' });
  await t.db
    .insert(solicitationPdfs)
    .values({ opportunityId: id, uploadedBy: userId, fileName: 'rfp.pdf', storageKey: 'k', sizeBytes: 1, pageCount: 3, requirements });
  return id;
}

describe('GET /api/opportunities/{id}/requirements', () => {
  it('gives each requirement of an uploaded PDF its basis', async () => {
    const id = await createOpportunity(t.db, { title: 'Custodial services', solicitationNumber: 'W912-26-R-0043' });
    const up = await t.injectAs(token, {
      method: 'POST',
      url: `/api/opportunities/${id}/upload-pdf`,
      ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
    });
    expect(up.statusCode).toBe(200);
    const res = await list(id);
    expect(res.statusCode).toBe(200);
    const l1 = (res.json() as Json[]).find((r) => r.requirement_id === 'L-1');
    expect(l1).toMatchObject({ section: 'L', must_or_should: 'must', page: 2 });
    expect(l1!.basis).toEqual({
      rules: expect.arrayContaining([expect.any(String)]),
      cue: 'shall',
      section: expect.stringContaining('p. 2'),
    });
  });

  it('lists the other pages of a merged repeat and null for a basis never recorded', async () => {
    const [first, ...rest] = smallRequirements();
    const { basis: _basis, ...bare } = rest[0]!;
    const id = await seeded([{ ...first!, pages: [4, 7] }, bare]);
    const body = (await list(id)).json() as Json[];
    expect(body[0]).toMatchObject({ requirement_id: first!.requirement_id, other_pages: [4, 7], basis: first!.basis });
    expect(body[1]).toMatchObject({ requirement_id: bare.requirement_id, basis: null });
    expect(body[1]).not.toHaveProperty('other_pages');
  });

  it('answers [] before any upload, 401 without a session and 404 for an unknown or malformed id', async () => {
    const id = await createOpportunity(t.db, { title: 'Nothing uploaded', solicitationNumber: 'W912-26-R-0044' });
    expect((await list(id)).json()).toEqual([]);
    expect((await list(id, null)).statusCode).toBe(401);
    const unknown = await list(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toEqual(expect.any(String));
    expect((await list('not-a-uuid')).statusCode).toBe(404);
  });
});
