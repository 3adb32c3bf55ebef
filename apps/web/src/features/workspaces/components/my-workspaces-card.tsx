import { Button, Card, Center, Collapse, Loader, Text, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useWorkspaces } from '../api/list-workspaces';
import { WorkspaceList } from './workspace-list';

/**
 * Dashboard "My Workspaces" card (SPEC §2): the caller's active workspaces. A guest (issue 26)
 * cannot create workspaces, so their empty state only mentions invitations.
 */
export function MyWorkspacesCard({ guest = false }: { guest?: boolean }) {
  const workspaces = useWorkspaces(false);
  return (
    <Card withBorder radius="md" mb="md" data-testid="my-workspaces">
      <Title order={2} size="h4" mb="sm">
        My Workspaces
      </Title>
      {workspaces.isPending ? (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      ) : workspaces.isError ? (
        <Text size="sm" c="red">
          Failed to load workspaces
        </Text>
      ) : workspaces.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {guest
            ? 'You are not in any workspace yet. Accept an invitation to join one.'
            : 'You are not in any workspace yet. Open an opportunity and choose Create Workspace, or accept an invitation.'}
        </Text>
      ) : (
        <WorkspaceList workspaces={workspaces.data} />
      )}
      <ArchivedWorkspacesPanel />
    </Card>
  );
}

/** The toggleable Archived Workspaces panel; its list is fetched only when first opened (SPEC §2). */
export function ArchivedWorkspacesPanel() {
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const archived = useWorkspaces(true, everOpened);
  const items = archived.data?.filter((w) => w.archived) ?? [];

  const toggle = () => {
    setOpened((o) => !o);
    setEverOpened(true);
  };

  return (
    <>
      <Button variant="subtle" size="xs" mt="sm" px={0} leftSection={<IconArchive size={14} />} onClick={toggle} aria-expanded={opened}>
        {opened ? 'Hide Archived Workspaces' : 'Show Archived Workspaces'}
      </Button>
      <Collapse in={opened}>
        <div data-testid="archived-workspaces">
          <Title order={3} size="h5" my="xs">
            Archived Workspaces
          </Title>
          {archived.isPending ? (
            <Loader size="sm" />
          ) : archived.isError ? (
            <Text size="sm" c="red">
              Failed to load archived workspaces
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No archived workspaces.
            </Text>
          ) : (
            <WorkspaceList workspaces={items} />
          )}
        </div>
      </Collapse>
    </>
  );
}
