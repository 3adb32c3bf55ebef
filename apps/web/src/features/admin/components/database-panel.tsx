import { Alert, Button, Card, Group, List, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconDatabaseImport, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ClearOpportunitiesPreview, ImportResult } from '@biddesk/shared';
import { ImportTimeoutError, adminErrorMessage, useClearOpportunities, useClearOpportunitiesPreview, useImportCsv } from '../api/admin-api';
import { AwardSourcesStatus } from './award-sources-status';
import { CsvUploadCard } from './csv-upload-card';
import { SamSyncCard } from './sam-sync-card';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '../../../lib/messages';

type ImportStatus =
  | { kind: 'idle' }
  | { kind: 'running'; startedAt: number }
  | { kind: 'complete'; result: ImportResult }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string };

/** Seconds since the running status began, ticking once a second. */
function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}

/** Database tab (SPEC §2): CSV import by URL and clear all opportunities; also file uploads (opportunities, USAspending awards) and the daily SAM.gov sync. */
export function DatabasePanel() {
  return (
    <Stack>
      <CsvImportCard />
      <CsvUploadCard />
      <CsvUploadCard kind="awards" footer={<AwardSourcesStatus />} />
      <SamSyncCard />
      <ClearOpportunitiesCard />
    </Stack>
  );
}

function CsvImportCard() {
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<ImportStatus>({ kind: 'idle' });
  const importCsv = useImportCsv();
  const elapsed = useElapsedSeconds(status.kind === 'running' ? status.startedAt : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const csvUrl = url.trim();
    if (!csvUrl) {
      toast.warning('Please enter a CSV URL');
      return;
    }
    setStatus({ kind: 'running', startedAt: Date.now() });
    importCsv.mutate(csvUrl, {
      onSuccess: (result) => {
        setStatus({ kind: 'complete', result });
        toast.success(`${result.imported.toLocaleString('en-US')} opportunities imported`, { title: 'Import complete' });
      },
      onError: (error) => {
        if (error instanceof ImportTimeoutError) {
          setStatus({ kind: 'timeout' });
          toast.warning('The import is taking longer than expected and may still be running.');
          return;
        }
        const message = adminErrorMessage(error, MESSAGES.importFailed);
        setStatus({ kind: 'failed', message });
        toast.error(message);
      },
    });
  };

  const running = status.kind === 'running';

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4">
        Import Opportunities from CSV
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Loads the government opportunities CSV export from a URL. A full import takes about 2-3 minutes.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="CSV URL"
            placeholder="https://example.gov/ContractOpportunitiesFullCSV.csv"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            disabled={running}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconDatabaseImport size={16} />} disabled={running}>
            Import CSV
          </Button>
        </Group>
      </form>
      {running && (
        <Alert
          mt="md"
          color="blue"
          variant="light"
          icon={<Loader size={16} />}
          title="Import running"
          data-testid="import-status"
          data-status="running"
        >
          Importing... {elapsed}s elapsed. This usually takes 2-3 minutes; keep this page open.
        </Alert>
      )}
      {status.kind === 'complete' && (
        <Alert
          mt="md"
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Import complete"
          data-testid="import-status"
          data-status="complete"
        >
          {status.result.imported.toLocaleString('en-US')} opportunities imported ({status.result.inserted.toLocaleString('en-US')} new,{' '}
          {status.result.updated.toLocaleString('en-US')} updated) from {status.result.rows.toLocaleString('en-US')} rows
          {status.result.malformed > 0 && `; ${status.result.malformed.toLocaleString('en-US')} malformed rows skipped`}.
          {status.result.errors.length > 0 && (
            <List size="xs" mt="xs">
              {status.result.errors.slice(0, 5).map((e) => (
                <List.Item key={`${e.line}-${e.reason}`}>
                  Line {e.line}: {e.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {status.kind === 'timeout' && (
        <Alert
          mt="md"
          color="yellow"
          variant="light"
          icon={<IconClock size={18} />}
          title="Import still running?"
          data-testid="import-status"
          data-status="timeout"
        >
          The browser stopped waiting after 3 minutes, but the import may still be running on the server. Please wait 5 minutes before
          checking the opportunity count or importing again.
        </Alert>
      )}
      {status.kind === 'failed' && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={MESSAGES.importFailed}
          data-testid="import-status"
          data-status="failed"
        >
          {status.message}
        </Alert>
      )}
    </Card>
  );
}

const n = (count: number) => count.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

/** Every consequence of clearing, counted (SPEC §5: "a dialog listing consequences"), including the workspaces that stay. */
function ClearConsequences({ preview }: { preview: ClearOpportunitiesPreview }) {
  return (
    <List size="sm" spacing={4} data-testid="clear-consequences">
      <List.Item>Delete all {plural(preview.opportunities, 'opportunity', 'opportunities')} in the database</List.Item>
      <List.Item>
        Remove {plural(preview.favorites, 'saved (favorited) flag', 'saved (favorited) flags')}
        {preview.favorite_users > 0 ? ` of ${plural(preview.favorite_users, 'user', 'users')}` : ''}
      </List.Item>
      <List.Item>
        Delete {plural(preview.solicitation_pdfs, 'uploaded solicitation PDF', 'uploaded solicitation PDFs')} and the requirements read from
        them
      </List.Item>
      <List.Item>
        Keep {plural(preview.generated_documents, 'generated document', 'generated documents')} in Saved Docs, without the link to their
        opportunity
      </List.Item>
      <List.Item>
        Keep {plural(preview.workspaces, 'workspace', 'workspaces')} with all their team content; each keeps its notice&apos;s agency,
        solicitation number, due date and AI Tools, and is linked again when the same notice is imported again
      </List.Item>
    </List>
  );
}

function ClearOpportunitiesCard() {
  const [confirming, setConfirming] = useState(false);
  const clear = useClearOpportunities();
  const preview = useClearOpportunitiesPreview(confirming);

  const confirm = () =>
    clear.mutate(undefined, {
      onSuccess: ({ deleted, workspaces_kept: kept }) => {
        const workspaces =
          kept === 0 ? '' : kept === 1 ? '; 1 workspace keeps its notice details' : `; ${n(kept)} workspaces keep their notice details`;
        toast.success(`${n(deleted)} opportunities deleted${workspaces}`, { title: 'Database cleared' });
        setConfirming(false);
      },
      onError: (error) => toast.error(adminErrorMessage(error, MESSAGES.failedToClearDatabase)),
    });

  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Title order={3} size="h4" c="red">
        Danger Zone
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Remove every opportunity from the database, for example before a fresh import.
      </Text>
      <Group>
        <Button color="red" variant="outline" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
          Clear All Opportunities
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Clear all opportunities?" centered>
        <Stack data-testid="clear-confirmation">
          <Text size="sm">This will:</Text>
          {preview.data ? (
            <ClearConsequences preview={preview.data} />
          ) : preview.isError ? (
            <Text size="sm" c="red">
              {adminErrorMessage(preview.error, 'Could not count what would be removed')}
            </Text>
          ) : (
            <Loader size="sm" />
          )}
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            This cannot be undone.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={clear.isPending} disabled={!preview.data}>
              Yes, Clear Everything
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
