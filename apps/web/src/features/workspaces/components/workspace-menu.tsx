import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDoorExit, IconDots, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS, type Workspace } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useArchiveWorkspace, useDeleteWorkspace, useLeaveWorkspace } from '../api/manage-workspace';
import { useWorkspaceAbility } from '../../../lib/use-workspace-ability';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

type Confirming = 'leave' | 'archive' | 'delete' | null;

/** The workspace menu (SPEC §2): Leave for non-owners; archive or restore and delete for the owner. */
export function WorkspaceMenu({ workspace }: { workspace: Workspace }) {
  const can = useWorkspaceAbility(workspace);
  const navigate = useNavigate();
  const leave = useLeaveWorkspace();
  const archive = useArchiveWorkspace();
  const remove = useDeleteWorkspace();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [hasLeft, setHasLeft] = useState(false);

  // SPEC §4/§9: after leaving, the user goes away after 1.5 seconds.
  useEffect(() => {
    if (!hasLeft) return;
    const timer = setTimeout(() => void navigate('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasLeft, navigate]);

  const handleLeave = () =>
    leave.mutate(workspace.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setHasLeft(true);
      },
      onError: (err) => toast.error(MESSAGES.failedToLeaveWorkspace, err),
      onSettled: () => setConfirming(null),
    });

  const handleArchive = (value: boolean) =>
    archive.mutate(
      { id: workspace.id, archive: value },
      {
        onSuccess: () => {
          toast.success(value ? 'Workspace archived' : 'Workspace restored');
          // SPEC §4: archiving goes to /, restoring reloads (the detail query refetches on success).
          if (value) void navigate('/');
        },
        onError: (err) => toast.error(value ? MESSAGES.failedToArchiveWorkspace : 'Failed to restore workspace', err),
        onSettled: () => setConfirming(null),
      },
    );

  const handleDelete = () =>
    remove.mutate(workspace.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void navigate('/');
      },
      onError: (err) => toast.error(MESSAGES.failedToDeleteWorkspace, err),
      onSettled: () => setConfirming(null),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="Workspace actions" disabled={hasLeft}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {can('workspace.leave') && (
            <Menu.Item leftSection={<IconDoorExit size={16} />} onClick={() => setConfirming('leave')}>
              Leave Workspace
            </Menu.Item>
          )}
          {can('workspace.archive') &&
            (workspace.archived ? (
              <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => handleArchive(false)}>
                Restore Workspace
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconArchive size={16} />} onClick={() => setConfirming('archive')}>
                Archive Workspace
              </Menu.Item>
            ))}
          {can('workspace.delete') && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming('delete')}>
              Delete Workspace
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming === 'leave'}
        title="Leave Workspace"
        message={`Leave ${workspace.name}? You will need a new invitation to come back.`}
        confirmLabel="Leave Workspace"
        busy={leave.isPending}
        onConfirm={handleLeave}
        onCancel={() => setConfirming(null)}
      />
      {/* Issue 21: archiving happened on the first click; it stops the whole team's work, so it asks. */}
      <ConfirmDialog
        opened={confirming === 'archive'}
        title="Archive Workspace"
        message={`Archive ${workspace.name}? It becomes read-only for everyone until you restore it.`}
        consequences={[
          'Nobody can upload, check out or edit documents, tasks, the RFP or generated documents',
          'The chat becomes read-only and no one new can join',
          'Members keep read access; you can restore it from this menu',
        ]}
        confirmLabel="Archive Workspace"
        busy={archive.isPending}
        onConfirm={() => handleArchive(true)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete Workspace"
        message={`Permanently delete ${workspace.name}? This cannot be undone.`}
        consequences={['All members lose access', 'Pending invitations stop working', 'The workspace activity log is deleted']}
        confirmLabel="Delete Workspace"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
