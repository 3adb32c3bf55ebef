import { Button, Loader, Modal, Table, Text } from '@mantine/core';
import { formatKb, formatRelativeTime, type WorkspaceDocument } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentVersions } from '../api/documents';

/** Every kept version of a document, newest first, each downloadable. */
export function VersionHistoryDialog({
  workspaceId,
  document,
  onDownload,
  onClose,
}: {
  workspaceId: string;
  document: WorkspaceDocument;
  onDownload: (fileName: string, version: number) => void;
  onClose: () => void;
}) {
  const versions = useDocumentVersions(workspaceId, document.id);
  return (
    <Modal opened onClose={onClose} title={`Version history: ${document.name}`} size="lg" centered>
      {versions.isPending && <Loader size="sm" />}
      {versions.error && <Text c="red">{errorMessage(versions.error, 'Failed to load versions')}</Text>}
      {versions.data && (
        <Table.ScrollContainer minWidth={500}>
          <Table verticalSpacing="xs" data-testid="version-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded by</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((v) => (
                <Table.Tr key={v.version} data-testid="version-row">
                  <Table.Td>v{v.version}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {v.file_name}
                    </Text>
                    {v.note && (
                      <Text size="xs" c="dimmed">
                        {v.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{v.uploader_name ?? 'Former member'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKb(v.size)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRelativeTime(v.created_at)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onDownload(v.file_name, v.version)}
                      aria-label={`Download version ${v.version}`}
                    >
                      Download
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
