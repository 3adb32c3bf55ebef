import type { ChatMessage } from '@biddesk/shared';
import type { ChatMessageRow } from '../../db/schema/index';

/** Where a message's attachment is downloaded from (SPEC §7). */
export const attachmentPath = (row: Pick<ChatMessageRow, 'workspaceId' | 'id'>) =>
  `/api/workspaces/${row.workspaceId}/messages/${row.id}/download`;

/** Wire shape of one chat message (SPEC §3). The text goes out exactly as typed: the web app renders it as text. */
export function presentMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    user_id: row.userId,
    user_name: row.authorName,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
    file_path: row.fileKey ? attachmentPath(row) : null,
    file_name: row.fileKey ? row.fileName : null,
    file_size: row.fileKey ? row.fileSize : null,
  };
}
