import { Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DOCUMENT_TYPE_LABELS, formatDate, type GeneratedDocument } from '@biddesk/shared';
import { documentFileName, downloadText } from '../download';
import { MarkdownView } from '../../../components/ui/markdown-view';
import { MatrixExportButtons } from './matrix-export-buttons';

/** The document preview dialog (SPEC §2): rendered markdown and a download button. */
export function DocumentPreviewModal({ doc, onClose }: { doc: GeneratedDocument | null; onClose: () => void }) {
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      size="xl"
      title={
        doc ? `${DOCUMENT_TYPE_LABELS[doc.document_type] ?? doc.document_type} — ${doc.solicitation_number ?? doc.metadata.title}` : ''
      }
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {doc && (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed">
              Generated {formatDate(doc.created_at)}
            </Text>
            <Group gap={6}>
              <MatrixExportButtons doc={doc} />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => downloadText(documentFileName(doc), doc.content)}
              >
                Download
              </Button>
            </Group>
          </Group>
          <div data-testid="document-preview">
            <MarkdownView content={doc.content} />
          </div>
        </>
      )}
    </Modal>
  );
}
