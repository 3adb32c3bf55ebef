/** Reading an uploaded file from a multipart request: shared by documents, chat, RFP and PDF uploads. */
import type { FastifyRequest } from 'fastify';
import { sanitizeFileName } from './attachment';
import { AppError, badRequest } from './errors';

export const SELECT_A_FILE = 'Please select a file';

/** A file read whole from a multipart request. */
export interface UploadedFile {
  fileName: string;
  contentType: string | null;
  bytes: Buffer;
}

function describeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

export const ONE_FILE = 'Please send one file at a time';

/**
 * Reads a multipart body: the one file in field `file` (whole, bounded by `maxBytes` while it
 * streams) and the text fields. 413 with a readable detail when the file is too large; 400 when the
 * body carries more than one file (never silently reduced to one of them).
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge = (limit: string) => `The file is larger than the ${limit} upload limit`,
): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return { fields };
  let file: UploadedFile | undefined;
  let files = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A form posted without a chosen file sends an empty, nameless part: not a second file.
        if (!part.filename && bytes.length === 0) continue;
        if (++files > 1) throw badRequest(ONE_FILE);
        if (part.fieldname === 'file' && part.filename)
          file = { fileName: sanitizeFileName(part.filename), contentType: part.mimetype ?? null, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'VALIDATION', tooLarge(describeLimit(maxBytes)));
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE);
    throw err;
  }
  return { file, fields };
}
