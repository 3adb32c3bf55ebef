import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { solicitationPdf } from '../../../test/solicitation-pdf';

let t: TestApp;
let token: string;
let otherToken: string;
let matrixId: string;
let briefId: string;
let requirementIds: string[];
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  otherToken = (await createUser(t.db, t.config)).token;
  const id = await createOpportunity(t.db, { solicitationNumber: 'W912/26 R-7' });
  const up = await t.injectAs(token, {
    method: 'POST',
    url: `/api/opportunities/${id}/upload-pdf`,
    ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
  });
  requirementIds = up.json().metadata.requirements.map((r: { requirement_id: string }) => r.requirement_id);
  const gen = (document_type: string) =>
    t.injectAs(token, { method: 'POST', url: '/api/documents/generate', payload: { opportunity_id: id, document_type } });
  matrixId = (await gen('compliance')).json().id;
  briefId = (await gen('brief')).json().id;
});
afterAll(async () => {
  await t.close();
});

const exportAs = (format: string, id = matrixId, as: string | null = token) =>
  t.injectAs(as, { method: 'GET', url: `/api/generated-documents/${id}/export?format=${format}` });

describe('GET /api/generated-documents/{id}/export', () => {
  it('downloads the compliance matrix as CSV with one row per requirement', async () => {
    const res = await exportAs('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="W912_26_R-7_compliance.csv"');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows: string[][] = parse(res.body.slice(1));
    expect(rows[0]).toEqual([
      'ID',
      'Section',
      'Page',
      'Lead-in',
      'Requirement',
      'Must/Should',
      'Weight',
      'Proposal Volume/Section',
      'Status',
      'Basis',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...requirementIds].sort());
    const pageLimit = rows.find((r) => r[4]!.includes('20 pages'))!;
    expect(pageLimit.slice(1, 4)).toEqual(['L', '2', '']);
    expect(pageLimit[5]).toBe('Must');
    expect(pageLimit[7]).not.toBe('');
    // Issue 23: why the engine took it.
    expect(pageLimit[9]).toMatch(/^rules: .+ · cue: shall · section: .+p\. 2/);
  });

  it('downloads a real .xlsx workbook with a frozen header and a Status pick list', async () => {
    const res = await exportAs('xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('_compliance.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Compliance Matrix')!;
    expect(sheet.rowCount).toBe(requirementIds.length + 1);
    expect(sheet.getRow(1).getCell(5).value).toBe('Requirement');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell(2, 9).value).toBe('Not started');
    expect(sheet.getCell(2, 9).dataValidation).toMatchObject({ type: 'list' });
  });

  it('refuses other document types, bad formats, other users and anonymous callers', async () => {
    const brief = await exportAs('csv', briefId);
    expect(brief.statusCode).toBe(400);
    expect(brief.json().detail).toBe('Only a compliance matrix can be exported as a spreadsheet');
    const format = await exportAs('pdf');
    expect(format.statusCode).toBe(400);
    expect(format.json().detail).toBe('format must be csv, xlsx, docx or md');
    expect((await exportAs('csv', matrixId, otherToken)).statusCode).toBe(404);
    expect((await exportAs('csv', matrixId, null)).statusCode).toBe(401);
    expect((await exportAs('csv', 'nope')).statusCode).toBe(404);
  });
});
