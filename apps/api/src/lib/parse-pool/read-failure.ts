import { AppError, badRequest } from '../errors';
import type { ReadFailure } from './tasks';

/** One wording for every upload path (SPEC §8: the user learns what to fix, not just "failed"). */
export const PDF_ENCRYPTED = 'This PDF is password-protected. Remove the password and upload it again.';
export const PDF_NO_TEXT = 'This PDF has no text layer (it looks like a scan). Run OCR on it and upload it again.';
export const DOCX_NO_TEXT = 'This Word document has no text. Add the draft text and upload it again.';
export const tooManyPages = (maxPages: number, pageCount: number) =>
  `This PDF has more than ${maxPages.toLocaleString('en-US')} pages (it has ${pageCount.toLocaleString('en-US')}). Upload the part you need, or split it.`;

/**
 * The refusal for a file a worker could not read: 400 `invalidMessage` when it is not what it
 * claims to be, 422 when it is but cannot be used (scan, password, empty .docx), 413 over the page cap.
 */
export function readFailureError(failure: ReadFailure, invalidMessage: string): AppError {
  switch (failure.reason) {
    case 'invalid':
    case 'docx_invalid':
      return badRequest(invalidMessage);
    case 'encrypted':
      return new AppError(422, 'VALIDATION', PDF_ENCRYPTED);
    case 'no_text':
      return new AppError(422, 'VALIDATION', PDF_NO_TEXT);
    case 'docx_no_text':
      return new AppError(422, 'VALIDATION', DOCX_NO_TEXT);
    case 'too_many_pages':
      return new AppError(413, 'VALIDATION', tooManyPages(failure.maxPages, failure.pageCount));
  }
}
