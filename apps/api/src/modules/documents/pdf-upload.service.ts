import type { UploadPdfResponse } from '@biddesk/shared';
import { PdfReadError, extractPdfText, extractRequirements } from '@biddesk/analysis';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError, badRequest } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { requireOpportunity } from '../opportunities/opportunities.service';
import * as pdfs from './solicitation-pdfs.repository';

export const PDF_ONLY = 'Please upload a PDF file';

const PDF_FAILURE: Record<PdfReadError['code'], string> = {
  encrypted: 'This PDF is password-protected. Remove the password and upload it again.',
  no_text: 'This PDF has no text layer (it looks like a scan). Run OCR on it and upload it again.',
  invalid: PDF_ONLY,
};

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * SPEC §7 POST /opportunities/{id}/upload-pdf: reads the solicitation, extracts its requirements
 * with the built-in engine, stores file and requirements and marks the opportunity processed.
 * A PDF the engine cannot read is refused with the reason, never stored as "0 requirements".
 */
export async function uploadSolicitationPdf(ctx: AuthedCtx, opportunityId: string, file: UploadedFile): Promise<UploadPdfResponse> {
  const opportunity = await requireOpportunity(ctx, opportunityId);
  if (!/\.pdf$/i.test(file.fileName.trim())) throw badRequest(PDF_ONLY);

  let pages;
  try {
    ({ pages } = await extractPdfText(file.bytes));
  } catch (err) {
    if (err instanceof PdfReadError) throw new AppError(err.code === 'invalid' ? 400 : 422, 'VALIDATION', PDF_FAILURE[err.code]);
    throw err;
  }
  const requirements = extractRequirements(pages);
  const stored = await ctx.files.put(file.bytes);
  await pdfs.insertProcessed(ctx.db, {
    opportunityId: opportunity.id,
    uploadedBy: ctx.actor.id,
    fileName: file.fileName.trim().slice(0, 255),
    storageKey: stored.key,
    sizeBytes: stored.size,
    pageCount: pages.length,
    requirements,
  });
  await recordActivity(ctx.db, ctx.actor, {
    action: 'opportunity.pdf_processed',
    solicitationNumber: opportunity.solicitationNumber,
    targetType: 'opportunity',
    targetId: opportunity.id,
    details: { file_name: file.fileName, pages: pages.length, requirements: requirements.length },
  });
  return {
    message: `PDF processed: ${requirements.length} requirements extracted`,
    metadata: { file_name: file.fileName, page_count: pages.length, requirements_count: requirements.length, requirements },
  };
}
