import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';

export const SELECT_A_FILE = 'Please select a file';
const NAME_MAX = 255;

/** A file read whole from a multipart request. */
export interface UploadedFile {
  fileName: string;
  contentType: string | null;
  bytes: Buffer;
}

/** The name a user's file is stored under: no path parts or control characters, at most 255 characters. */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const name = clean === '.' || clean === '..' ? '' : clean;
  return Array.from(name).slice(0, NAME_MAX).join('') || 'document';
}

function describeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

/**
 * Reads a multipart body: the one file in field `file` (whole, bounded by `maxBytes` while it
 * streams) and the text fields. 413 with a readable detail when the file is too large.
 */
export async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return { fields };
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && part.filename) file = { fileName: sanitizeFileName(part.filename), contentType: part.mimetype ?? null, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'VALIDATION', `The file is larger than the ${describeLimit(maxBytes)} upload limit`);
    }
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Please send one file at a time');
    throw err;
  }
  return { file, fields };
}

/** Types a browser may be told; anything else (HTML, SVG, scripts) goes out as octet-stream. */
const SAFE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

export function safeContentType(fileName: string): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return SAFE_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Sends stored bytes as a download (WORKSPACES.md §2): always an attachment with an ASCII fallback
 * name and the exact name RFC 5987-encoded, never sniffed, never user HTML inline.
 */
export function sendAttachment(reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('content-type', safeContentType(fileName))
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
