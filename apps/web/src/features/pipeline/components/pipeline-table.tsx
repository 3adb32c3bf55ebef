import { Anchor, Button, Group, ScrollArea, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { formatDate, type PipelineStage, type PursuitListItem as Pursuit } from '@biddesk/shared';
import { Link } from 'react-router';
import { formatDay, formatMoney, formatPercent } from '../../../lib/display-format';
import type { PipelineSort } from '../url-state';

const COLUMNS: { sort: PipelineSort; label: string; numeric?: boolean }[] = [
  { sort: 'title', label: 'Opportunity' },
  { sort: 'agency', label: 'Agency' },
  { sort: 'stage', label: 'Stage' },
  { sort: 'owner', label: 'Owner' },
  { sort: 'value', label: 'Value', numeric: true },
  { sort: 'p_win', label: 'p(win)', numeric: true },
  { sort: 'weighted', label: 'Weighted', numeric: true },
  { sort: 'due', label: 'Due' },
  { sort: 'next', label: 'Next action' },
];

interface Props {
  rows: Pursuit[];
  stages: PipelineStage[];
  sort: PipelineSort;
  order: 'asc' | 'desc';
  onSort: (sort: PipelineSort) => void;
  canChange: (p: Pursuit) => boolean;
  onEdit: (p: Pursuit) => void;
}

/** The dense table (issue 26): one row per pursuit of the page the server sorted; every column sorts. */
export function PipelineTable({ rows, stages, sort, order, onSort, canChange, onEdit }: Props) {
  const stageName = new Map(stages.map((s) => [s.id, s.name]));
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="pipeline-table">
      <Table striped highlightOnHover withTableBorder verticalSpacing={4} fz="sm" style={{ minWidth: 1000 }}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => {
              const active = c.sort === sort;
              const Icon = active ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
              return (
                <Table.Th
                  key={c.sort}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={{ textAlign: c.numeric ? 'right' : undefined }}
                >
                  <UnstyledButton onClick={() => onSort(c.sort)} fw={600} fz="sm">
                    <Group gap={2} wrap="nowrap" justify={c.numeric ? 'flex-end' : undefined}>
                      {c.label}
                      <Icon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-testid="pursuit-row">
              <Table.Td maw={320}>
                {p.opportunity_id ? (
                  <Anchor component={Link} to={`/opportunity/${p.opportunity_id}`} size="sm" lineClamp={2}>
                    {p.title}
                  </Anchor>
                ) : (
                  <Text size="sm" lineClamp={2}>
                    {p.title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={200}>
                <Text size="xs" lineClamp={2}>
                  {p.agency ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{stageName.get(p.stage_id) ?? '—'}</Table.Td>
              <Table.Td>{p.owner?.name ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(p.estimated_value)}</Table.Td>
              <Table.Td ta="right">{formatPercent(p.p_win)}</Table.Td>
              <Table.Td ta="right">{formatMoney(p.weighted_value)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.response_deadline ? formatDate(p.response_deadline) : '—'}</Table.Td>
              <Table.Td maw={220}>
                <Text size="xs" lineClamp={2}>
                  {p.next_action ? `${p.next_action}${p.next_action_due ? ` (${formatDay(p.next_action_due)})` : ''}` : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                {canChange(p) && (
                  <Button size="compact-xs" variant="default" aria-label={`Edit ${p.title}`} onClick={() => onEdit(p)}>
                    Edit
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
