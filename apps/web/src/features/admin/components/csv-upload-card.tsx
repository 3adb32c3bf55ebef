import { Alert, Button, Card, FileInput, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ImportResult } from '@biddesk/shared';
import { adminErrorMessage } from '../api/admin-api';
import { useUploadCsv } from '../api/opportunity-sync-api';

const n = (v: number) => v.toLocaleString('en-US');

/** Admin → Database: import an extract file from this computer (beside the SPEC's import by URL). */
export function CsvUploadCard() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const upload = useUploadCsv();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      notifications.show({ color: 'yellow', message: 'Please choose a CSV file' });
      return;
    }
    setResult(null);
    upload.mutate(file, {
      onSuccess: (r) => {
        setResult(r);
        notifications.show({ color: 'green', title: 'Import complete', message: `${n(r.imported)} opportunities imported` });
      },
      onError: (error) => notifications.show({ color: 'red', message: adminErrorMessage(error, 'Import failed') }),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Upload a CSV file
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Imports a Contract Opportunities extract saved on this computer. Rows that did not change since the last import are skipped.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="nowrap">
          <FileInput label="CSV file" placeholder="ContractOpportunitiesFullCSV.csv" accept=".csv,text/csv" value={file} onChange={setFile} leftSection={<IconFileUpload size={16} />} clearable style={{ flex: 1 }} />
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
            Upload and import
          </Button>
        </Group>
      </form>
      {result && (
        <Alert mt="md" color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Import complete" data-testid="upload-status">
          {n(result.imported)} opportunities imported ({n(result.inserted)} new, {n(result.updated)} updated, {n(result.unchanged)} unchanged) from {n(result.rows)} rows
          {result.malformed > 0 && `; ${n(result.malformed)} malformed rows skipped`}.
        </Alert>
      )}
    </Card>
  );
}
