import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDocuments, solicitationPdfs, type StoredRequirement } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { solicitationPdf } from '../../../test/solicitation-pdf';

const RISKY = ['=HYPERLINK("http://evil","click")', '+1+2 pages', '-5 points per missing page', '@SUM(A1:A2)', '\tcmd|calc', '\rcr first'];

let t: TestApp;
let token: string;
let matrixId: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  const id = await createOpportunity(t.db);
  await t.injectAs(token, {
    method: 'POST',
    url: `/api/opportunities/${id}/upload-pdf`,
    ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
  });
  matrixId = (
    await t.injectAs(token, {
      method: 'POST',
      url: '/api/documents/generate',
      payload: { opportunity_id: id, document_type: 'compliance' },
    })
  ).json().id;
  // The matrix's source PDF gets requirement lines a solicitation could carry.
  const [doc] = await t.db.select().from(generatedDocuments).where(eq(generatedDocuments.id, matrixId));
  const pdfId = String(doc!.metadata.source_pdf_id);
  const [pdf] = await t.db.select().from(solicitationPdfs).where(eq(solicitationPdfs.id, pdfId));
  const reqs = (pdf!.requirements as StoredRequirement[]).slice(0, RISKY.length).map((r, i) => ({ ...r, text: RISKY[i]! }));
  await t.db.update(solicitationPdfs).set({ requirements: reqs }).where(eq(solicitationPdfs.id, pdfId));
});
afterAll(async () => {
  await t.close();
});

const exportAs = (format: string) =>
  t.injectAs(token, { method: 'GET', url: `/api/generated-documents/${matrixId}/export?format=${format}` });

describe('compliance matrix export of an opportunity document', () => {
  it('keeps every formula-like requirement as text in the CSV', async () => {
    const res = await exportAs('csv');
    expect(res.statusCode).toBe(200);
    const rows: string[][] = parse(res.body.slice(1), { relax_column_count: true });
    // The requirement's column sits after the Lead-in column: found by its neighbour's header.
    const col = rows[0]!.indexOf('Lead-in') + 1;
    expect(col).toBeGreaterThan(0);
    const texts = rows.slice(1).map((r) => r[col]);
    expect(texts.sort()).toEqual(RISKY.map((v) => `'${v}`).sort());
  });

  it('keeps them as text in the .xlsx, no cell a formula', async () => {
    const res = await exportAs('xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Compliance Matrix')!;
    const texts: unknown[] = [];
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const col = headers.indexOf('Lead-in') + 1;
    expect(col).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      texts.push(sheet.getCell(r, col).value);
      for (let c = 1; c <= sheet.columnCount; c += 1) expect(sheet.getCell(r, c).type).not.toBe(ExcelJS.ValueType.Formula);
    }
    // Every risky line starts with the apostrophe (the .xlsx writer normalises the carriage return).
    expect(texts).toHaveLength(RISKY.length);
    for (const text of texts) expect(String(text)).toMatch(/^'/);
    expect(texts).toContain('\'=HYPERLINK("http://evil","click")');
  });
});
