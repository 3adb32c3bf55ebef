import { Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useUploadPdf } from '../api/documents-api';
import { plural } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

const PDF_ONLY = 'Please upload a PDF file';

/**
 * The solicitation PDF upload (SPEC §4): idle, processing, then the opportunity reloads with
 * pdf_processed shown. Only names ending in .pdf are sent (SPEC §5); the server checks the bytes.
 */
export function PdfUpload({ opportunityId, processed }: { opportunityId: string; processed: boolean }) {
  const upload = useUploadPdf(opportunityId);

  const send = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.pdf')) {
      toast.error(PDF_ONLY);
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => toast.success(`PDF processed: ${plural(answer.metadata.requirements_count, 'requirement')} extracted`),
      onError: (err) => toast.error(MESSAGES.failedToUploadPdf, err),
    });
  };
  const reject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    toast.error(tooLarge ? 'The PDF is larger than the 50 MB limit' : PDF_ONLY);
  };

  const title = upload.isPending ? 'Processing PDF...' : processed ? 'Upload a newer solicitation PDF' : 'Upload the solicitation PDF';
  return (
    // Named, as is its file input, which was unlabelled (axe: label, critical). A group, not the
    // role="presentation" react-dropzone gives its focusable root; not a button, which may not
    // hold the (unfocusable) input.
    <Dropzone
      role="group"
      aria-label={title}
      inputProps={{ 'aria-label': title }}
      onDrop={send}
      onReject={reject}
      accept={PDF_MIME_TYPE}
      maxFiles={1}
      multiple={false}
      maxSize={50 * 1024 * 1024}
      loading={upload.isPending}
      data-testid="pdf-upload"
      mb="md"
    >
      <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
        {upload.isPending ? (
          <Loader size="md" />
        ) : processed ? (
          <IconFileTypePdf size={40} color="var(--mantine-color-teal-6)" />
        ) : (
          <IconUpload size={40} color="var(--mantine-color-blue-6)" />
        )}
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {upload.isPending
              ? 'Extracting Section L, M and C requirements.'
              : 'Drop the PDF here or click to choose it. Requirements are extracted in seconds and feed the generated documents.'}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
