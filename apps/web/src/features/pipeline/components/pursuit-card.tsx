import { Anchor, Badge, Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { formatDate, type PipelineStage, type PursuitListItem as Pursuit } from '@biddesk/shared';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatDay, formatMoney, formatPercent } from '../../../lib/display-format';

interface Props {
  pursuit: Pursuit;
  stages: PipelineStage[];
  canChange: boolean;
  canOpenWorkspace: boolean;
  onMove: (pursuit: Pursuit, stageId: string) => void;
  onEdit: (pursuit: Pursuit) => void;
  onHistory: (pursuit: Pursuit) => void;
  onWorkspace: (pursuit: Pursuit) => void;
}

/**
 * One pursuit on the board. Moves: drag it to another column, choose a stage from Move, or press
 * Alt+→ / Alt+← while anything in the card has focus (the keyboard's drag, issue 26).
 */
export function PursuitCard({ pursuit: p, stages, canChange, canOpenWorkspace, onMove, onEdit, onHistory, onWorkspace }: Props) {
  const index = stages.findIndex((s) => s.id === p.stage_id);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!canChange || !e.altKey || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    const next = stages[index + (e.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    e.preventDefault();
    onMove(p, next.id);
  };
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      role="group"
      aria-label={p.title}
      aria-keyshortcuts={canChange ? 'Alt+ArrowRight Alt+ArrowLeft' : undefined}
      data-testid="pursuit-card"
      draggable={canChange}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/x-pursuit', p.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
      style={{ cursor: canChange ? 'grab' : undefined }}
    >
      {p.opportunity_id ? (
        <Anchor component={Link} to={`/opportunity/${p.opportunity_id}`} size="sm" fw={600} lineClamp={2} data-testid="pursuit-title">
          {p.title}
        </Anchor>
      ) : (
        <Text size="sm" fw={600} lineClamp={2} data-testid="pursuit-title">
          {p.title}
        </Text>
      )}
      <Text size="xs" c="dimmed" lineClamp={1}>
        {p.agency ?? 'Unknown agency'}
      </Text>
      <Group gap={6} mt={4} wrap="wrap">
        <Text size="xs" title="Estimated value">
          {p.estimated_value === null ? 'No value' : formatMoney(p.estimated_value)}
        </Text>
        <Text size="xs" c="dimmed">
          p(win) {formatPercent(p.p_win)}
        </Text>
        <Text size="xs" fw={600} title="Weighted value: value × p(win) × p(go)">
          {p.weighted_value === null ? 'Weighted —' : `Weighted ${formatMoney(p.weighted_value)}`}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {p.owner ? `Owner: ${p.owner.name}` : 'No capture owner'}
        {p.response_deadline && ` · Due ${formatDate(p.response_deadline)}`}
      </Text>
      {p.next_action && (
        <Text size="xs" mt={2} lineClamp={2}>
          Next: {p.next_action}
          {p.next_action_due && ` (${formatDay(p.next_action_due)})`}
        </Text>
      )}
      <Group gap={4} mt={6}>
        {canChange && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconArrowsMove size={12} aria-hidden />}
                aria-label={`Move ${p.title}`}
              >
                Move
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to stage</Menu.Label>
              {stages.map((s) => (
                <Menu.Item key={s.id} disabled={s.id === p.stage_id} onClick={() => onMove(p, s.id)}>
                  {s.name}
                  {s.outcome && ' (record outcome)'}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {canChange ? (
          <Button size="compact-xs" variant="default" aria-label={`Edit ${p.title}`} onClick={() => onEdit(p)}>
            Edit
          </Button>
        ) : (
          <Button size="compact-xs" variant="default" aria-label={`Decisions of ${p.title}`} onClick={() => onHistory(p)}>
            Decisions
          </Button>
        )}
        {p.workspace_id ? (
          <Button
            size="compact-xs"
            variant="light"
            component={Link}
            to={`/workspace/${p.workspace_id}`}
            aria-label={`Open workspace of ${p.title}`}
          >
            Open workspace
          </Button>
        ) : (
          canOpenWorkspace && (
            <Button size="compact-xs" variant="light" aria-label={`Create workspace for ${p.title}`} onClick={() => onWorkspace(p)}>
              Create workspace
            </Button>
          )
        )}
        {p.value_source === 'notice' && (
          <Badge size="xs" variant="outline" color="gray" tt="none" title="Estimated value taken from the notice's award amount">
            value from notice
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
