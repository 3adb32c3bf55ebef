import { Button, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { PipelineStage, PursuitListItem as Pursuit, StageTotals } from '@biddesk/shared';
import { useState } from 'react';
import { formatMoney, formatMoneyCompact } from '../../../lib/display-format';
import { PursuitCard } from './pursuit-card';

interface Props {
  stages: PipelineStage[];
  pursuits: Pursuit[];
  totals: StageTotals[];
  canChange: (p: Pursuit) => boolean;
  canOpenWorkspace: (p: Pursuit) => boolean;
  onMove: (pursuit: Pursuit, stageId: string) => void;
  onEdit: (pursuit: Pursuit) => void;
  onHistory: (pursuit: Pursuit) => void;
  onWorkspace: (pursuit: Pursuit) => void;
  /** A column's Show all: the page then loads every pursuit (the server sent COLUMN_PREVIEW a stage). */
  onShowAll: () => void;
}

// A column shows this many cards until asked for all: 2,000 cards at once would freeze the page.
/** Cards a column shows until Show all; the board asks the server for this many a stage. */
export const COLUMN_PREVIEW = 30;

/** The board: one column per stage with its count, value and weighted value (issue 26). */
export function PipelineBoard({
  stages,
  pursuits,
  totals,
  canChange,
  canOpenWorkspace,
  onMove,
  onEdit,
  onHistory,
  onWorkspace,
  onShowAll,
}: Props) {
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const byStage = new Map(stages.map((s) => [s.id, [] as Pursuit[]]));
  for (const p of pursuits) byStage.get(p.stage_id)?.push(p);
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="pipeline-board">
      <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
        {stages.map((stage) => {
          const t = totals.find((x) => x.stage_id === stage.id);
          const items = byStage.get(stage.id) ?? [];
          const headingId = `stage-${stage.id}`;
          return (
            <Paper
              key={stage.id}
              component="section"
              aria-labelledby={headingId}
              withBorder
              p="xs"
              radius="md"
              w={260}
              miw={260}
              bg={dropTarget === stage.id ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-0)'}
              data-testid="pipeline-column"
              data-stage={stage.name}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes('text/x-pursuit')) return;
                e.preventDefault();
                setDropTarget(stage.id);
              }}
              onDragLeave={() => setDropTarget((current) => (current === stage.id ? null : current))}
              onDrop={(e) => {
                setDropTarget(null);
                const p = pursuits.find((x) => x.id === e.dataTransfer.getData('text/x-pursuit'));
                if (p && p.stage_id !== stage.id) onMove(p, stage.id);
              }}
            >
              <Title order={2} size="h5" id={headingId}>
                {stage.name}{' '}
                <Text span c="dimmed" size="sm">
                  ({t?.count ?? 0})
                </Text>
              </Title>
              <Text
                size="xs"
                c="dimmed"
                data-testid="stage-totals"
                title={t ? `Total ${formatMoney(t.total_value)}; weighted ${formatMoney(t.weighted_value)}` : undefined}
              >
                {formatMoneyCompact(t?.total_value ?? 0)} · weighted {formatMoneyCompact(t?.weighted_value ?? 0)}
                {t && t.unvalued > 0 ? ` · ${t.unvalued} not valued` : ''}
              </Text>
              <Stack gap="xs" mt="xs">
                {(expanded.has(stage.id) ? items : items.slice(0, COLUMN_PREVIEW)).map((p) => (
                  <PursuitCard
                    key={p.id}
                    pursuit={p}
                    stages={stages}
                    canChange={canChange(p)}
                    canOpenWorkspace={canOpenWorkspace(p)}
                    onMove={onMove}
                    onEdit={onEdit}
                    onHistory={onHistory}
                    onWorkspace={onWorkspace}
                  />
                ))}
                {(t?.count ?? items.length) > COLUMN_PREVIEW && !expanded.has(stage.id) && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      setExpanded((prev) => new Set(prev).add(stage.id));
                      onShowAll();
                    }}
                  >
                    Show all {t?.count ?? items.length} in {stage.name}
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
