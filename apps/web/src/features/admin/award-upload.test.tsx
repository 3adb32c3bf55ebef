import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@biddesk/shared';
import { adminUser, renderApp, stubApi } from '../../test/render-app';

const stats = {
  users: { total: 1, admins: 1, regular_users: 0, recent_registrations: 0 },
  opportunities: { total: 0, unique_agencies: 0 },
  documents: { total: 0, by_type: {} },
  most_active_users: [],
  registrations_by_day: [],
};
const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 'award-job',
  status: 'queued',
  kind: 'awards',
  source: 'upload',
  source_label: 'Contracts_PrimeAwardSummaries.csv',
  created_by: adminUser.id,
  rows_read: 0,
  imported: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  malformed: 0,
  errors: [],
  bytes_read: 0,
  total_bytes: 1000,
  error: null,
  attempts: 1,
  created_at: '2026-11-28T01:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
});

describe('Admin → Database: award data upload', () => {
  it('sends the file to the award import and shows the awards imported', async () => {
    const calls = stubApi({
      'GET /api/auth/refresh-user': () => ({ body: adminUser }),
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/admin/users': () => ({ body: [] }),
      'GET /api/admin/award-sources': () => ({
        body: { usaspending_lookups: true, sam_contract_awards: { day: '2026-11-28', used: 3, limit: 10 } },
      }),
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
      'POST /api/admin/award-imports/upload': () => ({ status: 202, body: job({}) }),
      'GET /api/admin/import-jobs/award-job': () => ({
        body: job({ status: 'done', rows_read: 104, imported: 104, inserted: 104, bytes_read: 1000, finished_at: '2026-11-28T01:00:05Z' }),
      }),
    });
    renderApp('/admin', adminUser);
    await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Database' }));
    expect(await screen.findByRole('heading', { name: 'Upload award data' })).toBeInTheDocument();
    expect(screen.getByLabelText('USAspending award file')).toBeInTheDocument();
    // Mantine's FileInput keeps the real <input type=file> hidden; the award card's is the second.
    await userEvent.upload(
      document.querySelectorAll('input[type="file"]')[1] as HTMLInputElement,
      new File(['contract_award_unique_key\n'], 'Contracts_PrimeAwardSummaries.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import award file' }));
    await waitFor(() => expect(screen.getByTestId('award-upload-status')).toHaveAttribute('data-status', 'done'), { timeout: 5_000 });
    expect(screen.getByTestId('award-upload-status')).toHaveTextContent(
      '104 awards imported (104 new, 0 updated, 0 unchanged) from 104 rows.',
    );
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/award-imports/upload')).toBe(true);
    expect(calls.some((c) => c.url === '/api/admin/import-jobs/upload')).toBe(false);
    expect(screen.getByTestId('award-sources-status')).toHaveTextContent(
      'SAM.gov Contract Awards (by solicitation number): 3 of 10 requests used on 2026-11-28 (UTC).',
    );
    // The opportunity upload card stays as it was.
    expect(screen.queryByTestId('upload-status')).toBeNull();
  });

  it('takes a ZIP, says ZIPs are read, and names the entry of each skipped file and malformed row', async () => {
    const zipped = { source_label: 'download.zip' };
    const calls = stubApi({
      'GET /api/auth/refresh-user': () => ({ body: adminUser }),
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/admin/users': () => ({ body: [] }),
      'GET /api/admin/award-sources': () => ({
        body: { usaspending_lookups: true, sam_contract_awards: { day: '2026-11-28', used: 3, limit: 10 } },
      }),
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
      'POST /api/admin/award-imports/upload': () => ({ status: 202, body: job(zipped) }),
      'GET /api/admin/import-jobs/award-job': () => ({
        body: job({
          ...zipped,
          status: 'done',
          rows_read: 3,
          imported: 2,
          inserted: 2,
          malformed: 1,
          errors: [
            { file: 'README.txt', line: 0, reason: 'skipped: not a CSV file' },
            { file: 'Contracts_PrimeTransactions_1.csv', line: 3, reason: 'expected 297 columns, found 2' },
          ],
          finished_at: '2026-11-28T01:00:05Z',
        }),
      }),
    });
    renderApp('/admin', adminUser);
    await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Database' }));
    const card = (await screen.findByRole('heading', { name: 'Upload award data' })).parentElement!;
    expect(card).toHaveTextContent('A ZIP is read as it comes');
    const input = document.querySelectorAll('input[type="file"]')[1] as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.csv', '.zip']));
    // The opportunity card still takes CSVs only.
    expect((document.querySelectorAll('input[type="file"]')[0] as HTMLInputElement).accept).not.toContain('.zip');
    await userEvent.upload(input, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'download.zip', { type: 'application/zip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import award file' }));
    await waitFor(() => expect(screen.getByTestId('award-upload-status')).toHaveAttribute('data-status', 'done'), { timeout: 5_000 });
    const status = screen.getByTestId('award-upload-status');
    expect(status).toHaveTextContent('2 awards imported (2 new, 0 updated, 0 unchanged) from 3 rows; 1 malformed rows skipped.');
    expect(status).toHaveTextContent('README.txt: skipped: not a CSV file');
    expect(status).toHaveTextContent('Contracts_PrimeTransactions_1.csv, line 3: expected 297 columns, found 2');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/award-imports/upload')).toBe(true);
  });
});
