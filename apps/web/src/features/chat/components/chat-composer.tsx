import { useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, CloseButton, FileButton, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from '@biddesk/shared';
import { useSendMessage } from '../api/messages';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * The 2-row message box (SPEC §2, §5): Enter sends, Shift+Enter adds a line, one attachment of at
 * most 10 MB, and nothing is sent without text or a file.
 */
export function ChatComposer({ workspaceId, onSent }: { workspaceId: string; onSent: (message: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = useSendMessage(workspaceId);
  // Clears the hidden file input, so the same file can be picked again after it was removed.
  const resetFileInput = useRef<() => void>(null);
  const canSend = (text.trim() !== '' || file !== null) && !send.isPending;

  const handleFile = (picked: File | null) => {
    resetFileInput.current?.();
    if (picked && picked.size > CHAT_ATTACHMENT_MAX_BYTES) {
      toast.error('Max 10MB');
      return;
    }
    setFile(picked);
  };

  const handleSend = () => {
    if (!canSend) return;
    send.mutate(
      { text, file },
      {
        onSuccess: (message) => {
          setText('');
          setFile(null);
          onSent(message);
        },
        onError: (err) => toast.error(MESSAGES.failedToSendMessage, err),
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter keeps its newline; Enter while an input method composes a word is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleSend();
  };

  return (
    <Stack gap={4}>
      {file && (
        <Group gap={4} wrap="nowrap" data-testid="chat-attachment">
          <IconPaperclip size={14} />
          <Text size="xs" truncate style={{ flex: 1 }}>
            {file.name}
          </Text>
          <CloseButton size="sm" aria-label="Remove attachment" onClick={() => setFile(null)} />
        </Group>
      )}
      <Textarea
        aria-label="Message"
        placeholder="Type a message…"
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      <Group justify="space-between" gap={4}>
        <FileButton onChange={handleFile} resetRef={resetFileInput}>
          {(props) => (
            <Tooltip label="Attach a file (max 10MB)">
              <ActionIcon {...props} variant="default" aria-label="Attach file">
                <IconPaperclip size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Button
          size="xs"
          rightSection={<IconSend size={14} />}
          onClick={handleSend}
          disabled={!canSend}
          loading={send.isPending}
          aria-label="Send"
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}
