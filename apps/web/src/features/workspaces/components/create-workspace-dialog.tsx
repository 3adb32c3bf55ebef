import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { defaultWorkspaceName } from '@biddesk/shared';
import { useCreateWorkspace } from '../api/create-workspace';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

export interface CreateWorkspaceDialogProps {
  opened: boolean;
  onClose: () => void;
  opportunity: { id: string; title: string; solicitation_number: string | null };
}

/** The create-workspace dialog (SPEC §2); the name defaults to "number - title" (title cut to 50). */
export function CreateWorkspaceDialog({ opened, onClose, opportunity }: CreateWorkspaceDialogProps) {
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const form = useForm({ initialValues: { name: defaultWorkspaceName(opportunity.solicitation_number, opportunity.title) } });

  const handleSubmit = form.onSubmit(({ name }) => {
    create.mutate(
      { solicitation_id: opportunity.id, name: name.trim() || undefined },
      {
        onSuccess: (workspace) => {
          toast.success(MESSAGES.workspaceCreated);
          onClose();
          void navigate(`/workspace/${workspace.id}`);
        },
        onError: (err) => toast.error(MESSAGES.failedToCreateWorkspace, err),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Create Workspace" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Workspace name" maxLength={200} data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
