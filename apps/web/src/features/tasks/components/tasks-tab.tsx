import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Task, TaskStatus, Workspace } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session-context';
import { useDeleteTask, useDismissRequirementChanges, useMoveTask, useTasks } from '../api/tasks';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { CreateTaskDialog } from './create-task-dialog';
import { TASK_COLUMNS } from './task-board';
import { TaskCard } from './task-card';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * Tasks (SPEC §2): the four-column board with the SPEC §4 buttons the caller's role may use, delete
 * per role, and the create form for those who may create. An archived workspace is read-only.
 */
export function TasksTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const tasks = useTasks(workspace.id);
  const move = useMoveTask(workspace.id);
  const remove = useDeleteTask(workspace.id);
  const dismiss = useDismissRequirementChanges(workspace.id);
  const { user } = useSession();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Task | null>(null);

  // SPEC §7: a failed task load is only logged and shows nothing.
  useEffect(() => {
    if (tasks.error) console.warn('Failed to load tasks', tasks.error);
  }, [tasks.error]);

  const handleMove = (task: Task, to: TaskStatus) =>
    move.mutate(
      { taskId: task.id, from: task.status, to },
      {
        onSuccess: () => toast.success(MESSAGES.taskStatusUpdated),
        onError: (err) => toast.error(MESSAGES.failedToUpdateTask, err),
      },
    );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(MESSAGES.taskDeleted),
      onError: (err) => toast.error(MESSAGES.failedToDeleteTask, err),
      onSettled: () => setDeleting(null),
    });
  };

  // Clears what the card showed: a later amendment arriving meanwhile stays flagged.
  const handleDismiss = (task: Task) =>
    dismiss.mutate(
      { taskId: task.id, throughVersion: Math.max(...task.requirement_changes.map((c) => c.version)) },
      {
        onSuccess: () => toast.success('Requirement changes dismissed'),
        onError: (err) => toast.error(MESSAGES.failedToUpdateTask, err),
      },
    );

  const pendingTaskId = move.isPending ? move.variables?.taskId : dismiss.isPending ? dismiss.variables?.taskId : undefined;

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Tasks
        </Title>
        {can('task.create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Task
          </Button>
        )}
      </Group>
      {tasks.data && (
        // Columns by the board's own width (a container query), not the window's: with the chat
        // panel open at 1280 px the board wrapped 2x2 (issue 21); one row of four once each column
        // gets ~150 px, two for a phone held sideways, one on a phone.
        <SimpleGrid type="container" cols={{ base: 1, '420px': 2, '620px': 4 }} spacing="sm" data-testid="task-board">
          {TASK_COLUMNS.map((column) => {
            const inColumn = tasks.data.filter((t) => t.status === column.status);
            return (
              <Card
                key={column.status}
                withBorder
                radius="md"
                padding="sm"
                bg="var(--mantine-color-gray-0)"
                data-testid={`task-column-${column.status}`}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Title order={3} size="h6" style={{ whiteSpace: 'nowrap' }}>
                    {column.label}
                  </Title>
                  <Badge variant="light" color="gray" data-testid="task-column-count">
                    {inColumn.length}
                  </Badge>
                </Group>
                <Stack gap="xs">
                  {inColumn.length === 0 && (
                    <Text size="xs" c="dimmed">
                      No tasks
                    </Text>
                  )}
                  {inColumn.map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      canMove={(from, to) => can('task.move', { from, to })}
                      canDelete={can('task.delete', { actorId: user?.id, createdBy: task.created_by })}
                      busy={pendingTaskId === task.id}
                      onMove={(to) => handleMove(task, to)}
                      onDelete={() => setDeleting(task)}
                      canDismissChanges={can('task.dismissRequirementChanges')}
                      onDismissChanges={() => handleDismiss(task)}
                    />
                  ))}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {creating && <CreateTaskDialog workspaceId={workspace.id} opened onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete task"
        message={`Delete the task "${deleting?.title ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
