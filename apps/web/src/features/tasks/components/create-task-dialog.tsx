import { Button, Group, Modal, Select, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateTaskBodySchema, TASK_DESCRIPTION_MAX, TASK_LABEL_MAX_LENGTH, TASK_LABELS_MAX, TASK_TITLE_MAX } from '@biddesk/shared';
import { useMembers } from '../../../lib/workspace-members';
import { useCreateTask } from '../api/tasks';
import { dueDateToIso } from './task-board';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';
import { schemaCheck } from '../../../lib/validation';

const UNASSIGNED = 'unassigned';

interface TaskValues {
  title: string;
  description: string;
  assignee: string;
  due: string;
  labels: string[];
}

/** The create-task form (SPEC §5): title required; description, assignee (ACTIVE members), due date and labels optional. */
export function CreateTaskDialog({ workspaceId, opened, onClose }: { workspaceId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateTask(workspaceId);
  const members = useMembers(workspaceId);
  const form = useForm<TaskValues>({
    initialValues: { title: '', description: '', assignee: UNASSIGNED, due: '', labels: [] },
    validate: { title: schemaCheck(CreateTaskBodySchema.shape.title) },
  });
  const assignees = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(members.data ?? []).filter((m) => m.status === 'ACTIVE').map((m) => ({ value: m.user_id, label: m.user_name })),
  ];

  const close = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(
      {
        title: values.title.trim(),
        description: values.description.trim() || null,
        assignee_user_id: values.assignee === UNASSIGNED ? null : values.assignee,
        due_at: dueDateToIso(values.due),
        labels: values.labels.map((l) => l.trim()).filter(Boolean),
      },
      {
        onSuccess: () => {
          toast.success(MESSAGES.taskCreated);
          close();
        },
        onError: (err) => toast.error(MESSAGES.failedToCreateTask, err),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="New Task" centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required data-autofocus maxLength={TASK_TITLE_MAX} {...form.getInputProps('title')} />
          <Textarea label="Description" autosize minRows={2} maxLength={TASK_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <Select label="Assignee" data={assignees} allowDeselect={false} {...form.getInputProps('assignee')} />
          <TextInput label="Due date" type="date" {...form.getInputProps('due')} />
          <TagsInput
            label="Labels"
            description={`Up to ${TASK_LABELS_MAX}; press Enter after each`}
            maxTags={TASK_LABELS_MAX}
            maxLength={TASK_LABEL_MAX_LENGTH}
            {...form.getInputProps('labels')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Task
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
