import type { UploadPdfResponse } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { readFailureError } from '../../lib/parse-pool/read-failure';
import { assertStorageQuota, storeFileThen } from '../../lib/stored-files';
import { recordActivity } from '../activity/activity.service';
import { requireOpportunity } from '../opportunities/opportunities.service';
import * as pdfs from './solicitation-pdfs.repository';

export const PDF_ONLY = 'Please upload a PDF file';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * SPEC §7 POST /opportunities/{id}/upload-pdf: reads the solicitation, extracts its requirements
 * with the built-in engine, stores file and requirements and marks the opportunity processed.
 * A PDF the engine cannot read is refused with the reason, never stored as "0 requirements".
 * The reading runs in a parse worker (PDF_MAX_PAGES, PARSE_TIMEOUT_MS); the file is stored only
 * once its row can be written, and removed again if that fails.
 */
export async function uploadSolicitationPdf(ctx: AuthedCtx, opportunityId: string, file: UploadedFile): Promise<UploadPdfResponse> {
  const opportunity = await requireOpportunity(ctx, opportunityId);
  if (!/\.pdf$/i.test(file.fileName.trim())) throw badRequest(PDF_ONLY);
  await assertStorageQuota(ctx, file.bytes.byteLength);

  const read = await ctx.parser.readSolicitation(
    { bytes: file.bytes, maxPages: ctx.config.PDF_MAX_PAGES },
    ctx.config.PARSE_TIMEOUT_MS,
    ctx.actor.id,
  );
  if (!read.ok) throw readFailureError(read, PDF_ONLY);
  const { requirements, pageCount, acronyms, formFacts } = read;
  await storeFileThen(ctx, file.bytes, async (stored) => {
    const row = await pdfs.insertProcessed(ctx.db, {
      opportunityId: opportunity.id,
      uploadedBy: ctx.actor.id,
      fileName: file.fileName.trim().slice(0, 255),
      storageKey: stored.key,
      sizeBytes: stored.size,
      pageCount,
      requirements,
      acronyms,
      formFacts,
    });
    // Deleted (admin clear) while the PDF was being read: nothing is kept, the file included.
    if (!row) throw notFound('Opportunity not found');
    return row;
  });
  await recordActivity(ctx.db, ctx.actor, {
    action: 'opportunity.pdf_processed',
    solicitationNumber: opportunity.solicitationNumber,
    targetType: 'opportunity',
    targetId: opportunity.id,
    details: { file_name: file.fileName, pages: pageCount, requirements: requirements.length },
  });
  return {
    message: `PDF processed: ${plural(requirements.length, 'requirement')} extracted`,
    metadata: { file_name: file.fileName, page_count: pageCount, requirements_count: requirements.length, requirements },
  };
}
