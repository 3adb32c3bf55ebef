import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { defaultWorkspaceName } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCreateWorkspace } from '../api/create-workspace';

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
          notifications.show({ color: 'green', message: 'Workspace created successfully' });
          onClose();
          navigate(`/workspace/${workspace.id}`);
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Failed to create workspace') }),
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
