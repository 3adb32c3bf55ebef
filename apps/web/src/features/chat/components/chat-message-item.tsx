import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { CHAT_EDIT_WINDOW_MS, formatKb, formatRelativeTime, type ChatMessage } from '@biddesk/shared';
import { downloadAttachment, useEditMessage } from '../api/messages';
import { downloadBlob } from '../../../lib/download-blob';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

interface ChatMessageItemProps {
  workspaceId: string;
  message: ChatMessage;
  now: number;
  canEdit: boolean;
  canDelete: boolean;
  onEdited: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
}

/** True while the author may still edit (SPEC §4: 2 minutes); the server decides in the end. */
export const isWithinEditWindow = (message: ChatMessage, now: number) => now - Date.parse(message.created_at) < CHAT_EDIT_WINDOW_MS;

/** One chat message. The text is rendered as text, line breaks kept: never as HTML or markdown. */
export function ChatMessageItem({ workspaceId, message, now, canEdit, canDelete, onEdited, onDelete }: ChatMessageItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useEditMessage(workspaceId);

  const handleDownload = async () => {
    try {
      const { blob } = await downloadAttachment(message);
      downloadBlob(message.file_name ?? 'attachment', blob);
    } catch (err) {
      toast.error(MESSAGES.failedToDownloadFile, err);
    }
  };

  const handleSave = () => {
    if (draft === null) return;
    edit.mutate(
      { id: message.id, text: draft },
      {
        onSuccess: (updated) => {
          setDraft(null);
          onEdited(updated);
        },
        onError: (err) => toast.error('Failed to edit message', err),
      },
    );
  };

  return (
    <Stack gap={2} data-testid="chat-message">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {message.user_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRelativeTime(message.created_at, new Date(now))}
          </Text>
          {message.edited_at && (
            <Text size="xs" c="dimmed">
              (edited)
            </Text>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          {canEdit && isWithinEditWindow(message, now) && draft === null && (
            <Tooltip label="Edit">
              <ActionIcon size="sm" variant="subtle" aria-label="Edit message" onClick={() => setDraft(message.message)}>
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label="Delete">
              <ActionIcon size="sm" variant="subtle" color="red" aria-label="Delete message" onClick={() => onDelete(message)}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {draft === null ? (
        message.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-text">
            {message.message}
          </Text>
        )
      ) : (
        <Stack gap={4}>
          <Textarea aria-label="Edit message" rows={2} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} autoFocus />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setDraft(null)} disabled={edit.isPending}>
              Cancel
            </Button>
            <Button size="compact-xs" onClick={handleSave} loading={edit.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
      {message.file_path && (
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} />
          <Anchor component="button" type="button" size="sm" onClick={handleDownload}>
            {message.file_name}
          </Anchor>
          {message.file_size !== null && (
            <Text size="xs" c="dimmed">
              {formatKb(message.file_size)}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
