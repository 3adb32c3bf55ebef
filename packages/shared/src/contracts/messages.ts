import { z } from 'zod';

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

/** GET /workspaces/{id}/messages (SPEC §3: messages and total). */
export const ChatMessageListSchema = z.object({
  messages: z.array(ChatMessageSchema),
  total: z.number().int(),
});
export type ChatMessageList = z.infer<typeof ChatMessageListSchema>;
