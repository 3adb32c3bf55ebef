import { Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatDate, type WorkspaceGeneratedDocument } from '@biddesk/shared';
import { MarkdownView } from '../../../components/ui/markdown-view';
import { aiDocumentLabel } from './ai-document-list';

/** A generated document, rendered (markdown, sanitised), with its download. */
export function AiDocumentModal({
  doc,
  onClose,
  onDownload,
}: {
  doc: WorkspaceGeneratedDocument | null;
  onClose: () => void;
  onDownload: (doc: WorkspaceGeneratedDocument) => void;
}) {
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      size="xl"
      title={doc ? `${aiDocumentLabel(doc)} — ${doc.solicitation_number ?? doc.metadata.title}` : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {doc && (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed">
              Generated {formatDate(doc.generated_at)} by {doc.author_name ?? 'a former member'}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => onDownload(doc)}>
              Download
            </Button>
          </Group>
          <div data-testid="ai-document-preview">
            <MarkdownView content={doc.content} />
          </div>
        </>
      )}
    </Modal>
  );
}
