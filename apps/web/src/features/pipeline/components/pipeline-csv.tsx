import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { PURSUIT_CSV_MAX_ROWS, PURSUIT_CSV_WRITABLE, type PursuitImportReport } from '@biddesk/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast, type ToastKind } from '../../../lib/toast';
import { useExportPursuitsCsv, useImportPursuitsCsv } from '../api/pipeline-csv-api';
import type { PipelineFilters } from '../url-state';

/** What the toast may honestly say about a report: nothing is "imported" when no row changed. */
export function importSummary(r: PursuitImportReport): { kind: ToastKind; message: string } {
  const { created, updated, unchanged, refused } = r.counts;
  const changed = created + updated;
  const refusedText = refused > 0 ? `, ${refused} refused` : '';
  if (changed === 0 && refused > 0)
    return {
      kind: 'error',
      message: `Nothing imported: ${refused === r.counts.rows ? 'every row was' : `${refused} ${refused === 1 ? 'row was' : 'rows were'}`} refused${unchanged ? ` and ${unchanged} unchanged` : ''}`,
    };
  if (changed === 0) return { kind: 'neutral', message: 'Nothing to change: every row matches the pipeline' };
  return {
    kind: refused > 0 ? 'warning' : 'success',
    message: `Imported: ${created} created, ${updated} updated, ${unchanged} unchanged${refusedText}`,
  };
}

/** /pipeline's Export CSV (the current filters) and Import CSV (a file, then the per-row report). */
export function PipelineCsv({ filters }: { filters: PipelineFilters }) {
  const exportCsv = useExportPursuitsCsv();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={exportCsv.isPending}
        onClick={() => exportCsv.mutate(filters, { onError: (e) => toast.error('Failed to export the pipeline', e) })}
      >
        Export CSV
      </Button>
      <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
        Import CSV
      </Button>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}

function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importCsv = useImportPursuitsCsv();
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    setFile(null);
    importCsv.reset();
    onClose();
  };
  const submit = () => {
    if (!file) return;
    importCsv.mutate(file, {
      onSuccess: (report) => {
        const { kind, message } = importSummary(report);
        toast.show(kind, message);
      },
    });
  };
  const report = importCsv.data;
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Modal opened={opened} onClose={close} title="Import pursuits from CSV" size="lg" fullScreen={narrow}>
      <Stack gap="sm">
        <Text size="sm">
          Use the columns of an exported pipeline CSV (notice_id or solicitation_number finds the notice). Read back:{' '}
          {PURSUIT_CSV_WRITABLE.join(', ')}. Each row is applied whole or refused with the reason; up to{' '}
          {PURSUIT_CSV_MAX_ROWS.toLocaleString('en-US')} rows.
        </Text>
        <FileInput
          label="Pursuit CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
        />
        {importCsv.isError && <Alert color="red">{errorMessage(importCsv.error, 'Failed to import the file')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
          <Button onClick={submit} disabled={!file} loading={importCsv.isPending}>
            Import
          </Button>
        </Group>
        {report && <ImportReport report={report} />}
      </Stack>
    </Modal>
  );
}

/** The counts, then every refused row with its reason. */
export function ImportReport({ report }: { report: PursuitImportReport }) {
  const refused = report.rows.filter((r) => r.action === 'refused');
  const { rows, created, updated, unchanged } = report.counts;
  return (
    <Stack gap="xs" data-testid="import-report">
      <Text size="sm" fw={600} role="status">
        {rows} {rows === 1 ? 'row' : 'rows'}: {created} created, {updated} updated, {unchanged} unchanged, {refused.length} refused
      </Text>
      {report.ignored_columns.length > 0 && <Text size="sm">Columns not read: {report.ignored_columns.join(', ')}</Text>}
      {refused.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder fz="sm" captionSide="top" data-testid="refused-rows">
            <Table.Caption>Refused rows (nothing of them was applied)</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Notice</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refused.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.notice_id ?? '—'}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
