// Styles of what only this screen uses travel with its chunk (router.tsx splits by route).
import '@mantine/charts/styles.css';
import '@mantine/dropzone/styles.css';
import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { NdaScreen } from '../../features/nda/components/nda-screen';
import { useWorkspace } from '../../features/workspaces/api/get-workspace';
import { WorkspaceView } from './workspace-view';
import { useWorkspaceChanges } from '../../features/workspaces/hooks/use-workspace-changes';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/**
 * Workspace (SPEC §2): loading, not found, 403 (toast and back to /), the NDA gate when the caller
 * has not accepted the current NDA (WORKSPACES.md §3), otherwise the workspace itself.
 */
export function WorkspaceRoute() {
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const workspace = useWorkspace(workspaceId);
  const status = workspace.error instanceof ApiError ? workspace.error.status : null;
  // Others' changes show without a reload once the caller is inside (past the NDA).
  useWorkspaceChanges(workspaceId, Boolean(workspace.data && !workspace.data.nda_required && status === null));

  useEffect(() => {
    if (status !== 403) return;
    toast.error(MESSAGES.accessDeniedToWorkspace);
    void navigate('/', { replace: true });
  }, [status, navigate]);

  if (workspace.data) {
    const w = workspace.data;
    if (w.nda_required) {
      return (
        <NdaScreen
          workspaceId={w.id}
          context={<Text size="sm">Before you enter {w.name}, please read and accept this agreement.</Text>}
          onAccepted={() => workspace.refetch()}
          onDecline={() => navigate('/')}
        />
      );
    }
    return <WorkspaceView workspace={w} />;
  }
  if (workspace.isPending) {
    return (
      <Center py="xl">
        <Text c="dimmed">Loading workspace...</Text>
      </Center>
    );
  }
  if (status === 404) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            Workspace Not Found
          </Title>
          <Text c="dimmed">It may have been deleted, or the link is wrong.</Text>
          <Button leftSection={<IconArrowLeft size={16} />} onClick={() => navigate('/')}>
            Back to Dashboard
          </Button>
        </Stack>
      </Center>
    );
  }
  if (status === 403) return null;
  return (
    <Alert color="red" title={MESSAGES.failedToLoadWorkspace}>
      {errorMessage(workspace.error, 'Please try again.')}
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={() => workspace.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
