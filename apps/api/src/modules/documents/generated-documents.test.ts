import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { solicitationPdf } from '../../../test/solicitation-pdf';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RFP_DATA } from '../../../test/rfp-factories';
import { activity, generatedDocuments, solicitationPdfs } from '../../db/schema/index';
import { startFakeOpenAi } from '../../integrations/llm/fake-openai-server';

let t: TestApp;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.db, t.config, { name: 'Alice' });
  const b = await createUser(t.db, t.config, { name: 'Bob' });
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
});
afterAll(async () => {
  await t.close();
});

const generate = (token: string | null, payload: object, app = t) =>
  app.injectAs(token, { method: 'POST', url: '/api/documents/generate', payload });

async function withPdf(): Promise<string> {
  const id = await createOpportunity(t.db, { title: 'Custodial services for Building 12', solicitationNumber: 'W912-26-R-0042' });
  const res = await t.injectAs(alice.token, {
    method: 'POST',
    url: `/api/opportunities/${id}/upload-pdf`,
    ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
  });
  expect(res.statusCode).toBe(200);
  return id;
}

describe('POST /api/documents/generate', () => {
  it('writes a brief from the metadata alone when no PDF was uploaded', async () => {
    const id = await createOpportunity(t.db, {
      title: 'Roof repair at Fort Example',
      solicitationNumber: 'SOL-ROOF-1',
      description: '<p>Replace the roof of Building 7.</p>',
    });
    const res = await generate(alice.token, { opportunity_id: id, document_type: 'brief' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      document_type: 'brief',
      solicitation_number: 'SOL-ROOF-1',
      opportunity_id: id,
      metadata: { title: 'Roof repair at Fort Example', agency: 'DEPT OF DEFENSE' },
    });
    expect(doc.content).toContain('Roof repair at Fort Example');
    expect(doc.content).toContain('Replace the roof of Building 7.');
    expect(doc.content).not.toContain('<p>');
  });

  it('builds a compliance matrix citing the extracted requirement ids', async () => {
    const id = await withPdf();
    const requirements = (await t.injectAs(alice.token, { method: 'GET', url: `/api/opportunities/${id}/requirements` })).json();
    const res = await generate(alice.token, { opportunity_id: id, document_type: 'compliance' });
    expect(res.statusCode).toBe(200);
    const content: string = res.json().content;
    for (const r of requirements) expect(content).toContain(r.requirement_id);
    expect(content).toMatch(/\|\s*ID\s*\|/);
    for (const type of ['rfi', 'rfp'] as const) {
      const other = await generate(alice.token, { opportunity_id: id, document_type: type });
      expect(other.statusCode).toBe(200);
      expect(other.json().content.length).toBeGreaterThan(200);
    }
    const [logged] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, alice.id), eq(activity.action, 'document.generated'), eq(activity.documentType, 'compliance')));
    expect(logged).toMatchObject({ solicitationNumber: 'W912-26-R-0042' });
  });

  it('never asks the Contracting Officer to define a term the solicitation spells out (TDRS RFQ)', async () => {
    const id = await createOpportunity(t.db, { title: 'TANF Data Reporting System', solicitationNumber: 'RFQ-TDRS-2020' });
    const pdf = readFileSync(path.join(RFP_DATA, 'gsa-tdrs-rfq.pdf'));
    const up = await t.injectAs(alice.token, {
      method: 'POST',
      url: `/api/opportunities/${id}/upload-pdf`,
      ...multipartFile('file', 'tdrs.pdf', pdf),
    });
    expect(up.statusCode).toBe(200);
    // The parse worker learned the expansions from the whole text and they were stored with the PDF.
    const [stored] = await t.db.select().from(solicitationPdfs).where(eq(solicitationPdfs.opportunityId, id));
    expect(stored.acronyms).toMatchObject({
      TDRS: 'TANF Data Reporting System',
      OFA: 'Office of Family Assistance',
      TANF: 'Temporary Assistance for Needy Families',
    });
    const res = await generate(alice.token, { opportunity_id: id, document_type: 'rfi' });
    expect(res.statusCode).toBe(200);
    const content: string = res.json().content;
    for (const term of ['TDRS', 'OFA', 'TANF', 'ACF'])
      expect(content, term).not.toMatch(new RegExp(`Undefined term "${term}"|"${term}"[,.]`));
    // A term it never spells out is still asked about: the check is real, not switched off.
    expect(content).toContain('Undefined term "OSCAL"');
  });

  it('refuses bad input with a readable detail and stores nothing', async () => {
    const id = await createOpportunity(t.db);
    const before = (await t.db.select().from(generatedDocuments)).length;
    const bad = [
      [{ opportunity_id: id, document_type: 'poem' }, 400, /document_type/],
      [{ opportunity_id: 'abc', document_type: 'brief' }, 400, /opportunity_id/],
      [{ document_type: 'brief' }, 400, /opportunity_id|expected/i],
      [{ opportunity_id: '00000000-0000-4000-8000-000000000000', document_type: 'brief' }, 404, /Opportunity not found/],
    ] as const;
    for (const [payload, status, detail] of bad) {
      const res = await generate(alice.token, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await generate(null, { opportunity_id: id, document_type: 'brief' })).statusCode).toBe(401);
    expect((await t.db.select().from(generatedDocuments)).length).toBe(before);
  });
});

describe('GET /api/documents and DELETE /api/generated-documents/{id}', () => {
  it("shows and deletes only the caller's own documents", async () => {
    const id = await createOpportunity(t.db);
    const mine = (await generate(alice.token, { opportunity_id: id, document_type: 'rfi' })).json();
    const other = await createOpportunity(t.db);
    await generate(alice.token, { opportunity_id: other, document_type: 'brief' });

    const list = await t.injectAs(alice.token, { method: 'GET', url: `/api/documents?opportunity_id=${id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect((await t.injectAs(alice.token, { method: 'GET', url: '/api/documents' })).json().length).toBeGreaterThanOrEqual(2);
    expect((await t.injectAs(bob.token, { method: 'GET', url: '/api/documents' })).json()).toEqual([]);
    expect((await t.injectAs(alice.token, { method: 'GET', url: '/api/documents?opportunity_id=nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/documents' })).statusCode).toBe(401);

    const stolen = await t.injectAs(bob.token, { method: 'DELETE', url: `/api/generated-documents/${mine.id}` });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe('Document not found');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/generated-documents/${mine.id}` })).statusCode).toBe(401);
    expect((await t.injectAs(alice.token, { method: 'DELETE', url: '/api/generated-documents/not-a-uuid' })).statusCode).toBe(404);

    const deleted = await t.injectAs(alice.token, { method: 'DELETE', url: `/api/generated-documents/${mine.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await t.injectAs(alice.token, { method: 'GET', url: `/api/documents?opportunity_id=${id}` })).json()).toEqual([]);
  });
});

describe('with the openai provider', () => {
  it('keeps the polished prose, strips requirement ids the model invented, and stores nothing when it fails', async () => {
    let fail = false;
    const fake = await startFakeOpenAi((req) => {
      if (fail) return { status: 500 };
      const markdown = req.body.messages.at(-1)!.content;
      const firstId = /\[([LMCO]-[0-9a-z.()-]+)\]/.exec(markdown)?.[1] ?? '';
      return { content: `# Polished\n\nWe answer ${firstId} and [L-999] in full.` };
    });
    const ai = await buildTestApp({ AI_PROVIDER: 'openai', AI_BASE_URL: `${fake.url}/v1`, AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' });
    try {
      const user = await createUser(ai.db, ai.config);
      const id = await createOpportunity(ai.db);
      const up = await ai.injectAs(user.token, {
        method: 'POST',
        url: `/api/opportunities/${id}/upload-pdf`,
        ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
      });
      expect(up.statusCode).toBe(200);
      const ok = await generate(user.token, { opportunity_id: id, document_type: 'brief', tone: 'formal' }, ai);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().content).toMatch(/^# Polished/);
      expect(ok.json().content).toMatch(/We answer [LMCO]-[0-9a-z.()-]+ and\s+in full/);
      expect(ok.json().content).not.toContain('L-999');
      expect(fake.requests[0]!.body.messages[0]!.content).toContain('formal');

      fail = true;
      const failed = await generate(user.token, { opportunity_id: id, document_type: 'rfi' }, ai);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().detail).toMatch(/AI provider failed/);
      const stored = await ai.db.select().from(generatedDocuments).where(eq(generatedDocuments.userId, user.user.id));
      expect(stored.map((d) => d.documentType)).toEqual(['brief']);
    } finally {
      await ai.close();
      await fake.close();
    }
  });
});
