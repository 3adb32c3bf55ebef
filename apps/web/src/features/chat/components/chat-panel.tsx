import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Center, Divider, Group, Loader, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand, IconMessages } from '@tabler/icons-react';
import type { ChatMessage, Workspace } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session-context';
import { useDeleteMessage } from '../api/messages';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import { useChatMessages } from '../hooks/use-chat-messages';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

interface ChatPanelProps {
  workspace: Workspace;
  can: WorkspaceAbilityCheck;
  opened: boolean;
  onToggle: () => void;
}

/** The collapsible Team Chat side panel (SPEC §2), open by default; the chat runs only while open. */
export function ChatPanel({ workspace, can, opened, onToggle }: ChatPanelProps) {
  if (!opened) {
    return (
      <Tooltip label="Show Team Chat">
        <ActionIcon variant="default" size="lg" onClick={onToggle} aria-label="Show Team Chat">
          <IconLayoutSidebarRightExpand size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Card withBorder radius="md" data-testid="chat-panel">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconMessages size={18} />
          <Text fw={600}>Team Chat</Text>
        </Group>
        <ActionIcon variant="subtle" onClick={onToggle} aria-label="Hide Team Chat">
          <IconLayoutSidebarRightCollapse size={18} />
        </ActionIcon>
      </Group>
      <TeamChat workspace={workspace} can={can} />
    </Card>
  );
}

/** How often the edit buttons and relative times are re-evaluated. */
const CLOCK_TICK_MS = 15_000;

function TeamChat({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const { user } = useSession();
  const chat = useChatMessages(workspace.id);
  const remove = useDeleteMessage(workspace.id);
  const [confirming, setConfirming] = useState<ChatMessage | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const viewport = useRef<HTMLDivElement>(null);
  const newestId = chat.messages.at(-1)?.id;
  // Every member may chat; only an archived workspace takes it away (the matrix's write rule).
  const writable = can('message.send');

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Follow the conversation: a new message at the bottom scrolls into view.
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [newestId]);

  const handleDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        chat.remove(confirming.id);
        setConfirming(null);
        toast.success(MESSAGES.messageDeleted);
      },
      onError: (err) => {
        setConfirming(null);
        toast.error(MESSAGES.failedToDeleteMessage, err);
      },
    });
  };

  if (chat.state === 'loading') {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (chat.state === 'error') {
    return (
      <Alert color="red" variant="light">
        <Text size="sm">Failed to load messages</Text>
        <Button size="compact-xs" variant="subtle" mt={4} onClick={chat.retry}>
          Retry
        </Button>
      </Alert>
    );
  }

  const target = (m: ChatMessage) => ({ actorId: user?.id, createdBy: m.user_id });
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={420} viewportRef={viewport}>
        <Stack gap="sm" data-testid="chat-messages">
          {chat.hasOlder && (
            <Button size="compact-xs" variant="subtle" onClick={chat.loadOlder} loading={chat.loadingOlder}>
              Load More
            </Button>
          )}
          {chat.messages.length === 0 && (
            <Text size="sm" c="dimmed">
              No messages yet. Start the conversation.
            </Text>
          )}
          {chat.messages.map((m) => (
            <ChatMessageItem
              key={m.id}
              workspaceId={workspace.id}
              message={m}
              now={now}
              canEdit={can('message.edit', target(m))}
              canDelete={can('message.delete', target(m))}
              onEdited={chat.upsert}
              onDelete={setConfirming}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Divider />
      {writable ? (
        <ChatComposer workspaceId={workspace.id} onSent={chat.upsert} />
      ) : (
        <Text size="xs" c="dimmed">
          This workspace is archived; the chat is read only.
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Delete message"
        message="Delete this message? Its attachment goes with it. This cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
