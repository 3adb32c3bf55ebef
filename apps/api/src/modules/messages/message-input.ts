import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH } from '@biddesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import type { ChatInput } from './messages.service';

/** SPEC §5 wording for an attachment over the limit. */
export const ATTACHMENT_TOO_LARGE = 'Max 10MB';
const ONE_ATTACHMENT = 'Only one attachment can be sent with a message';
const TOO_LONG = `Message is too long (${CHAT_MESSAGE_MAX_LENGTH} characters at most)`;

const tooLarge = () => new AppError(413, 'VALIDATION', ATTACHMENT_TOO_LARGE);

/** A file name as shown and downloaded: no path, no control characters, at most 255 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'attachment';
}

/**
 * Reads the multipart fields `message` and `file` (SPEC §7). The attachment is bounded at 10 MB
 * while streaming: a larger one is refused with 413 before anything is stored.
 */
export async function readChatInput(request: FastifyRequest): Promise<ChatInput> {
  if (!request.isMultipart()) throw badRequest('Send the message as multipart/form-data');
  let text = '';
  let file: ChatInput['file'] = null;
  try {
    const parts = request.parts({ limits: { fileSize: CHAT_ATTACHMENT_MAX_BYTES, files: 1, fieldSize: CHAT_MESSAGE_MAX_LENGTH * 4 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'message') continue;
        if (part.valueTruncated) throw badRequest(TOO_LONG);
        text = String(part.value ?? '');
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      // A form posted without a chosen file sends an empty, nameless file part.
      if (!part.filename && bytes.length === 0) continue;
      if (part.fieldname !== 'file') throw badRequest('Attach the file in the field "file"');
      file = { fileName: cleanFileName(part.filename ?? ''), bytes };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(ONE_ATTACHMENT);
    throw err;
  }
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) throw badRequest(TOO_LONG);
  return { text, file };
}

/** Content types a browser may be told; anything else (HTML, SVG, scripts) goes out as octet-stream. */
const SAFE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/**
 * Sends an attachment (WORKSPACES.md §2): always `attachment` with an ASCII fallback name and the
 * exact name RFC 5987-encoded, `nosniff`, so user HTML is never rendered inline.
 */
export function sendAttachment(reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('content-type', SAFE_TYPES[ext] ?? 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
