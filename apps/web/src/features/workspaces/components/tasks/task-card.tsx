import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUser } from '@tabler/icons-react';
import { formatDate, type Task, type TaskStatus } from '@biddesk/shared';
import { DeadlineBadge } from '../../../../components/ui/deadline-badge';
import { MOVE_BUTTONS } from './task-board';

export interface TaskCardProps {
  task: Task;
  /** Whether the caller may make this move (the matrix: reviewers forward only, viewers none). */
  canMove: (from: TaskStatus, to: TaskStatus) => boolean;
  canDelete: boolean;
  busy: boolean;
  onMove: (to: TaskStatus) => void;
  onDelete: () => void;
}

/** One card on the board: what it is, who has it, when it is due, and the moves the caller may make. */
export function TaskCard({ task, canMove, canDelete, busy, onMove, onDelete }: TaskCardProps) {
  const moves = MOVE_BUTTONS[task.status].filter((m) => canMove(task.status, m.to));
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="task-card" data-task-id={task.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }} data-testid="task-title">
            {task.title}
          </Text>
          {canDelete && (
            <Tooltip label="Delete task">
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete task ${task.title}`} onClick={onDelete} disabled={busy}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {task.description && (
          <Text size="xs" c="dimmed" lineClamp={3} data-testid="task-description">
            {task.description}
          </Text>
        )}
        <Group gap={4} wrap="nowrap">
          <IconUser size={12} />
          <Text size="xs" data-testid="task-assignee">
            {task.assignee_name ?? 'Unassigned'}
          </Text>
        </Group>
        {task.due_at && (
          <Group gap={6} data-testid="task-due">
            <Text size="xs">Due {formatDate(task.due_at)}</Text>
            {/* A finished task is not late: the deadline colours are for open work. */}
            {task.status !== 'DONE' && <DeadlineBadge dueDate={task.due_at} />}
          </Group>
        )}
        {task.labels.length > 0 && (
          <Group gap={4}>
            {task.labels.map((label) => (
              <Badge key={label} size="xs" variant="outline" tt="none">
                {label}
              </Badge>
            ))}
          </Group>
        )}
        {task.requirement_ids.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="task-requirements">
            Requirements: {task.requirement_ids.join(', ')}
          </Text>
        )}
        {moves.length > 0 && (
          <Group gap="xs" mt={4}>
            {moves.map((m) => (
              <Button key={m.to} size="compact-xs" variant={m.label === 'Back' ? 'default' : 'light'} onClick={() => onMove(m.to)} disabled={busy}>
                {m.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
