import { PdfReadError, extractPdfText, type PageText } from '@biddesk/analysis';
import mammoth from 'mammoth';
import { AppError, badRequest } from '../../lib/errors';
import type { UploadedFile } from '../workspace-documents/document-files';

export const SELECT_RFP = 'Please select an RFP PDF file';
export const SELECT_DRAFT = 'Please select a draft proposal PDF';
export const PDF_ONLY = 'PDF files only';
export const DRAFT_TYPES = 'PDF files only (or a Word .docx for a draft)';
export const FILE_EMPTY = 'The selected file is empty';
export const DOCX_NO_TEXT = 'This Word document has no text. Add the draft text and upload it again.';

// Same wording as the opportunity PDF upload: the user learns what to fix, not just "failed".
const PDF_FAILURE: Record<Exclude<PdfReadError['code'], 'invalid'>, string> = {
  encrypted: 'This PDF is password-protected. Remove the password and upload it again.',
  no_text: 'This PDF has no text layer (it looks like a scan). Run OCR on it and upload it again.',
};

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
 * The pages of a PDF, page by page. A file the engine cannot read is refused with its reason: 422
 * for a scan or a password (a PDF, but unusable), 400 `invalidMessage` for anything else.
 * Parsing runs on the request thread for now; issue 16 moves it to workers.
 */
export async function readPdfPages(file: UploadedFile, invalidMessage: string): Promise<PageText[]> {
  if (!isPdf(file)) throw badRequest(invalidMessage);
  try {
    return (await extractPdfText(file.bytes)).pages;
  } catch (err) {
    if (err instanceof PdfReadError) {
      if (err.code === 'invalid') throw badRequest(invalidMessage);
      throw new AppError(422, 'VALIDATION', PDF_FAILURE[err.code]);
    }
    throw err;
  }
}

/** A draft's text: a PDF page by page (so matches carry pages and headings), a .docx as one text. */
export async function readDraft(file: UploadedFile): Promise<string | PageText[]> {
  if (isPdf(file)) return readPdfPages(file, DRAFT_TYPES);
  if (!isDocx(file)) throw badRequest(DRAFT_TYPES);
  let text: string;
  try {
    ({ value: text } = await mammoth.extractRawText({ buffer: file.bytes }));
  } catch {
    // Not a Word document after all (a renamed zip, a damaged file).
    throw badRequest(DRAFT_TYPES);
  }
  if (text.replace(/\s+/g, '').length === 0) throw new AppError(422, 'VALIDATION', DOCX_NO_TEXT);
  return text;
}
