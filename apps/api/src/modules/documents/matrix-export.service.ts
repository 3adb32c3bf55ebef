import { complianceMatrixRows, type ComplianceMatrixRow, type Requirement } from '@biddesk/analysis';
import { basisText } from '@biddesk/shared';
import ExcelJS from 'exceljs';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { neutraliseFormula, spreadsheetCsv } from '../../lib/spreadsheet-cell';
import { requireOwnDocument } from './documents.service';
import { outlineDocx } from './outline-docx';
import * as pdfs from './solicitation-pdfs.repository';

export type MatrixFormat = 'csv' | 'xlsx';
export type ExportFormat = MatrixFormat | 'docx' | 'md';

const COLUMNS: { header: string; key: keyof ComplianceMatrixRow; width: number }[] = [
  { header: 'ID', key: 'id', width: 10 },
  { header: 'Section', key: 'section', width: 9 },
  { header: 'Page', key: 'page', width: 7 },
  { header: 'Requirement', key: 'requirement', width: 80 },
  { header: 'Must/Should', key: 'must_or_should', width: 12 },
  { header: 'Weight', key: 'weight', width: 8 },
  { header: 'Proposal Volume/Section', key: 'volume', width: 40 },
  { header: 'Status', key: 'status', width: 14 },
];
// A list item reads with its lead-in: a "Lead-in" column just before the requirement's own text.
const TEXT_AT = COLUMNS.findIndex((c) => c.key === 'requirement');
const withLeadIn = <T>(cells: T[], leadIn: T): T[] => [...cells.slice(0, TEXT_AT), leadIn, ...cells.slice(TEXT_AT)];
// Issue 23: why the engine took each requirement, after the columns a team fills in.
const HEADERS = [
  ...withLeadIn(
    COLUMNS.map((c) => c.header),
    'Lead-in',
  ),
  'Basis',
];
const WIDTHS = [
  ...withLeadIn(
    COLUMNS.map((c) => c.width),
    50,
  ),
  60,
];
const STATUSES = ['Not started', 'In progress', 'Drafted', 'Reviewed', 'Complete', 'N/A'];

export interface MatrixFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * The compliance matrix as a file proposal managers can work in: CSV (UTF-8 with BOM so Excel
 * reads it right) or a real spreadsheet with a frozen header, filters and a Status pick list.
 * Rows come from the requirements the document was generated from, not from its markdown.
 */
export async function exportComplianceMatrix(ctx: AuthedCtx, documentId: string, format: ExportFormat): Promise<MatrixFile> {
  const doc = await requireOwnDocument(ctx, documentId);
  const pdfId = typeof doc.metadata.source_pdf_id === 'string' ? doc.metadata.source_pdf_id : null;
  const requirements = (pdfId ? (await pdfs.findById(ctx.db, pdfId))?.requirements : undefined) ?? [];
  const fileBase = (doc.solicitationNumber || 'opportunity').replace(/[^A-Za-z0-9._-]+/g, '_');
  if (format === 'docx' || format === 'md') {
    // The Response Template as a Word outline (real heading styles) or as its text.
    if (doc.documentType !== 'rfp') throw badRequest('Only a response template can be exported as a Word outline or text');
    if (format === 'md')
      return {
        fileName: `${fileBase}_response_outline.md`,
        contentType: 'text/markdown; charset=utf-8',
        body: Buffer.from(doc.content, 'utf8'),
      };
    const title = typeof doc.metadata.title === 'string' ? doc.metadata.title : 'Response Outline';
    return {
      fileName: `${fileBase}_response_outline.docx`,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      body: await outlineDocx(title, doc.solicitationNumber, requirements as Requirement[]),
    };
  }
  if (doc.documentType !== 'compliance') throw badRequest('Only a compliance matrix can be exported as a spreadsheet');
  // Requirement text comes from the uploaded document: formula-like cells stay text in Excel.
  const byId = new Map(requirements.map((r) => [r.requirement_id, r]));
  const rows = complianceMatrixRows(requirements as Requirement[]).map((r) =>
    [
      ...withLeadIn<string | number | null>(
        COLUMNS.map((c) => r[c.key]),
        byId.get(r.id)?.lead_in ?? null,
      ),
      basisText(byId.get(r.id)?.basis),
    ].map(neutraliseFormula),
  );
  const base = `${(doc.solicitationNumber || 'opportunity').replace(/[^A-Za-z0-9._-]+/g, '_')}_compliance`;

  if (format === 'csv') {
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: spreadsheetCsv(HEADERS, rows) };
  }

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'BidDesk';
  const sheet = workbook.addWorksheet('Compliance Matrix', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS.map((header, i) => ({ header, width: WIDTHS[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row).alignment = { vertical: 'top', wrapText: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: HEADERS.length } };
  const statusColumn = HEADERS.indexOf('Status') + 1;
  for (let i = 2; i <= rows.length + 1; i += 1) {
    sheet.getCell(i, statusColumn).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${STATUSES.join(',')}"`] };
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
