import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatKb, formatRelativeTime, type WorkspaceDocument } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { lockAge } from './save-download';

export type DocumentAction = 'download' | 'history' | 'checkOut' | 'checkIn' | 'forceRelease' | 'delete';

/**
 * One document (SPEC §2, §4): check out only when nobody holds it, check in only for the holder;
 * others see just who holds it. Write actions hide in an archived workspace.
 */
export function DocumentRow({
  document: d,
  userId,
  can,
  busy,
  onAction,
}: {
  document: WorkspaceDocument;
  userId: string | undefined;
  can: WorkspaceAbilityCheck;
  busy: boolean;
  onAction: (action: DocumentAction, document: WorkspaceDocument) => void;
}) {
  const mine = Boolean(userId) && d.checked_out_by === userId;
  const action = (a: DocumentAction, label: string, aria: string, color?: string) => (
    <Button size="compact-xs" variant="subtle" color={color} onClick={() => onAction(a, d)} aria-label={aria} disabled={busy}>
      {label}
    </Button>
  );
  return (
    <Table.Tr data-testid="document-row">
      <Table.Td>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
          {d.name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="document-facts">
          v{d.version} · {formatKb(d.file_size)} · {d.uploader_name ?? 'Former member'} · {formatRelativeTime(d.updated_at)}
        </Text>
      </Table.Td>
      <Table.Td data-testid="document-holder">
        {d.checked_out_by ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">
              Checked out by {mine ? 'you' : (d.checked_out_by_name ?? 'a former member')}
              {d.checked_out_at ? ` · ${lockAge(d.checked_out_at)}` : ''}
            </Text>
            {d.lock_stale && (
              <Badge size="xs" color="orange" variant="light">
                stale
              </Badge>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Available
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end">
          {can('document.download') && action('download', 'Download', `Download ${d.name}`)}
          {can('document.download') && action('history', 'History', `Version history of ${d.name}`)}
          {!d.checked_out_by && can('document.checkOut') && action('checkOut', 'Check Out', `Check out ${d.name}`)}
          {mine && can('document.checkOut') && action('checkIn', 'Check In', `Check in ${d.name}`)}
          {d.checked_out_by &&
            !mine &&
            d.lock_stale &&
            can('document.forceRelease') &&
            action('forceRelease', 'Force Release', `Force release ${d.name}`, 'orange')}
          {can('document.delete') && action('delete', 'Delete', `Delete ${d.name}`, 'red')}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
