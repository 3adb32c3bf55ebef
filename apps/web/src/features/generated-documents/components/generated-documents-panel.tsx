import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { DOCUMENT_TYPE_LABELS, OPPORTUNITY_DOCUMENT_TYPES, type GeneratedDocument, type OpportunityDocumentType } from '@biddesk/shared';
import { readDocumentTone } from '../../../lib/preferences';
import { useGenerateDocument } from '../api/documents-api';
import { DocumentPreviewModal } from './document-preview-modal';
import { DocumentsTable } from './documents-table';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * The Generated Documents tab of an opportunity: one button per document type (SPEC §1), then
 * the list. A new document opens in the preview at once.
 */
export function GeneratedDocumentsPanel({
  opportunityId,
  pdfProcessed,
  documents,
  loading,
}: {
  opportunityId: string;
  pdfProcessed: boolean;
  documents: GeneratedDocument[];
  loading: boolean;
}) {
  const generate = useGenerateDocument();
  const [pendingType, setPendingType] = useState<OpportunityDocumentType | null>(null);
  const [fresh, setFresh] = useState<GeneratedDocument | null>(null);

  const run = (documentType: OpportunityDocumentType) => {
    setPendingType(documentType);
    generate.mutate(
      { opportunity_id: opportunityId, document_type: documentType, tone: readDocumentTone() },
      {
        onSuccess: (doc) => {
          toast.success(`${DOCUMENT_TYPE_LABELS[documentType]} generated`);
          setFresh(doc);
        },
        onError: (err) => toast.error(MESSAGES.failedToGenerateDocument, err),
        onSettled: () => setPendingType(null),
      },
    );
  };

  return (
    <>
      {!pdfProcessed && (
        <Alert color="blue" variant="light" mb="md">
          Documents are written from the notice alone until a solicitation PDF is uploaded on the Details tab; with it they cite every
          extracted requirement.
        </Alert>
      )}
      <Group gap="sm" mb="md">
        {OPPORTUNITY_DOCUMENT_TYPES.map((type) => (
          <Button
            key={type}
            variant="light"
            leftSection={<IconSparkles size={16} />}
            loading={pendingType === type}
            disabled={generate.isPending && pendingType !== type}
            onClick={() => run(type)}
          >
            {DOCUMENT_TYPE_LABELS[type]}
          </Button>
        ))}
      </Group>
      {loading ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          No documents generated for this opportunity yet.
        </Text>
      ) : (
        <DocumentsTable documents={documents} showOpportunity={false} />
      )}
      <DocumentPreviewModal doc={fresh} onClose={() => setFresh(null)} />
    </>
  );
}
