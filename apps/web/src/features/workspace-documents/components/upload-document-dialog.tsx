import { Button, FileInput, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useUploadDocument } from '../api/documents';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/** Upload (SPEC §2): one file becomes a new document at version 1; none chosen says so before any call. */
export function UploadDocumentDialog({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const upload = useUploadDocument(workspaceId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!file) {
      setError('Please select a file');
      return;
    }
    upload.mutate(file, {
      onSuccess: (doc) => {
        toast.success(`${doc.name} uploaded`);
        onClose();
      },
      onError: (err) => toast.error(MESSAGES.failedToUploadFile, err),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Upload Document" centered>
      <FileInput
        label="File"
        placeholder="Choose a file"
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={error}
        clearable
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={upload.isPending}>
          Upload
        </Button>
      </Group>
    </Modal>
  );
}
