import { Button, Group, NativeSelect } from '@mantine/core';
import { NOTICE_STATUS_OPTIONS, NOTICE_TYPE_OPTIONS, type NoticeStatus, type OpportunitySort, type SortOrder } from '@biddesk/shared';
import type { DefaultView } from '../../../lib/preferences';
import { RefreshButton } from './refresh-button';

const SORT_LABELS: Record<OpportunitySort, [string, string]> = {
  // [ascending, descending]
  relevance: ['Relevance', 'Relevance'],
  posted: ['Oldest posted', 'Newest posted'],
  due: ['Due soonest', 'Due latest'],
  title: ['Title A–Z', 'Title Z–A'],
  agency: ['Agency A–Z', 'Agency Z–A'],
  solicitation_number: ['Solicitation # A–Z', 'Solicitation # Z–A'],
  notice_type: ['Type A–Z', 'Type Z–A'],
  set_aside: ['Set-aside A–Z', 'Set-aside Z–A'],
  naics: ['NAICS ascending', 'NAICS descending'],
};

const VIEWS: { value: DefaultView; label: string }[] = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
  { value: 'compact', label: 'Compact' },
];

const sortValue = (sort: OpportunitySort, order: SortOrder) => `${sort}:${order}`;

interface Props {
  status: NoticeStatus;
  onStatus: (status: NoticeStatus) => void;
  noticeType: string | undefined;
  onNoticeType: (type: string | undefined) => void;
  sort: OpportunitySort;
  order: SortOrder;
  hasKeyword: boolean;
  onSort: (sort: OpportunitySort, order: SortOrder) => void;
  view: DefaultView;
  onView: (view: DefaultView) => void;
}

/** Which notices, which type, the sort (every view) and the view (issue 15). */
export function ResultsToolbar({ status, onStatus, noticeType, onNoticeType, sort, order, hasKeyword, onSort, view, onView }: Props) {
  const sorts: { value: string; label: string }[] = [
    { value: sortValue('due', 'asc'), label: SORT_LABELS.due[0] },
    { value: sortValue('posted', 'desc'), label: SORT_LABELS.posted[1] },
  ];
  if (hasKeyword) sorts.push({ value: sortValue('relevance', 'desc'), label: 'Relevance' });
  const current = sortValue(sort, order);
  if (!sorts.some((s) => s.value === current)) sorts.push({ value: current, label: SORT_LABELS[sort][order === 'asc' ? 0 : 1] });

  return (
    <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
      {/* Native selects: a Mantine Select is a combobox with a popover, a floating position and
          option lists, five of which were most of the dashboard's first show (issue 15). */}
      <NativeSelect
        label="Show"
        size="xs"
        w={170}
        data={NOTICE_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        value={status}
        onChange={(e) => onStatus(e.currentTarget.value as NoticeStatus)}
        data-testid="status-filter"
      />
      <NativeSelect
        label="Notice type"
        size="xs"
        w={220}
        data={[{ value: '', label: 'All types' }, ...NOTICE_TYPE_OPTIONS.map((t) => ({ value: t, label: t }))]}
        value={noticeType ?? ''}
        onChange={(e) => onNoticeType(e.currentTarget.value || undefined)}
        data-testid="type-filter"
      />
      <NativeSelect
        label="Sort by"
        size="xs"
        w={180}
        data={sorts}
        value={current}
        onChange={(e) => {
          const [s, o] = e.currentTarget.value.split(':') as [OpportunitySort, SortOrder];
          onSort(s, o);
        }}
        data-testid="sort-select"
      />
      {/* Buttons, not a SegmentedControl: its sliding indicator measures the page while the
          dashboard first shows (a forced layout of 30-40 ms before the cards could paint). */}
      <Button.Group ml="auto" aria-label="View">
        {VIEWS.map((v) => (
          <Button
            key={v.value}
            size="xs"
            variant={v.value === view ? 'filled' : 'default'}
            aria-pressed={v.value === view}
            onClick={() => onView(v.value)}
          >
            {v.label}
          </Button>
        ))}
      </Button.Group>
      <RefreshButton />
    </Group>
  );
}
