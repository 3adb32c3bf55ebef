import { Alert, Button, Group, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { Workspace, WorkspaceDocument } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useCheckOutDocument, useDeleteDocument, useDocuments } from '../api/documents';
import type { WorkspaceAbilityCheck } from '../../../lib/use-workspace-ability';
import { CheckInDialog } from './check-in-dialog';
import { DocumentRow, type DocumentAction } from './document-row';
import { ForceReleaseDialog } from './force-release-dialog';
import { saveDocument } from './save-download';
import { UploadDocumentDialog } from './upload-document-dialog';
import { VersionHistoryDialog } from './version-history-dialog';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

type Dialog = { kind: 'checkIn' | 'forceRelease' | 'delete' | 'history'; document: WorkspaceDocument } | { kind: 'upload' } | null;

/**
 * Documents (SPEC §2): the shared files with version, uploader, size, update time and holder, and the
 * actions the caller's role may use (shared matrix). An archived workspace is read-only.
 */
export function DocumentsTab({ workspace, can }: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  const documents = useDocuments(workspace.id);
  const checkOut = useCheckOutDocument(workspace.id);
  const remove = useDeleteDocument(workspace.id);
  const { user } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const download = (documentId: string, fileName: string, version?: number) =>
    saveDocument(documentId, fileName, version).catch((err: Error) => toast.error(err.message));

  const onAction = (action: DocumentAction, d: WorkspaceDocument) => {
    if (action === 'download') void download(d.id, d.name);
    else if (action === 'checkOut') {
      checkOut.mutate(d.id, {
        onSuccess: () => toast.success(`${d.name} checked out to you`),
        onError: (err) => toast.error(MESSAGES.failedToCheckOutDocument, err),
      });
    } else setDialog({ kind: action, document: d });
  };

  const handleDelete = (d: WorkspaceDocument) =>
    remove.mutate(d.id, {
      onSuccess: () => toast.success(MESSAGES.documentDeleted),
      onError: (err) => toast.error(MESSAGES.failedToDeleteDocument, err),
      onSettled: close,
    });

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Documents
        </Title>
        {can('document.upload') && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'upload' })}>
            Upload Document
          </Button>
        )}
      </Group>
      {documents.error && <Alert color="red">{errorMessage(documents.error, MESSAGES.failedToFetchDocuments)}</Alert>}
      {documents.data && documents.data.length === 0 && (
        <Text c="dimmed" size="sm">
          No documents yet.
        </Text>
      )}
      {/* No minimum width: on a phone the row actions were scrolled off screen (issue 21); the
          name and facts wrap and the actions wrap under each other instead. */}
      {documents.data && documents.data.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" data-testid="documents-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document (version · size · uploaded by · updated)</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.data.map((d) => (
                <DocumentRow key={d.id} document={d} userId={user?.id} can={can} busy={checkOut.isPending} onAction={onAction} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog?.kind === 'upload' && <UploadDocumentDialog workspaceId={workspace.id} onClose={close} />}
      {dialog?.kind === 'checkIn' && <CheckInDialog workspaceId={workspace.id} document={dialog.document} onClose={close} />}
      {dialog?.kind === 'forceRelease' && <ForceReleaseDialog workspaceId={workspace.id} document={dialog.document} onClose={close} />}
      {dialog?.kind === 'history' && (
        <VersionHistoryDialog
          workspaceId={workspace.id}
          document={dialog.document}
          onDownload={(fileName, version) => void download(dialog.document.id, fileName, version)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          opened
          title="Delete document"
          message={`Delete ${dialog.document.name}? This cannot be undone.`}
          consequences={[
            dialog.document.version === 1 ? 'Its only version is removed' : `All ${plural(dialog.document.version, 'version')} are removed`,
          ]}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => handleDelete(dialog.document)}
          onCancel={close}
        />
      )}
    </>
  );
}
