import { ActionIcon, Badge, Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_TYPE_LABELS, formatDate, type GeneratedDocument } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteDocument } from '../api/documents-api';
import { documentFileName, downloadText } from '../download';
import { DocumentPreviewModal } from './document-preview-modal';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** The solicitation a document was written for, linked to its opportunity when it still exists. */
function OpportunityCell({ doc }: { doc: GeneratedDocument }) {
  return (
    <>
      {doc.opportunity_id ? (
        <Text component={Link} to={`/opportunity/${doc.opportunity_id}`} size="sm" fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
          {doc.solicitation_number ?? doc.metadata.title}
        </Text>
      ) : (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {doc.solicitation_number ?? doc.metadata.title}
        </Text>
      )}
      <Text size="xs" c="dimmed" lineClamp={1}>
        {doc.metadata.title}
        {doc.metadata.agency ? ` · ${doc.metadata.agency}` : ''}
      </Text>
    </>
  );
}

/** Generated documents with view, download and delete (SPEC §2 Generated documents). */
export function DocumentsTable({ documents, showOpportunity }: { documents: GeneratedDocument[]; showOpportunity: boolean }) {
  const [preview, setPreview] = useState<GeneratedDocument | null>(null);
  const [toDelete, setToDelete] = useState<GeneratedDocument | null>(null);
  const remove = useDeleteDocument();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(MESSAGES.documentDeleted),
      onError: (err) => toast.error(MESSAGES.failedToDeleteDocument, err),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <>
      {/* No minimum width: on a phone the row actions were scrolled off screen with no cue (issue
          21); below the sm breakpoint the opportunity and date move under the type, beside the actions. */}
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              {showOpportunity && <Table.Th visibleFrom="sm">Opportunity</Table.Th>}
              <Table.Th visibleFrom="sm">Created</Table.Th>
              <Table.Th w={120}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((doc) => (
              <Table.Tr key={doc.id} data-testid="document-row">
                <Table.Td>
                  <Badge variant="light" miw="max-content">
                    {DOCUMENT_TYPE_LABELS[doc.document_type] ?? doc.document_type}
                  </Badge>
                  <Box hiddenFrom="sm" mt={4}>
                    {showOpportunity && <OpportunityCell doc={doc} />}
                    <Text size="xs" c="dimmed">
                      {formatDate(doc.created_at)}
                    </Text>
                  </Box>
                </Table.Td>
                {showOpportunity && (
                  <Table.Td visibleFrom="sm">
                    <OpportunityCell doc={doc} />
                  </Table.Td>
                )}
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDate(doc.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="View">
                      <ActionIcon variant="subtle" aria-label="View document" onClick={() => setPreview(doc)}>
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Download">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Download document"
                        onClick={() => downloadText(documentFileName(doc), doc.content)}
                      >
                        <IconDownload size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon variant="subtle" color="red" aria-label="Delete document" onClick={() => setToDelete(doc)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DocumentPreviewModal doc={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete document"
        message={
          toDelete
            ? `Delete the ${DOCUMENT_TYPE_LABELS[toDelete.document_type] ?? toDelete.document_type} for ${toDelete.solicitation_number ?? toDelete.metadata.title}? This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
