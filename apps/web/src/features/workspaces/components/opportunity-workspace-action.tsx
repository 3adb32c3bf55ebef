import { Button, Loader, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpportunityWorkspace } from '../api/get-opportunity-workspace';
import { CreateWorkspaceDialog, type CreateWorkspaceDialogProps } from './create-workspace-dialog';

/**
 * Opportunity detail's workspace control (SPEC §2): Open Workspace for members, Create Workspace when
 * there is none, and whom to ask for an invitation when someone else's workspace exists.
 */
export function OpportunityWorkspaceAction({ opportunity }: { opportunity: CreateWorkspaceDialogProps['opportunity'] }) {
  const navigate = useNavigate();
  const link = useOpportunityWorkspace(opportunity.id);
  const [creating, setCreating] = useState(false);

  if (link.isPending) return <Loader size="sm" aria-label="Checking workspace" />;

  const { workspace_id: workspaceId = null, is_member: isMember = false, owner_name: ownerName = null } = link.data ?? {};
  if (workspaceId && isMember) {
    return (
      <Button leftSection={<IconUsersGroup size={16} />} onClick={() => navigate(`/workspace/${workspaceId}`)}>
        Open Workspace
      </Button>
    );
  }
  if (workspaceId) {
    return (
      <Text size="sm" c="dimmed" maw={280} data-testid="workspace-ask-owner">
        This opportunity already has a workspace. Ask {ownerName ?? 'its owner'} for an invitation.
      </Text>
    );
  }
  return (
    <>
      <Button leftSection={<IconUsersGroup size={16} />} onClick={() => setCreating(true)}>
        Create Workspace
      </Button>
      {creating && <CreateWorkspaceDialog opened onClose={() => setCreating(false)} opportunity={opportunity} />}
    </>
  );
}
