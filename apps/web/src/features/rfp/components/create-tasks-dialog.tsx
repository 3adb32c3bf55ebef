import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMembers } from '../../../lib/workspace-members';
import { useCreateRfpTasks } from '../api/rfp';
import { plural } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * "Create tasks" from the selected requirements: one task per requirement or one per section group
 * (Section L volume, Section M factor), optionally assigned to an active member. Requirements that
 * already have a task are skipped by the server and reported in the toast.
 */
export function CreateTasksDialog({
  workspaceId,
  requirementIds,
  opened,
  onClose,
  onCreated,
}: {
  workspaceId: string;
  requirementIds: string[];
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [grouping, setGrouping] = useState<'requirement' | 'section'>('requirement');
  const [assignee, setAssignee] = useState<string | null>(null);
  const members = useMembers(workspaceId);
  const create = useCreateRfpTasks(workspaceId);
  const options = (members.data ?? []).filter((m) => m.status === 'ACTIVE').map((m) => ({ value: m.user_id, label: m.user_name }));

  const submit = () =>
    create.mutate(
      { requirement_ids: requirementIds, grouping, assignee_user_id: assignee },
      {
        onSuccess: (res) => {
          const skipped = res.skipped.length ? ` (${res.skipped.length} already had tasks)` : '';
          toast.success(`${plural(res.created, 'task')} created${skipped}`);
          onCreated();
        },
        onError: (err) => toast.error(MESSAGES.failedToCreateTask, err),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Create tasks from requirements">
      <Stack gap="md">
        <Text size="sm">{plural(requirementIds.length, 'requirement')} selected.</Text>
        <Radio.Group label="Grouping" value={grouping} onChange={(v) => setGrouping(v as 'requirement' | 'section')}>
          <Stack gap="xs" mt="xs">
            <Radio value="requirement" label="One task per requirement" />
            <Radio value="section" label="One task per section group" />
          </Stack>
        </Radio.Group>
        <Select
          label="Assignee (optional)"
          placeholder="Unassigned"
          data={options}
          value={assignee}
          onChange={setAssignee}
          clearable
          disabled={members.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
