import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { pdfWithoutText, solicitationPdf } from '../../../test/solicitation-pdf';
import { solicitationPdfs } from '../../db/schema/index';

let t: TestApp;
let token: string;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  token = (await createUser(t.db, t.config)).token;
  pdf = await solicitationPdf();
});
afterAll(async () => {
  await t.close();
});

const upload = (opportunityId: string, body: ReturnType<typeof multipartFile>, as: string | null = token) =>
  t.injectAs(as, { method: 'POST', url: `/api/opportunities/${opportunityId}/upload-pdf`, ...body });

async function storedPdfCount(opportunityId: string): Promise<number> {
  return (await t.db.select().from(solicitationPdfs).where(eq(solicitationPdfs.opportunityId, opportunityId))).length;
}

describe('POST /api/opportunities/{id}/upload-pdf', () => {
  it('extracts the requirements, stores file and requirements, and marks the opportunity processed', async () => {
    const id = await createOpportunity(t.db);
    const res = await upload(id, multipartFile('file', 'RFP Section L-M.PDF', pdf));
    expect(res.statusCode).toBe(200);
    const { metadata, message } = res.json();
    expect(metadata.page_count).toBe(3);
    expect(metadata.requirements_count).toBe(metadata.requirements.length);
    expect(message).toContain(`${metadata.requirements_count} requirements`);
    const bySection = (s: string) => metadata.requirements.filter((r: { section: string }) => r.section === s);
    expect(bySection('L').length).toBeGreaterThanOrEqual(4);
    expect(bySection('M').length).toBeGreaterThanOrEqual(3);
    expect(bySection('C').length).toBeGreaterThanOrEqual(2);
    const pageLimit = metadata.requirements.find((r: { text: string }) => r.text.includes('20 pages'));
    expect(pageLimit).toMatchObject({ section: 'L', must_or_should: 'must', page: 2 });

    const opportunity = (await t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}` })).json();
    expect(opportunity.pdf_processed).toBe(true);
    const requirements = await t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}/requirements` });
    // The list adds each requirement's basis and lead-in (issue 23); the rest is what the upload answered.
    expect(requirements.json().every((r: { lead_in?: unknown }) => r.lead_in === null || typeof r.lead_in === 'string')).toBe(true);
    expect(requirements.json().map(({ basis: _basis, lead_in: _leadIn, ...r }: { basis: unknown; lead_in: unknown }) => r)).toEqual(
      metadata.requirements,
    );
    const files = readdirSync(path.join(t.config.DATA_DIR, 'files'), { recursive: true }).map(String);
    expect(files.some((f) => /[0-9a-f]{64}$/.test(f))).toBe(true);
  });

  it('refuses a file that is not a PDF by name or by content, and stores nothing', async () => {
    const id = await createOpportunity(t.db);
    for (const body of [
      multipartFile('file', 'solicitation.docx', pdf),
      multipartFile('file', 'solicitation.pdf', new TextEncoder().encode('plain text, not a PDF'), 'application/pdf'),
      multipartFile('document', 'solicitation.pdf', pdf),
    ]) {
      const res = await upload(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Please upload a PDF file');
    }
    const json = await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${id}/upload-pdf`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toBe('Please upload a PDF file');
    expect(await storedPdfCount(id)).toBe(0);
    expect((await t.injectAs(token, { method: 'GET', url: `/api/opportunities/${id}` })).json().pdf_processed).toBe(false);
  });

  it('says a scanned PDF has no text layer instead of reporting zero requirements', async () => {
    const id = await createOpportunity(t.db);
    const res = await upload(id, multipartFile('file', 'scan.pdf', await pdfWithoutText()));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/no text layer/);
    expect(await storedPdfCount(id)).toBe(0);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413', async () => {
    const id = await createOpportunity(t.db);
    const big = new Uint8Array(70 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await upload(id, multipartFile('file', 'big.pdf', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/larger than/);
    expect(await storedPdfCount(id)).toBe(0);
  });

  it('answers 404 for an unknown opportunity and 401 without a token', async () => {
    const body = multipartFile('file', 'rfp.pdf', pdf);
    const missing = await upload('00000000-0000-4000-8000-000000000000', body);
    expect(missing.statusCode).toBe(404);
    expect((await upload('not-a-uuid', body)).statusCode).toBe(404);
    const id = await createOpportunity(t.db);
    expect((await upload(id, body, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/opportunities/${id}/requirements` })).statusCode).toBe(401);
    expect(await storedPdfCount(id)).toBe(0);
  });
});
