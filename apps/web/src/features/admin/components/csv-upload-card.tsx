import { Alert, Button, Card, FileInput, Group, List, Loader, Progress, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ImportJob } from '@biddesk/shared';
import { adminErrorMessage } from '../api/admin-api';
import { isImportActive, useImportFinished, useImportJob, useRecentImportJobs, useStartUploadImport } from '../api/opportunity-sync-api';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

const n = (v: number) => v.toLocaleString('en-US');

/** "42% · 12,000 rows read: 300 new, 20 updated, 11,680 unchanged" while an import runs. */
function progressLine(job: ImportJob): string {
  if (job.status === 'uploading' || job.status === 'queued') return 'Waiting to start...';
  const percent = job.total_bytes ? `${Math.min(100, Math.floor((job.bytes_read / job.total_bytes) * 100))}% · ` : '';
  const malformed = job.malformed > 0 ? `, ${n(job.malformed)} malformed` : '';
  return `${percent}${n(job.rows_read)} rows read: ${n(job.inserted)} new, ${n(job.updated)} updated, ${n(job.unchanged)} unchanged${malformed}`;
}

/** "Line 12", or for a row of a ZIP entry "Contracts_….csv, line 12" (line 0: the whole entry). */
function whereOf(e: ImportJob['errors'][number]): string {
  if (!e.file) return `Line ${e.line}`;
  return e.line > 0 ? `${e.file}, line ${e.line}` : e.file;
}

const TEXTS = {
  opportunities: {
    title: 'Upload a CSV file',
    intro:
      'Imports a Contract Opportunities extract saved on this computer, in the background: you can leave this page and come back. Rows that did not change since the last import are skipped.',
    placeholder: 'ContractOpportunitiesFullCSV.csv',
    noun: 'opportunities',
    label: 'CSV file',
    button: 'Upload and import',
    testId: 'upload-status',
    accept: '.csv,text/csv',
    missing: 'Please choose a CSV file',
  },
  awards: {
    title: 'Upload award data',
    intro:
      'Imports a USAspending contract award CSV (a custom award download’s PrimeAwardSummaries or PrimeTransactions file, or an archive file) in the background. A ZIP is read as it comes: a bulk or custom download, or a fiscal year’s archive, every contract CSV inside imported in turn, other files listed as skipped. Awards are matched by their award key and vendors by UEI; awards that did not change are skipped. The incumbent candidates on every notice come from these.',
    placeholder: 'Contracts_PrimeAwardSummaries_….csv or a .zip',
    noun: 'awards',
    label: 'USAspending award file',
    button: 'Import award file',
    testId: 'award-upload-status',
    accept: '.csv,.zip,text/csv,application/zip',
    missing: 'Please choose a CSV or ZIP file',
  },
} as const;

/**
 * Admin → Database: import a file from this computer (beside the SPEC's import by URL): SAM.gov
 * opportunities, or USAspending awards. The upload starts a background import on the server; the
 * card polls its progress, so a large file never hits a browser timeout, and an import still
 * running after a reload is picked up again.
 */
export function CsvUploadCard({ kind = 'opportunities', footer }: { kind?: ImportJob['kind']; footer?: ReactNode }) {
  const texts = TEXTS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartUploadImport(kind);
  const recent = useRecentImportJobs();
  const { data: job } = useImportJob(jobId);
  const finished = useImportFinished();
  const announced = useRef<string | null>(null);

  // After a reload, follow an upload import that is still running.
  const running = recent.data?.jobs.find((j) => isImportActive(j) && j.source === 'upload' && j.kind === kind);
  useEffect(() => {
    if (jobId === null && running) setJobId(running.id);
  }, [jobId, running]);

  // Said once per import, when the poll first sees it end.
  useEffect(() => {
    if (!job || isImportActive(job) || announced.current === job.id || job.id !== jobId) return;
    announced.current = job.id;
    if (job.status === 'done') {
      toast.success(`${n(job.imported)} ${texts.noun} imported`, { title: 'Import complete' });
      void finished();
    } else {
      toast.error(job.error ?? MESSAGES.importFailed);
    }
  }, [job, jobId, finished, texts.noun]);

  const active = isImportActive(job);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast.warning(texts.missing);
      return;
    }
    start.mutate(file, {
      onSuccess: (started) => setJobId(started.id),
      onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.importFailed)),
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        {texts.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {texts.intro}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="nowrap">
          <FileInput
            label={texts.label}
            placeholder={texts.placeholder}
            accept={texts.accept}
            value={file}
            onChange={setFile}
            leftSection={<IconFileUpload size={16} />}
            clearable
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={start.isPending} disabled={active}>
            {texts.button}
          </Button>
        </Group>
      </form>
      {footer && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{footer}</div>}
      {job && active && (
        <Alert
          mt="md"
          color="blue"
          variant="light"
          icon={<Loader size={16} />}
          title={`Importing ${job.source_label}`}
          data-testid={texts.testId}
          data-status="running"
        >
          {progressLine(job)}
          {job.total_bytes ? (
            <Progress mt="xs" value={Math.min(100, (job.bytes_read / job.total_bytes) * 100)} aria-label="Import progress" />
          ) : null}
        </Alert>
      )}
      {job?.status === 'done' && (
        <Alert
          mt="md"
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Import complete"
          data-testid={texts.testId}
          data-status="done"
        >
          {n(job.imported)} {texts.noun} imported ({n(job.inserted)} new, {n(job.updated)} updated, {n(job.unchanged)} unchanged) from{' '}
          {n(job.rows_read)} rows
          {job.malformed > 0 && `; ${n(job.malformed)} malformed rows skipped`}.
          {job.errors.length > 0 && (
            <List size="xs" mt="xs">
              {job.errors.slice(0, 5).map((e) => (
                <List.Item key={`${e.file ?? ''}-${e.line}-${e.reason}`}>
                  {whereOf(e)}: {e.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {job?.status === 'failed' && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={MESSAGES.importFailed}
          data-testid={texts.testId}
          data-status="failed"
        >
          {job.error ?? MESSAGES.importFailed}
          {job.imported > 0 && ` ${n(job.imported)} rows imported before that are kept.`}
        </Alert>
      )}
    </Card>
  );
}
