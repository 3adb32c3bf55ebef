import { ActionIcon, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand, IconMessages } from '@tabler/icons-react';
import type { Workspace } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';

/** The collapsible Team Chat side panel (SPEC §2), open by default; chat itself is not in this release. */
export function ChatPanel({ opened, onToggle }: { workspace: Workspace; can: WorkspaceAbilityCheck; opened: boolean; onToggle: () => void }) {
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
      <Text size="sm" c="dimmed">
        Team chat arrives in the next release.
      </Text>
    </Card>
  );
}
