import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, renderApp, stubApi } from '../../test/render-app';

const stats = {
  users: { total: 1, admins: 1, regular_users: 0, recent_registrations: 0 },
  opportunities: { total: 0, unique_agencies: 0 },
  documents: { total: 0, by_type: {} },
  most_active_users: [],
};
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
  it('uploads a CSV file and reports new, updated and unchanged rows', async () => {
    let uploaded: FormData | null = null;
    stubApi({
      ...base,
      'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/x.csv', hour: 10, last_run: null } }),
      'POST /api/admin/import-csv-upload': () => ({ body: { imported: 3, inserted: 1, updated: 1, unchanged: 1, rows: 3, malformed: 0, errors: [], duration_ms: 12 } }),
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
    const status = await screen.findByTestId('upload-status');
    expect(status).toHaveTextContent('3 opportunities imported (1 new, 1 updated, 1 unchanged) from 3 rows.');
    expect((uploaded as FormData | null)?.get('file')).toBeInstanceOf(File);
  });

  it('shows and saves the sync switch and URL, with the last run', async () => {
    const calls = stubApi({
      ...base,
      'GET /api/admin/sam-sync': () => ({
        body: {
          enabled: false,
          url: 'https://sam.gov/x.csv',
          hour: 10,
          last_run: { period: '2026-11-22', status: 'done', started_at: '2026-11-22T10:00:00Z', finished_at: '2026-11-22T10:01:00Z', error: null, result: { inserted: 5, updated: 2, unchanged: 900 } },
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
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, url: 'https://mirror.example.gov/extract.csv', hour: 10 }));
  });
});
