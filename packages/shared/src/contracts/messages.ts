import { z } from 'zod';
import { safeText } from '../text';
import { CHAT_PAGE_SIZE, MAX_PAGE_LIMIT } from '../limits';

/** Longest chat message a person may send or edit to. */
export const CHAT_MESSAGE_MAX_LENGTH = 10_000;
/** A message may be edited by its author for this long after sending (SPEC §4, §9). */
export const CHAT_EDIT_WINDOW_MS = 2 * 60 * 1000;

/** SPEC §3 chat message, plus when it was edited. `file_path` is the attachment's download path. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string(),
  message: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  file_path: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** GET /workspaces/{id}/messages (SPEC §3: messages and total). Messages are oldest first. */
export const ChatMessageListSchema = z.object({
  messages: z.array(ChatMessageSchema),
  total: z.number().int(),
});
export type ChatMessageList = z.infer<typeof ChatMessageListSchema>;

/**
 * GET /workspaces/{id}/messages query. SPEC's skip/limit count from the newest message; `before`
 * (an older page) and `after` (new since a poll) are message-id cursors (WORKSPACES.md §1).
 */
export const ChatMessageListQuerySchema = z
  .object({
    skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
      .default(CHAT_PAGE_SIZE),
    before: safeText('before').optional(),
    after: safeText('after').optional(),
  })
  .refine((q) => !(q.before && q.after), { message: 'Use either before or after, not both' });
export type ChatMessageListQuery = z.infer<typeof ChatMessageListQuerySchema>;

/** PATCH /workspaces/{id}/messages/{msgId}: the new text (author only, within the edit window). */
export const EditChatMessageBodySchema = z.object({
  message: safeText('Message').max(CHAT_MESSAGE_MAX_LENGTH, `Message is too long (${CHAT_MESSAGE_MAX_LENGTH} characters at most)`),
});
export type EditChatMessageBody = z.infer<typeof EditChatMessageBodySchema>;
