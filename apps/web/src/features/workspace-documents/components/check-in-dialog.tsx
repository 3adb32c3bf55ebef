import { Button, FileInput, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CHECK_IN_NOTE_MAX, type WorkspaceDocument } from '@biddesk/shared';
import { useCheckInDocument } from '../api/documents';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** Check in (SPEC §4): the holder may attach the edited file, which becomes the next version, and a note. */
export function CheckInDialog({
  workspaceId,
  document,
  onClose,
}: {
  workspaceId: string;
  document: WorkspaceDocument;
  onClose: () => void;
}) {
  const checkIn = useCheckInDocument(workspaceId);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');

  const submit = () =>
    checkIn.mutate(
      { documentId: document.id, file, note },
      {
        onSuccess: (doc) => {
          toast.success(file ? `${doc.name} checked in as version ${doc.version}` : `${doc.name} checked in`);
          onClose();
        },
        onError: (err) => toast.error(MESSAGES.failedToCheckInDocument, err),
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Check in ${document.name}`} centered>
      <Text size="sm" c="dimmed" mb="sm">
        Attach your edited file to save it as version {document.version + 1}, or check in without a file to release the document unchanged.
      </Text>
      <FileInput label="New version (optional)" placeholder="Choose a file" value={file} onChange={setFile} clearable />
      <Textarea
        mt="sm"
        label="Note (optional)"
        placeholder="What changed"
        value={note}
        maxLength={CHECK_IN_NOTE_MAX}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={checkIn.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={checkIn.isPending}>
          Check In
        </Button>
      </Group>
    </Modal>
  );
}
