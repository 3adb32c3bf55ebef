import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { GeneratedDocument } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { exportComplianceMatrix } from '../api/documents-api';
import { downloadBlob } from '../../../lib/download-blob';

/** CSV and Excel downloads of a compliance matrix, for the team that tracks it in a spreadsheet. */
export function MatrixExportButtons({ doc }: { doc: GeneratedDocument }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  if (doc.document_type !== 'compliance') return null;

  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      const { blob, fileName } = await exportComplianceMatrix(doc.id, format);
      downloadBlob(fileName ?? `compliance.${format}`, blob);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Failed to download file') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap={6}>
      <Button size="xs" variant="light" color="teal" leftSection={<IconFileSpreadsheet size={14} />} loading={busy === 'csv'} onClick={() => void run('csv')}>
        CSV
      </Button>
      <Button size="xs" variant="light" color="green" leftSection={<IconFileSpreadsheet size={14} />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        Excel
      </Button>
    </Group>
  );
}
