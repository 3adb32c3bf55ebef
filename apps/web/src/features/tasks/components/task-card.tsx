import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconTrash, IconUser } from '@tabler/icons-react';
import { TASK_MOVES, formatDate, type Task, type TaskStatus } from '@biddesk/shared';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';

export interface TaskCardProps {
  task: Task;
  /** Whether the caller may make this move (the matrix: reviewers forward only, viewers none). */
  canMove: (from: TaskStatus, to: TaskStatus) => boolean;
  canDelete: boolean;
  busy: boolean;
  onMove: (to: TaskStatus) => void;
  onDelete: () => void;
  /** Whether the caller may clear the "requirements changed" flag (the matrix: owner and contributors). */
  canDismissChanges?: boolean;
  onDismissChanges?: () => void;
}

/** An RFP amendment reworded or removed requirements this task carries: what changed, and a way to confirm it. */
function RequirementsChanged({
  task,
  canDismiss,
  busy,
  onDismiss,
}: {
  task: Task;
  canDismiss: boolean;
  busy: boolean;
  onDismiss?: () => void;
}) {
  const changes = task.requirement_changes;
  return (
    <Stack
      gap={4}
      p={6}
      bg="orange.0"
      style={{ borderRadius: 4, borderLeft: '3px solid var(--mantine-color-orange-6)' }}
      data-testid="task-requirements-changed"
    >
      <Group gap={4} wrap="nowrap">
        <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
        <Text size="xs" fw={700} c="orange">
          Requirements changed in the amended RFP
        </Text>
      </Group>
      {changes.map((c, i) => (
        <Text key={`${c.version}-${c.requirement_id}-${i}`} size="xs" style={{ wordBreak: 'break-word' }}>
          <Text span ff="monospace" size="xs" fw={600}>
            {c.change === 'changed' && c.new_requirement_id !== c.requirement_id
              ? `${c.requirement_id} → ${c.new_requirement_id}`
              : c.requirement_id}
          </Text>{' '}
          {c.change === 'removed' ? `removed in version ${c.version}` : `reworded in version ${c.version}: "${c.text}"`}
        </Text>
      ))}
      {canDismiss && onDismiss && (
        <Button size="compact-xs" variant="light" color="orange" style={{ alignSelf: 'flex-start' }} onClick={onDismiss} disabled={busy}>
          Dismiss
        </Button>
      )}
    </Stack>
  );
}

/** One card on the board: what it is, who has it, when it is due, and the moves the caller may make. */
export function TaskCard({ task, canMove, canDelete, busy, onMove, onDelete, canDismissChanges = false, onDismissChanges }: TaskCardProps) {
  const moves = TASK_MOVES[task.status].filter((m) => canMove(task.status, m.to));
  return (
    <Card
      withBorder
      radius="sm"
      padding="sm"
      data-testid="task-card"
      data-task-id={task.id}
      style={task.requirement_changes.length > 0 ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }} data-testid="task-title">
            {task.title}
          </Text>
          {canDelete && (
            <Tooltip label="Delete task">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Delete task ${task.title}`}
                onClick={onDelete}
                disabled={busy}
              >
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
            {task.status !== 'DONE' && <DeadlineBadge dueDate={task.due_at} overdue />}
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
        {task.requirement_changes.length > 0 && (
          <RequirementsChanged task={task} canDismiss={canDismissChanges} busy={busy} onDismiss={onDismissChanges} />
        )}
        {moves.length > 0 && (
          <Group gap="xs" mt={4}>
            {moves.map((m) => (
              <Button
                key={m.to}
                size="compact-xs"
                variant={m.label === 'Back' ? 'default' : 'light'}
                onClick={() => onMove(m.to)}
                disabled={busy}
              >
                {m.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
