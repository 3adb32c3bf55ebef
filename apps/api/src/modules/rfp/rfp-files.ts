import type { DraftAnalysis, Requirement } from '@biddesk/analysis';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { readFailureError } from '../../lib/parse-pool/read-failure';
import type { SolicitationRead } from '../../lib/parse-pool/tasks';
import { assertStorageQuota } from '../../lib/stored-files';
import type { UploadedFile } from '../../lib/uploaded-file';

export const SELECT_RFP = 'Please select an RFP PDF file';
export const SELECT_DRAFT = 'Please select a draft proposal PDF';
export const PDF_ONLY = 'PDF files only';
export const DRAFT_TYPES = 'PDF files only (or a Word .docx for a draft)';
export const FILE_EMPTY = 'The selected file is empty';
export { DOCX_NO_TEXT } from '../../lib/parse-pool/read-failure';

const hasExtension = (file: UploadedFile, ext: string) => file.fileName.trim().toLowerCase().endsWith(ext);
const startsWith = (bytes: Buffer, magic: string) => bytes.subarray(0, magic.length).toString('latin1') === magic;

/** A present, non-empty file, or the 400 the upload area shows. */
export function requireFile(file: UploadedFile | undefined, selectMessage: string): UploadedFile {
  if (!file) throw badRequest(selectMessage);
  if (file.bytes.byteLength === 0) throw badRequest(FILE_EMPTY);
  return file;
}

export const isPdf = (file: UploadedFile) => hasExtension(file, '.pdf') && startsWith(file.bytes, '%PDF');
export const isDocx = (file: UploadedFile) => hasExtension(file, '.docx') && startsWith(file.bytes, 'PK\u0003\u0004');

/**
 * A solicitation PDF's page count, requirements and form facts, read in a parse worker (PDF_MAX_PAGES,
 * PARSE_TIMEOUT_MS) once the file is known to fit the uploader's quota. A file the engine cannot
 * read is refused with its reason: 422 for a scan or a password, 413 over the page cap, 400
 * `invalidMessage` for anything else.
 */
export async function readSolicitationPdf(ctx: AuthedCtx, file: UploadedFile, invalidMessage: string): Promise<SolicitationRead> {
  if (!isPdf(file)) throw badRequest(invalidMessage);
  await assertStorageQuota(ctx, file.bytes.byteLength);
  const read = await ctx.parser.readSolicitation(
    { bytes: file.bytes, maxPages: ctx.config.PDF_MAX_PAGES },
    ctx.config.PARSE_TIMEOUT_MS,
    ctx.actor.id,
  );
  if (!read.ok) throw readFailureError(read, invalidMessage);
  return { pageCount: read.pageCount, requirements: read.requirements, acronyms: read.acronyms, formFacts: read.formFacts };
}

/**
 * A draft scored against `requirements` in a parse worker: a PDF page by page (so matches carry
 * pages and headings), a .docx (mammoth) as one text. Scoring 400 requirements is CPU work too.
 */
export async function scoreDraftFile(ctx: AuthedCtx, file: UploadedFile, requirements: Requirement[]): Promise<DraftAnalysis> {
  const kind = isPdf(file) ? 'pdf' : isDocx(file) ? 'docx' : null;
  if (!kind) throw badRequest(DRAFT_TYPES);
  await assertStorageQuota(ctx, file.bytes.byteLength);
  const read = await ctx.parser.analyzeDraft(
    { bytes: file.bytes, kind, maxPages: ctx.config.PDF_MAX_PAGES, requirements },
    ctx.config.PARSE_TIMEOUT_MS,
    ctx.actor.id,
  );
  if (!read.ok) throw readFailureError(read, DRAFT_TYPES);
  return read.analysis;
}
