import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { solicitationPdf } from '../../../test/solicitation-pdf';

/** Issue 24: the Response Template downloads as a Word outline with real heading styles, and as text. */

let t: TestApp;
let token: string;
let otherToken: string;
let templateId: string;
let matrixId: string;
let template: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  otherToken = (await createUser(t.db, t.config)).token;
  const id = await createOpportunity(t.db, { solicitationNumber: 'W912/26 R-9' });
  await t.injectAs(token, {
    method: 'POST',
    url: `/api/opportunities/${id}/upload-pdf`,
    ...multipartFile('file', 'rfp.pdf', await solicitationPdf()),
  });
  const gen = (document_type: string) =>
    t.injectAs(token, { method: 'POST', url: '/api/documents/generate', payload: { opportunity_id: id, document_type } });
  const made = (await gen('rfp')).json();
  templateId = made.id;
  template = made.content;
  matrixId = (await gen('compliance')).json().id;
});
afterAll(async () => {
  await t.close();
});

const exportAs = (format: string, id = templateId, as: string | null = token) =>
  t.injectAs(as, { method: 'GET', url: `/api/generated-documents/${id}/export?format=${format}` });

describe('GET /api/generated-documents/{id}/export?format=docx|md (response outline)', () => {
  it('downloads a .docx whose volumes and sections are Word headings, read back in order', async () => {
    const res = await exportAs('docx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe('attachment; filename="W912_26_R-9_response_outline.docx"');
    const { value: html } = await mammoth.convertToHtml({ buffer: res.rawPayload });
    const h1 = [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]);
    const h2 = [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
    // The same volumes and sections, in the same order, as the markdown template.
    const volumes = [...template.matchAll(/^## (.+)$/gm)]
      .map((m) => m[1])
      .filter((h) => !['Rules for the whole response', 'Evaluation Cross-Reference'].includes(h));
    const sections = [...template.matchAll(/^### (\d+\.\d+ .+)$/gm)].map((m) => m[1]);
    expect(volumes.length).toBeGreaterThan(0);
    expect(h1.filter((h) => h !== 'Rules for the whole response')).toEqual(volumes);
    expect(h2).toEqual(sections);
    // Owner and Due columns, and requirement ids with pages.
    expect(html).toContain('<th><p><strong>Owner</strong></p></th>');
    expect(html).toMatch(/L-[\w.()-]+ \(p\. \d+\)/);
  });

  it('downloads the template text as markdown', async () => {
    const res = await exportAs('md');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.body).toBe(template);
  });

  it('refuses a Word export of another document type, other users and anonymous callers', async () => {
    const matrix = await exportAs('docx', matrixId);
    expect(matrix.statusCode).toBe(400);
    expect(matrix.json().detail).toBe('Only a response template can be exported as a Word outline or text');
    const spreadsheet = await exportAs('xlsx');
    expect(spreadsheet.statusCode).toBe(400);
    expect((await exportAs('docx', templateId, otherToken)).statusCode).toBe(404);
    expect((await exportAs('docx', templateId, null)).statusCode).toBe(401);
  });
});
