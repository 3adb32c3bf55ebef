import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@biddesk/shared';
import { adminUser, renderApp, stubApi } from '../../test/render-app';
import { IMPORT_POLL_MS } from './api/opportunity-sync-api';

const stats = {
  users: { total: 1, admins: 1, regular_users: 0, recent_registrations: 0 },
  opportunities: { total: 0, unique_agencies: 0 },
  documents: { total: 0, by_type: {} },
  most_active_users: [],
  registrations_by_day: [],
};
function job(over: Partial<ImportJob>): ImportJob {
  return {
    id: 'job-1',
    status: 'queued',
    source: 'upload',
    source_label: 'extract.csv',
    kind: 'opportunities',
    created_by: adminUser.id,
    rows_read: 0,
    imported: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    malformed: 0,
    errors: [],
    bytes_read: 0,
    total_bytes: null,
    error: null,
    attempts: 1,
    created_at: '2026-11-24T01:00:00Z',
    started_at: '2026-11-24T01:00:01Z',
    finished_at: null,
    ...over,
  };
}

const base = {
  'GET /api/auth/refresh-user': () => ({ body: adminUser }),
  'GET /api/admin/stats': () => ({ body: stats }),
  'GET /api/admin/users': () => ({ body: [] }),
};

async function openDatabaseTab() {
  renderApp('/admin', adminUser);
  await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('tab', { name: 'Database' }));
}

describe('Admin → Database: upload and daily sync', () => {
  it('uploads a CSV file, polls the background import while it runs and shows the final counts', async () => {
    let uploaded: FormData | null = null;
    const polls: ImportJob[] = [
      job({
        status: 'running',
        rows_read: 1200,
        imported: 1200,
        inserted: 1000,
        updated: 100,
        unchanged: 100,
        bytes_read: 400,
        total_bytes: 1000,
      }),
      job({
        status: 'done',
        rows_read: 3000,
        imported: 2990,
        inserted: 2000,
        updated: 500,
        unchanged: 490,
        malformed: 10,
        errors: [{ line: 7, reason: 'expected 47 columns, found 2' }],
        bytes_read: 1000,
        total_bytes: 1000,
        finished_at: '2026-11-24T01:02:00Z',
      }),
    ];
    const calls = stubApi({
      ...base,
      'GET /api/admin/award-sources': () => ({ body: { usaspending_lookups: true, sam_contract_awards: null } }),
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
      'POST /api/admin/import-jobs/upload': () => ({ status: 202, body: job({ status: 'queued', total_bytes: 1000 }) }),
      'GET /api/admin/import-jobs/job-1': () => ({ body: polls.length > 1 ? polls.shift() : polls[0] }),
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string, init?: RequestInit) => {
      if (init?.body instanceof FormData) uploaded = init.body;
      return realFetch(input, init);
    }) as typeof fetch;
    await openDatabaseTab();
    const file = new File(['NoticeId,Title\n'], 'extract.csv', { type: 'text/csv' });
    // Mantine's FileInput keeps the real <input type=file> hidden beside its button.
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect((uploaded as FormData | null)?.get('file')).toBeInstanceOf(File);

    // While it runs: a progress line from the polled job, and no second start.
    const running = await screen.findByText('40% · 1,200 rows read: 1,000 new, 100 updated, 100 unchanged');
    expect(running.closest('[data-testid="upload-status"]')).toHaveAttribute('data-status', 'running');
    expect(screen.getByRole('button', { name: 'Upload and import' })).toBeDisabled();

    // The next poll sees it done: the final counts, and polling stops.
    await waitFor(() => expect(screen.getByTestId('upload-status')).toHaveAttribute('data-status', 'done'), { timeout: 5_000 });
    expect(screen.getByTestId('upload-status')).toHaveTextContent(
      '2,990 opportunities imported (2,000 new, 500 updated, 490 unchanged) from 3,000 rows; 10 malformed rows skipped.Line 7: expected 47 columns, found 2',
    );
    const polled = calls.filter((c) => c.url === '/api/admin/import-jobs/job-1').length;
    expect(polled).toBe(2);
    await new Promise((r) => setTimeout(r, IMPORT_POLL_MS * 1.5));
    expect(calls.filter((c) => c.url === '/api/admin/import-jobs/job-1').length).toBe(polled);
    expect(screen.getByRole('button', { name: 'Upload and import' })).toBeEnabled();
  });

  it('picks up an upload import still running after a reload, and shows why one failed', async () => {
    stubApi({
      ...base,
      'GET /api/admin/award-sources': () => ({ body: { usaspending_lookups: true, sam_contract_awards: null } }),
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [job({ status: 'running', rows_read: 500, imported: 500, inserted: 500 })] } }),
      'GET /api/admin/import-jobs/job-1': () => ({
        body: job({ status: 'failed', rows_read: 500, imported: 500, inserted: 500, error: 'The CSV import failed: connection lost' }),
      }),
    });
    await openDatabaseTab();
    const failed = await screen.findByText(/The CSV import failed: connection lost/);
    expect(failed.closest('[data-testid="upload-status"]')).toHaveTextContent(
      'The CSV import failed: connection lost 500 rows imported before that are kept.',
    );
  });

  it('says why an import could not start (another one runs)', async () => {
    stubApi({
      ...base,
      'GET /api/admin/award-sources': () => ({ body: { usaspending_lookups: true, sam_contract_awards: null } }),
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
      'POST /api/admin/import-jobs/upload': () => ({
        status: 409,
        body: { detail: 'An import is already running (x.csv, started 2026-11-24 01:00 UTC). Please wait for it to finish.' },
      }),
    });
    await openDatabaseTab();
    await userEvent.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'x.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(
      await screen.findByText('An import is already running (x.csv, started 2026-11-24 01:00 UTC). Please wait for it to finish.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('upload-status')).toBeNull();
  });

  it('shows and saves the sync switch and URL, with the last run', async () => {
    const calls = stubApi({
      ...base,
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
      'GET /api/admin/award-sources': () => ({ body: { usaspending_lookups: true, sam_contract_awards: null } }),
      'GET /api/admin/sam-sync': () => ({
        body: {
          enabled: false,
          url: 'https://sam.gov/x.csv',
          hour: 10,
          last_run: {
            period: '2026-11-22',
            status: 'done',
            started_at: '2026-11-22T10:00:00Z',
            finished_at: '2026-11-22T10:01:00Z',
            error: null,
            result: { inserted: 5, updated: 2, unchanged: 900 },
          },
        },
      }),
      'PUT /api/admin/sam-sync': (c) => ({ body: { ...(c.body as object), last_run: null } }),
    });
    await openDatabaseTab();
    expect(await screen.findByTestId('sam-sync-last-run')).toHaveTextContent('Last run 2026-11-22: done 5 new, 2 updated, 900 unchanged');
    await userEvent.click(screen.getByRole('switch', { name: 'Sync every day' }));
    const url = screen.getByRole('textbox', { name: 'Extract URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://mirror.example.gov/extract.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Save sync settings' }));
    expect(await screen.findByText('Daily sync settings saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        enabled: true,
        url: 'https://mirror.example.gov/extract.csv',
        hour: 10,
      }),
    );
  });
});
