import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileWord } from '@tabler/icons-react';
import { useState } from 'react';
import type { GeneratedDocument } from '@biddesk/shared';
import { exportComplianceMatrix } from '../api/documents-api';
import { downloadBlob } from '../../../lib/download-blob';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

/**
 * CSV and Excel downloads of a compliance matrix, for the team that tracks it in a spreadsheet; the
 * response template's outline as Word (real headings) or text, for the writers.
 */
export function MatrixExportButtons({ doc }: { doc: GeneratedDocument }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | 'docx' | 'md' | null>(null);
  if (doc.document_type !== 'compliance' && doc.document_type !== 'rfp') return null;

  const run = async (format: 'csv' | 'xlsx' | 'docx' | 'md') => {
    setBusy(format);
    try {
      const { blob, fileName } = await exportComplianceMatrix(doc.id, format);
      downloadBlob(fileName ?? `${doc.document_type}.${format}`, blob);
    } catch (err) {
      toast.error(MESSAGES.failedToDownloadFile, err);
    } finally {
      setBusy(null);
    }
  };

  if (doc.document_type === 'rfp') {
    return (
      <Group gap={6}>
        <Button
          size="xs"
          variant="light"
          color="blue"
          leftSection={<IconFileWord size={14} />}
          loading={busy === 'docx'}
          onClick={() => void run('docx')}
        >
          Word outline
        </Button>
        <Button
          size="xs"
          variant="light"
          color="gray"
          leftSection={<IconFileText size={14} />}
          loading={busy === 'md'}
          onClick={() => void run('md')}
        >
          Text
        </Button>
      </Group>
    );
  }
  return (
    <Group gap={6}>
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconFileSpreadsheet size={14} />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        CSV
      </Button>
      <Button
        size="xs"
        variant="light"
        color="green"
        leftSection={<IconFileSpreadsheet size={14} />}
        loading={busy === 'xlsx'}
        onClick={() => void run('xlsx')}
      >
        Excel
      </Button>
    </Group>
  );
}
