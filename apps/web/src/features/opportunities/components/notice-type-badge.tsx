import { Badge } from '@mantine/core';
import { AWARD_NOTICE_TYPE, BIDDABLE_NOTICE_TYPES } from '@biddesk/shared';

const BIDDABLE: readonly string[] = BIDDABLE_NOTICE_TYPES;

/** The SAM notice type: biddable types in blue, awards in grape, the rest grey. */
export function NoticeTypeBadge({ type }: { type: string | null }) {
  const color = type === AWARD_NOTICE_TYPE ? 'grape' : type && BIDDABLE.includes(type) ? 'blue' : 'gray';
  return (
    <Badge variant="light" color={color} size="sm" radius="sm" tt="none" data-testid="notice-type" style={{ maxWidth: '100%' }}>
      {type ?? 'Notice'}
    </Badge>
  );
}
