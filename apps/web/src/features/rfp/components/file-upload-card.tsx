import { Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';

export interface FileUploadCardProps {
  title: string;
  description: string;
  /** File input `accept`, e.g. ".pdf,application/pdf". */
  accept: string;
  /** Shown when nothing is chosen (SPEC §8). */
  selectMessage: string;
  /** Shown when the chosen file is not of an allowed type (SPEC §8 "PDF files only"). */
  typeMessage: string;
  isAllowed: (file: File) => boolean;
  pending: boolean;
  /** Share of the file sent while pending, 0-100; at 100 the server is reading it. */
  progress: number;
  onSubmit: (file: File) => void;
  onCancel?: () => void;
}

/**
 * One upload area (RFP or draft): the file is checked before any call; while the call runs the
 * engine reads it, which takes seconds, so the area says so instead of SPEC's "2-3 minutes".
 */
export function FileUploadCard({
  title,
  description,
  accept,
  selectMessage,
  typeMessage,
  isAllowed,
  pending,
  progress,
  onSubmit,
  onCancel,
}: FileUploadCardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!file) return setError(selectMessage);
    if (!isAllowed(file)) return setError(typeMessage);
    onSubmit(file);
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="file-upload-card">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <FileInput
          aria-label={`${title} file`}
          placeholder="Choose a file"
          accept={accept}
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          error={error}
          disabled={pending}
          clearable
        />
        {pending && (
          <Stack gap={4} role="status">
            {progress < 100 ? (
              <>
                <Progress value={progress} aria-label="Upload progress" />
                <Text size="sm">
                  Uploading {file?.name}... {progress}%
                </Text>
              </>
            ) : (
              <>
                <Progress value={100} animated striped aria-label="Processing" />
                <Text size="sm">Processing...</Text>
                <Text size="xs" c="dimmed">
                  Reading {file?.name}. This takes a few seconds.
                </Text>
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button onClick={submit} loading={pending}>
            {title}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
