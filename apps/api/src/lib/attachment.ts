/** Uploaded file names and downloads, shared by workspace documents and chat attachments (WORKSPACES.md §2). */
import type { FastifyReply } from 'fastify';

const NAME_MAX = 255;

/** The name a user's file is stored under: no path parts or control characters, at most 255 characters. */
export function sanitizeFileName(raw: string, fallback = 'document'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const name = clean === '.' || clean === '..' ? '' : clean;
  return Array.from(name).slice(0, NAME_MAX).join('') || fallback;
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
  // A spreadsheet opens a CSV by its type; with nosniff and attachment no browser renders it.
  csv: 'text/csv; charset=utf-8',
};

/** The content type a download is sent with. */
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
