import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH } from '@biddesk/shared';
import type { FastifyRequest } from 'fastify';
import { sanitizeFileName } from '../../lib/attachment';
import { AppError, badRequest } from '../../lib/errors';
import type { ChatInput } from './messages.service';

/** SPEC §5 wording for an attachment over the limit. */
export const ATTACHMENT_TOO_LARGE = 'Max 10MB';
const ONE_ATTACHMENT = 'Only one attachment can be sent with a message';
const TOO_LONG = `Message is too long (${CHAT_MESSAGE_MAX_LENGTH} characters at most)`;

const tooLarge = () => new AppError(413, 'VALIDATION', ATTACHMENT_TOO_LARGE);

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
      // A named file with no bytes is refused, as documents refuse it (issue 21 item 24).
      if (bytes.length === 0) throw badRequest('The selected file is empty');
      file = { fileName: sanitizeFileName(part.filename ?? '', 'attachment'), bytes };
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
