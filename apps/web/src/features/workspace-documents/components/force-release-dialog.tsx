import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { WorkspaceDocument } from '@biddesk/shared';
import { useForceReleaseDocument } from '../api/documents';
import { toast } from '../../../lib/toast';

const REASON_MAX = 500;

/** Force release (WORKSPACES.md §1): the owner frees a stale check-out; the reason is logged and sent to the holder. */
export function ForceReleaseDialog({
  workspaceId,
  document,
  onClose,
}: {
  workspaceId: string;
  document: WorkspaceDocument;
  onClose: () => void;
}) {
  const release = useForceReleaseDocument(workspaceId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!reason.trim()) {
      setError('Please give a reason for releasing the check-out');
      return;
    }
    release.mutate(
      { documentId: document.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`Check-out of ${document.name} released`);
          onClose();
        },
        onError: (err) => toast.error('Failed to release check-out', err),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Release ${document.name}`} centered>
      <Text size="sm" mb="sm">
        {document.checked_out_by_name ?? 'A member'} has had this document checked out for a long time. Releasing it lets others check it
        out; {document.checked_out_by_name ?? 'they'} will be told why and must check it out again before checking in.
      </Text>
      <Textarea
        label="Reason"
        required
        value={reason}
        maxLength={REASON_MAX}
        error={error}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(null);
        }}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={release.isPending}>
          Cancel
        </Button>
        <Button color="orange" onClick={submit} loading={release.isPending}>
          Release
        </Button>
      </Group>
    </Modal>
  );
}
