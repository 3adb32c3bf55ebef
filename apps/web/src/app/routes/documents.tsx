import { Card, Center, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { useGeneratedDocuments } from '../../features/generated-documents/api/documents-api';
import { DocumentsTable } from '../../features/generated-documents/components/documents-table';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../lib/messages';

/** Generated documents (SPEC §2), also served at /ai-workspace: every document the user generated. */
export function DocumentsRoute() {
  const documents = useGeneratedDocuments();

  useEffect(() => {
    if (documents.isError) toast.error(MESSAGES.failedToFetchDocuments);
  }, [documents.isError]);

  return (
    <>
      <PageHeader title="Generated Documents" description="Bid documents generated from your saved solicitations." />
      <Card withBorder>
        {documents.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : !documents.data || documents.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No documents yet. Open an opportunity and use its Generated Documents tab to write an executive brief, compliance matrix, RFI
            questions or a response template.
          </Text>
        ) : (
          <DocumentsTable documents={documents.data} showOpportunity />
        )}
      </Card>
    </>
  );
}
