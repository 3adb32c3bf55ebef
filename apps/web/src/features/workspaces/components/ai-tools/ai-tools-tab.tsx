import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { WORKSPACE_DOCUMENT_LABELS, type Workspace, type WorkspaceDocumentType, type WorkspaceGeneratedDocument } from '@biddesk/shared';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../../lib/api-client';
import { downloadBlob } from '../../../../lib/download-blob';
import { useSession } from '../../../auth/session-context';
import { useAiDocuments, useDeleteAiDocument, useGenerateAiDocument } from '../../api/ai-tools';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';
import { AiDocumentList, aiDocumentLabel, type AiDocumentAction } from './ai-document-list';
import { AiDocumentModal } from './ai-document-modal';
import { AiToolCards } from './ai-tool-cards';

/** SPEC §5: generation needs the workspace's opportunity. */
export const OPPORTUNITY_NOT_AVAILABLE = 'Opportunity information not available';

/** Download name (SPEC §2): solicitation number and document type, as text. */
export function aiDocumentFileName(doc: Pick<WorkspaceGeneratedDocument, 'solicitation_number' | 'document_type'>): string {
  const number = (doc.solicitation_number || 'workspace').replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${number}_${doc.document_type}.txt`;
}

const download = (doc: WorkspaceGeneratedDocument) => downloadBlob(aiDocumentFileName(doc), new Blob([doc.content], { type: 'text/plain;charset=utf-8' }));

/**
 * AI Tools (SPEC §2): the four workspace generators, written from the workspace's opportunity and
 * its latest RFP, and the documents every member generated, to view, download and — for their
 * author or the owner — delete. Viewers and archived workspaces only read.
 */
export function AiToolsTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const documents = useAiDocuments(workspace.id);
  const generate = useGenerateAiDocument(workspace.id);
  const remove = useDeleteAiDocument(workspace.id);
  const { user } = useSession();
  const [viewing, setViewing] = useState<WorkspaceGeneratedDocument | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceGeneratedDocument | null>(null);
  const opportunity = workspace.opportunity;

  const handleGenerate = (documentType: WorkspaceDocumentType) => {
    if (!opportunity) return;
    generate.mutate(
      { opportunityId: opportunity.id, documentType },
      {
        onSuccess: (doc) => {
          notifications.show({ color: 'green', message: `${WORKSPACE_DOCUMENT_LABELS[documentType]} generated` });
          setViewing(doc);
        },
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Failed to generate document') }),
      },
    );
  };

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `${aiDocumentLabel(deleting)} deleted` }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Failed to delete document') }),
      onSettled: () => setDeleting(null),
    });
  };

  const onAction = (action: AiDocumentAction, doc: WorkspaceGeneratedDocument) => {
    if (action === 'view') setViewing(doc);
    else if (action === 'download') download(doc);
    else setDeleting(doc);
  };

  const canDelete = (doc: WorkspaceGeneratedDocument) => can('ai.deleteDocument', { actorId: user?.id, createdBy: doc.author_id });

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          AI Tools
        </Title>
        <Text size="sm" c="dimmed">
          Documents are written from the workspace&apos;s opportunity and the requirements of its latest RFP; every member sees them.
        </Text>
      </div>
      {opportunity ? (
        <AiToolCards
          canGenerate={can('ai.generate')}
          generating={generate.isPending ? (generate.variables?.documentType ?? null) : null}
          onGenerate={handleGenerate}
        />
      ) : (
        <Alert color="yellow" data-testid="ai-no-opportunity">
          {OPPORTUNITY_NOT_AVAILABLE}
        </Alert>
      )}
      <div>
        <Title order={3} size="h5" mb="xs">
          Generated Documents
        </Title>
        {documents.error ? (
          <Text size="sm" c="red">
            {errorMessage(documents.error, 'Failed to load documents')}
          </Text>
        ) : (
          documents.data && <AiDocumentList documents={documents.data} canDelete={canDelete} busyId={remove.isPending ? (remove.variables ?? null) : null} onAction={onAction} />
        )}
      </div>
      <AiDocumentModal doc={viewing} onClose={() => setViewing(null)} onDownload={download} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete document"
        message={deleting ? `Delete the ${aiDocumentLabel(deleting)} generated by ${deleting.author_name ?? 'a former member'}? It is removed for every member.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
