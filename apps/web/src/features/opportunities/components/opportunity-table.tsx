import { Group, ScrollArea, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { formatDate, type OpportunitySort, type OpportunitySummary, type SortOrder } from '@biddesk/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DeadlineBadge } from '../../../components/ui/deadline-badge';
import { deadlineText } from '../deadline-text';
import { NoticeCount } from './opportunity-card';
import { NoticeTypeBadge } from './notice-type-badge';
import { SaveToggle } from './save-toggle';

/** The table's sortable columns (issue 15) and the sort each one asks the server for. */
const COLUMNS: { sort: OpportunitySort; label: string; width?: number }[] = [
  { sort: 'title', label: 'Title', width: 280 },
  { sort: 'agency', label: 'Agency', width: 180 },
  { sort: 'solicitation_number', label: 'Solicitation #' },
  { sort: 'notice_type', label: 'Type' },
  { sort: 'set_aside', label: 'Set-aside' },
  { sort: 'naics', label: 'NAICS' },
  { sort: 'posted', label: 'Posted' },
  { sort: 'due', label: 'Due' },
];

interface Props {
  items: OpportunitySummary[];
  sort: OpportunitySort;
  order: SortOrder;
  onSort: (sort: OpportunitySort) => void;
  onToggleSaved: (o: OpportunitySummary) => void;
  /** The pipeline's Track control (issue 26), given by the screen. */
  renderTrack?: (o: OpportunitySummary) => ReactNode;
}

function SortHeader({
  column,
  active,
  order,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  active: boolean;
  order: SortOrder;
  onSort: Props['onSort'];
}) {
  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ minWidth: column.width, whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(column.sort)} aria-label={`Sort by ${column.label}`} data-testid={`sort-${column.sort}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {column.label}
          </Text>
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The table view: sortable columns, one row per solicitation. On narrow screens it scrolls
 * sideways inside its frame, with a fading edge and a "Scroll for more" cue until the end is seen.
 */
export function OpportunityTable({ items, sort, order, onSort, onToggleSaved, renderTrack }: Props) {
  const [atEnd, setAtEnd] = useState(false);
  const [scrollable, setScrollable] = useState(false);
  return (
    <div style={{ position: 'relative' }} data-testid="opportunity-table">
      <ScrollArea
        type="auto"
        offsetScrollbars
        viewportRef={(el) => {
          if (el) setScrollable(el.scrollWidth > el.clientWidth + 1);
        }}
        onScrollPositionChange={({ x }) => {
          setAtEnd((prev) => prev || x > 0);
        }}
      >
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} style={{ minWidth: 1100 }}>
          <Table.Thead>
            <Table.Tr>
              {/* The star's column follows the title's: Tab reaches each notice before its star (issue 21 item 5). */}
              {COLUMNS.map((c, i) => [
                <SortHeader key={c.sort} column={c} active={c.sort === sort} order={order} onSort={onSort} />,
                i === 0 ? <Table.Th key="saved" w={40} aria-label="Saved" /> : null,
              ])}
              {renderTrack && (
                <Table.Th>
                  <VisuallyHidden>Pipeline</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((o) => (
              <Table.Tr key={o.id} data-testid="opportunity-row">
                <Table.Td>
                  <Text
                    component={Link}
                    to={`/opportunity/${o.id}`}
                    size="sm"
                    fw={600}
                    c="blue.8"
                    lineClamp={2}
                    data-testid="opportunity-title"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {o.title}
                  </Text>
                  <NoticeCount count={o.notice_count} />
                </Table.Td>
                <Table.Td>
                  <SaveToggle opportunity={o} onToggle={onToggleSaved} size={16} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" lineClamp={2}>
                    {o.agency}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.solicitation_number ?? '—'}</Table.Td>
                <Table.Td>
                  <NoticeTypeBadge type={o.notice_type} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" lineClamp={2} title={o.set_aside_description ?? undefined}>
                    {o.set_aside && o.set_aside !== 'NONE' ? o.set_aside : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{o.naics ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(o.posted_date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="opportunity-due">
                  <Text size="xs">{deadlineText(o)}</Text>
                  <DeadlineBadge dueDate={o.response_date} />
                </Table.Td>
                {renderTrack && <Table.Td style={{ whiteSpace: 'nowrap' }}>{renderTrack(o)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {scrollable && !atEnd && (
        <div
          aria-hidden
          data-testid="scroll-cue"
          style={{
            position: 'absolute',
            top: 0,
            right: 0,
            bottom: 12,
            width: 56,
            pointerEvents: 'none',
            background: 'linear-gradient(to right, transparent, var(--mantine-color-body))',
          }}
        />
      )}
      {scrollable && !atEnd && (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          Scroll for more →
        </Text>
      )}
    </div>
  );
}
