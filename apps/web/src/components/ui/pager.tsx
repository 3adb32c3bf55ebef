import { Button, Group, Text } from '@mantine/core';
import { PAGER_MAX_BUTTONS } from '@biddesk/shared';

/** Page numbers to show: at most PAGER_MAX_BUTTONS (SPEC §9), a window around the current page. */
export function pageWindow(page: number, totalPages: number, max = PAGER_MAX_BUTTONS): number[] {
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The pager (SPEC §2, §9): First, Previous, up to five pages, Next, Last, and "Page n of N". */
export function Pager({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center" gap={4} mt="lg" aria-label="Pages" role="navigation">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(1)}>
        First
      </Button>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((p) => (
        <Button
          key={p}
          size="xs"
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
        >
          {p}
        </Button>
      ))}
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onChange(totalPages)}>
        Last
      </Button>
      <Text size="xs" c="dimmed" ml="xs" data-testid="page-of">
        Page {page} of {totalPages.toLocaleString('en-US')}
      </Text>
    </Group>
  );
}
