import { Button, Group, Table, Text } from '@mantine/core';
import {
  formatDate,
  formatRelativeTime,
  WORKSPACE_DOCUMENT_LABELS,
  type WorkspaceDocumentType,
  type WorkspaceGeneratedDocument,
} from '@biddesk/shared';

export type AiDocumentAction = 'view' | 'download' | 'delete';

/** The label of a workspace document's type (the raw type for anything unexpected). */
export const aiDocumentLabel = (doc: Pick<WorkspaceGeneratedDocument, 'document_type'>) =>
  WORKSPACE_DOCUMENT_LABELS[doc.document_type as WorkspaceDocumentType] ?? doc.document_type;

/** The workspace's generated documents, newest first: type, author, when; view, download and (when allowed) delete. */
export function AiDocumentList({
  documents,
  canDelete,
  busyId,
  onAction,
}: {
  documents: WorkspaceGeneratedDocument[];
  canDelete: (doc: WorkspaceGeneratedDocument) => boolean;
  busyId: string | null;
  onAction: (action: AiDocumentAction, doc: WorkspaceGeneratedDocument) => void;
}) {
  if (documents.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="ai-documents-empty">
        No documents generated yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="ai-documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Generated</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => {
            const label = aiDocumentLabel(doc);
            const action = (a: AiDocumentAction, text: string, color?: string) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color={color}
                onClick={() => onAction(a, doc)}
                aria-label={`${text} ${label}`}
                disabled={busyId === doc.id}
              >
                {text}
              </Button>
            );
            return (
              <Table.Tr key={doc.id} data-testid="ai-document-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    by {doc.author_name ?? 'a former member'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={formatDate(doc.generated_at)}>
                    {formatRelativeTime(doc.generated_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {action('view', 'View')}
                    {action('download', 'Download')}
                    {canDelete(doc) && action('delete', 'Delete', 'red')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
