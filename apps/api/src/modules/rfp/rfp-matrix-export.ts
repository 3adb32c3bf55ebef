import { RFP_REQUIREMENT_STATUS_LABELS, basisText, type RfpMatrixRow } from '@biddesk/shared';
import ExcelJS from 'exceljs';
import type { AuthedCtx } from '../../lib/ctx';
import { neutraliseFormula, spreadsheetCsv } from '../../lib/spreadsheet-cell';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { describeChange } from './rfp-corrections';
import { buildMatrix } from './rfp-matrix.service';

export type MatrixFormat = 'csv' | 'xlsx';

const TASK_STATUS: Record<string, string> = { TODO: 'To Do', IN_PROGRESS: 'In Progress', REVIEW: 'Review', DONE: 'Done' };
const DRAFT_STATUS: Record<string, string> = RFP_REQUIREMENT_STATUS_LABELS;

const COLUMNS: { header: string; width: number; value: (r: RfpMatrixRow) => string | number | null }[] = [
  { header: 'Requirement', width: 12, value: (r) => r.requirement_id },
  { header: 'Section', width: 9, value: (r) => r.section },
  { header: 'Must/Should', width: 12, value: (r) => r.must_or_should },
  // A list item reads with its lead-in: its own column, so the text column stays the item as scored and corrected.
  { header: 'Lead-in', width: 50, value: (r) => r.lead_in },
  { header: 'Requirement text', width: 80, value: (r) => r.text },
  { header: 'Page', width: 7, value: (r) => r.page },
  { header: 'Task', width: 40, value: (r) => r.task?.title ?? null },
  { header: 'Assignee', width: 20, value: (r) => r.task?.assignee_name ?? null },
  { header: 'Task status', width: 12, value: (r) => (r.task ? (TASK_STATUS[r.task.status] ?? r.task.status) : null) },
  { header: 'Draft status', width: 12, value: (r) => (r.draft ? DRAFT_STATUS[r.draft.status] : null) },
  {
    header: 'Draft location',
    width: 40,
    value: (r) => (r.draft?.location_hint ? `${r.draft.location_hint}${r.draft.page ? ` (page ${r.draft.page})` : ''}` : null),
  },
  // Issue 23: why the engine took it, and what the team changed (rows marked not a requirement are not exported).
  { header: 'Basis', width: 60, value: (r) => basisText(r.basis) },
  {
    header: 'Correction',
    width: 30,
    value: (r) =>
      r.correction
        ? `corrected from the engine's ${describeChange(r.correction.engine, r.correction.section, r.correction.must_or_should)}`
        : null,
  },
  {
    header: 'Amendment',
    width: 40,
    value: (r) =>
      [
        r.amendment ? `${r.amendment.change === 'added' ? 'Added' : 'Changed'} in version ${r.amendment.version}` : null,
        r.task?.requirements_changed ? 'task flagged for review' : null,
      ]
        .filter(Boolean)
        .join('; ') || null,
  },
];

export interface MatrixFile {
  fileName: string;
  body: Buffer;
}

/**
 * GET /workspaces/{id}/rfp/matrix/export (beyond SPEC): the compliance matrix as CSV (UTF-8 with a
 * BOM so Excel reads it right) or an .xlsx with a frozen header and filters; any member may read it.
 * Named after the opportunity's solicitation number, else the workspace.
 */
export async function exportMatrix(ctx: AuthedCtx, workspaceId: string, format: MatrixFormat): Promise<MatrixFile> {
  const { matrix, workspace } = await buildMatrix(ctx, workspaceId);
  const brief = workspace.opportunityId ? await workspacesRepository.findOpportunityBrief(ctx.db, workspace.opportunityId) : undefined;
  const base =
    (brief?.solicitationNumber || workspace.opportunitySnapshot?.solicitation_number || workspace.name)
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'workspace';
  // Requirement text and task titles come from documents and users: formula-like cells stay text.
  const cells = matrix.rows.map((r) => COLUMNS.map((c) => neutraliseFormula(c.value(r))));

  if (format === 'csv') {
    return {
      fileName: `${base}_compliance_matrix.csv`,
      body: spreadsheetCsv(
        COLUMNS.map((c) => c.header),
        cells,
      ),
    };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'BidDesk';
  const sheet = workbook.addWorksheet('Compliance Matrix', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of cells) sheet.addRow(row).alignment = { vertical: 'top', wrapText: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return { fileName: `${base}_compliance_matrix.xlsx`, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
