import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityItem, AdminStats, AdminUser } from '@biddesk/shared';
import { adminUser, plainUser, renderApp, stubApi, type FetchCall } from '../../test/render-app';

// recharts measures its container, which jsdom cannot; the charts are stood in by plain lists.
// (The Analytics panel is loaded lazily, so this mock reaches it despite test/setup.ts importing the app.)
vi.mock('@mantine/charts', () => {
  const Chart = ({ data, dataKey }: { data: Record<string, unknown>[]; dataKey: string }) => (
    <ul data-testid="chart">
      {data.map((row) => (
        <li key={String(row[dataKey])}>{String(row[dataKey])}</li>
      ))}
    </ul>
  );
  return { BarChart: Chart, AreaChart: Chart, LineChart: Chart };
});

const stats: AdminStats = {
  users: { total: 12, admins: 2, regular_users: 10, recent_registrations: 3 },
  opportunities: { total: 4567, unique_agencies: 21 },
  documents: { total: 89, by_type: { brief: 40, compliance: 30, rfi: 19 } },
  most_active_users: [{ name: 'Bob Bidder', email: 'bob@example.com', document_count: 17 }],
  registrations_by_day: [
    { date: '2026-11-20', count: 1 },
    { date: '2026-11-21', count: 2 },
  ],
};

const adminRow: AdminUser = { ...adminUser, stats: { opportunities: 1, documents_generated: 0 } };
const bob: AdminUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Bob Bidder',
  email: 'bob@example.com',
  role: 'user',
  is_guest: false,
  created_at: '2026-02-03T00:00:00.000Z',
  stats: { opportunities: 5, documents_generated: 17 },
};

type Handlers = Parameters<typeof stubApi>[0];

function stubAdmin(extra: Handlers = {}): FetchCall[] {
  return stubApi({
    'GET /api/auth/refresh-user': () => ({ body: adminUser }),
    'GET /api/admin/stats': () => ({ body: stats }),
    'GET /api/admin/users': () => ({ body: [adminRow, bob] }),
    'GET /api/admin/award-sources': () => ({ body: { usaspending_lookups: true, sam_contract_awards: null } }),
    'GET /api/admin/sam-sync': () => ({ body: { enabled: false, url: 'https://sam.gov/extract.csv', hour: 10, last_run: null } }),
    'GET /api/admin/import-jobs': () => ({ body: { jobs: [] } }),
    ...extra,
  });
}

async function openAdmin() {
  renderApp('/admin', adminUser);
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
}

const openTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));

describe('admin dashboard', () => {
  it('shows the summary cards and the six tabs, with the users table first', async () => {
    const calls = stubAdmin();
    await openAdmin();
    expect(within(screen.getByTestId('admin-stat-users')).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-stat-users')).getByText('2 admins, 10 regular')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-stat-recent')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-stat-opportunities')).getByText('4,567')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-stat-opportunities')).getByText('21 agencies')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-stat-documents')).getByText('89')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Users', 'User Management', 'Notifications', 'Database', 'Analytics', 'Activity']);

    const rows = await screen.findAllByTestId('admin-user-row');
    expect(rows).toHaveLength(2);
    const bobRow = rows[1];
    expect(within(bobRow).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(bobRow).getByTestId('role-badge')).toHaveTextContent('user');
    expect(within(bobRow).getByText('Feb 3, 2026')).toBeInTheDocument();
    expect(within(bobRow).getByText('17')).toBeInTheDocument();
    // No role change or delete for yourself.
    expect(within(rows[0]).queryByRole('textbox', { name: /Role for/ })).toBeNull();
    expect(within(rows[0]).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/admin'))
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/admin/stats', '/api/admin/users']);
  });

  it('changes a role after confirmation with PUT ?role=admin', async () => {
    const calls = stubAdmin({
      'PUT /api/admin/users/11111111-1111-4111-8111-111111111111/role': () => ({ body: { ...bob, role: 'admin' } }),
    });
    await openAdmin();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Role for Bob Bidder' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('User role updated to admin')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/admin/users/11111111-1111-4111-8111-111111111111/role?role=admin');
  });

  it('shows the server detail, or "Failed to update role", when the role change fails', async () => {
    stubAdmin({ 'PUT /api/admin/users/11111111-1111-4111-8111-111111111111/role': () => ({ status: 500, body: {} }) });
    await openAdmin();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Role for Bob Bidder' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('Failed to update role')).toBeInTheDocument();
  });

  it('lists what goes with a user before deleting them', async () => {
    const calls = stubAdmin({
      'DELETE /api/admin/users/11111111-1111-4111-8111-111111111111': () => ({
        body: {
          deleted: true,
          removed: { saved_opportunities: 5, generated_documents: 17, notifications: 2 },
          workspaces: { transferred: [{ id: 'w1', name: 'Bid A', new_owner_email: 'ann@example.com' }], deleted: [] },
        },
      }),
    });
    await openAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Bidder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Saved opportunities (5)')).toBeInTheDocument();
    expect(within(dialog).getByText('Generated documents (17)')).toBeInTheDocument();
    expect(within(dialog).getByText('Notifications')).toBeInTheDocument();
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('"Bid A" now belongs to ann@example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/users/11111111-1111-4111-8111-111111111111']);
  });

  it('keeps the dialog open with the reason when no member can take over a workspace (409)', async () => {
    const detail =
      'Bob Bidder cannot be deleted yet: they own a workspace whose members have not accepted the current NDA. Nothing was deleted.';
    stubAdmin({
      'DELETE /api/admin/users/11111111-1111-4111-8111-111111111111': () => ({ status: 409, body: { detail, code: 'CONFLICT' } }),
    });
    await openAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Bidder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText(/pass to a member who accepted the NDA/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument();
  });

  it('checks the new password length before resetting it', async () => {
    const calls = stubAdmin({
      'POST /api/admin/users/11111111-1111-4111-8111-111111111111/reset-password': () => ({ body: { message: 'ok' } }),
    });
    await openAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password for Bob Bidder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await userEvent.type(within(dialog).getByLabelText(/New Password/), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('reset-password'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/New Password/), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('reset-password'))?.url).toBe(
      '/api/admin/users/11111111-1111-4111-8111-111111111111/reset-password?new_password=123456',
    );
  });

  it('creates a user from User Management, next to the invite codes', async () => {
    const calls = stubAdmin({
      'GET /api/admin/invite-codes': () => ({ body: [] }),
      'POST /api/admin/create-user': () => ({ status: 201, body: { id: 'new' } }),
    });
    await openAdmin();
    await openTab('User Management');
    expect(await screen.findByRole('button', { name: 'Generate Invite Code' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'carol@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Carol Creator');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/create-user')?.body).toEqual({
      email: 'carol@example.com',
      name: 'Carol Creator',
      password: 'secret123',
      role: 'user',
    });
  });

  it('sends a notification to all users with user_id null', async () => {
    const calls = stubAdmin({ 'POST /api/admin/notifications': () => ({ body: { sent: 12 } }) });
    await openAdmin();
    await openTab('Notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('All users');
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Maintenance');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Down at noon');
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Notification sent to 12 users')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/notifications')?.body).toEqual({
      title: 'Maintenance',
      message: 'Down at noon',
      user_id: null,
      link: null,
    });
  });

  it('asks for a CSV URL before importing, then reports the count', async () => {
    const calls = stubAdmin({
      'POST /api/admin/import-csv-sync': () => ({
        body: { imported: 1500, inserted: 1200, updated: 300, unchanged: 0, rows: 1510, malformed: 10, errors: [], duration_ms: 90_000 },
      }),
    });
    await openAdmin();
    await openTab('Database');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Please enter a CSV URL')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('import-csv'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'CSV URL' }), 'https://example.gov/data.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('1,500 opportunities imported')).toBeInTheDocument();
    expect(screen.getByTestId('import-status')).toHaveAttribute('data-status', 'complete');
    expect(calls.find((c) => c.url === '/api/admin/import-csv-sync')?.body).toEqual({ csv_url: 'https://example.gov/data.csv' });
  });

  it('shows "Import failed" or the detail when the import fails', async () => {
    stubAdmin({ 'POST /api/admin/import-csv-sync': () => ({ status: 400, body: { detail: 'CSV URL must use https' } }) });
    await openAdmin();
    await openTab('Database');
    await userEvent.type(await screen.findByRole('textbox', { name: 'CSV URL' }), 'http://x');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await waitFor(() => expect(screen.getByTestId('import-status')).toHaveAttribute('data-status', 'failed'));
    expect(within(screen.getByTestId('import-status')).getByText('CSV URL must use https')).toBeInTheDocument();
  });

  it('shows the elapsed time while importing and warns, after the 180 s browser timeout, that it may still be running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubAdmin();
      // The import call never answers; it only ends when the client aborts it.
      const answer = globalThis.fetch;
      vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
        input.includes('/admin/import-csv-sync')
          ? new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))))
          : answer(input, init),
      );
      await openAdmin();
      await openTab('Database');
      await userEvent.type(await screen.findByRole('textbox', { name: 'CSV URL' }), 'https://example.gov/data.csv');
      await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
      expect(await screen.findByText('Import running')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(screen.getByTestId('import-status')).toHaveTextContent(/Importing\.\.\. [5-9]s elapsed/);
      await vi.advanceTimersByTimeAsync(180_000);
      await waitFor(() => expect(screen.getByTestId('import-status')).toHaveAttribute('data-status', 'timeout'));
      expect(screen.getByTestId('import-status')).toHaveTextContent(/may still be running/);
      expect(screen.getByTestId('import-status')).toHaveTextContent(/wait 5 minutes/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists every counted consequence, workspaces included, before clearing all opportunities', async () => {
    const calls = stubAdmin({
      'GET /api/admin/clear-opportunities/preview': () => ({
        body: { opportunities: 4567, favorites: 12, favorite_users: 3, solicitation_pdfs: 2, generated_documents: 9, workspaces: 4 },
      }),
      'DELETE /api/admin/clear-opportunities': () => ({ body: { deleted: 4567, workspaces_kept: 4 } }),
    });
    await openAdmin();
    await openTab('Database');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear All Opportunities' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all opportunities?' });
    const items = (await within(dialog).findByTestId('clear-consequences')).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'Delete all 4,567 opportunities in the database',
      'Remove 12 saved (favorited) flags of 3 users',
      'Delete 2 uploaded solicitation PDFs and the requirements read from them',
      'Keep 9 generated documents in Saved Docs, without the link to their opportunity',
      "Keep 4 workspaces with all their team content; each keeps its notice's agency, solicitation number, due date and AI Tools, and is linked again when the same notice is imported again",
    ]);
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Clear Everything' }));
    expect(await screen.findByText('Database cleared')).toBeInTheDocument();
    expect(screen.getByText('4,567 opportunities deleted; 4 workspaces keep their notice details')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/clear-opportunities']);
  });

  it('charts the stats on Analytics', async () => {
    stubAdmin();
    await openAdmin();
    await openTab('Analytics');
    expect(await screen.findByText('Documents by Type')).toBeInTheDocument();
    expect(screen.getByText('Executive Brief')).toBeInTheDocument();
    expect(screen.getByText('Most Active Users')).toBeInTheDocument();
    expect(screen.getAllByText('Bob Bidder').length).toBeGreaterThan(0);
    expect(screen.getByText('Registrations per Day')).toBeInTheDocument();
    expect(screen.getByText('Nov 21')).toBeInTheDocument();
  });

  it('lists the 10 latest activities with relative times', async () => {
    const activity: ActivityItem[] = [
      {
        id: '1',
        user: 'bob@example.com',
        action: 'document.generate',
        document_type: 'brief',
        solicitation_number: 'SOL-1',
        timestamp: new Date().toISOString(),
      },
      {
        id: '2',
        user: 'ada@example.com',
        action: 'document.generate',
        document_type: 'rfi',
        solicitation_number: null,
        timestamp: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      },
    ];
    const calls = stubAdmin({ 'GET /api/admin/activity': () => ({ body: activity }) });
    await openAdmin();
    await openTab('Activity');
    const items = await screen.findAllByTestId('activity-item');
    expect(items[0]).toHaveTextContent('bob@example.com generated Executive Brief for SOL-1');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('3 hours ago');
    expect(calls.find((c) => c.url.startsWith('/api/admin/activity'))?.url).toBe('/api/admin/activity?limit=10');
  });

  it('says "Admin access required" on a 403 and shows Access Denied without stats', async () => {
    stubAdmin({ 'GET /api/admin/stats': () => ({ status: 403, body: { detail: 'Forbidden' } }) });
    renderApp('/admin', adminUser);
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    expect(screen.getByText("Access Denied - You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('says "Failed to load admin data: ..." when stats fail otherwise', async () => {
    stubAdmin({ 'GET /api/admin/stats': () => ({ status: 500, body: { detail: 'database unavailable' } }) });
    renderApp('/admin', adminUser);
    expect(await screen.findByText('Failed to load admin data: database unavailable')).toBeInTheDocument();
  });

  it('shows Access Denied to a non-admin and makes no admin request', async () => {
    const calls = stubApi({ 'GET /api/auth/refresh-user': () => ({ body: plainUser }) });
    renderApp('/admin', plainUser);
    expect(await screen.findByText("Access Denied - You don't have permission to access this page.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/refresh-user')).toBe(true));
    expect(calls.filter((c) => c.url.startsWith('/api/admin'))).toEqual([]);
  });
});

// Issue 25: the admin forms check with the schemas the server validates with (packages/shared).
describe('admin forms check with the shared schemas', () => {
  it('Create User refuses a name the server would refuse, in its words', async () => {
    const calls = stubAdmin({ 'GET /api/admin/invite-codes': () => ({ body: [] }) });
    await openAdmin();
    await openTab('User Management');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'carol@example.com');
    fireEvent.change(screen.getByRole('textbox', { name: 'Full Name' }), { target: { value: 'Carol\u0000' } });
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Full name must not contain a NUL character')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/create-user')).toBe(false);
  });

  it('Send Notification refuses a title the server would refuse, in its words', async () => {
    const calls = stubAdmin();
    await openAdmin();
    await openTab('Notifications');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Down\u0000' } });
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'At noon');
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Title must not contain a NUL character')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/notifications')).toBe(false);
  });

  it('Reset password refuses a password longer than the server takes', async () => {
    const calls = stubAdmin();
    await openAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password for Bob Bidder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    fireEvent.change(within(dialog).getByLabelText(/New Password/), { target: { value: 'x'.repeat(201) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Password is too long')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('reset-password'))).toBe(false);
  });
});

// Issue 25: answers are parsed with the shared schemas; one of the wrong shape fails where it is
// read, through the screen's usual error path (one test per pattern: query, dialog, toast).
describe('an answer of the wrong shape', () => {
  it('shows the load error of a query', async () => {
    stubAdmin({ 'GET /api/admin/stats': () => ({ body: { total_users: 'twelve' } }) });
    renderApp('/admin', adminUser);
    expect(await screen.findByText('Failed to load admin data: Unexpected response from the server')).toBeInTheDocument();
  });

  it('shows the error inside a dialog instead of closing it as done', async () => {
    stubAdmin({ 'DELETE /api/admin/users/11111111-1111-4111-8111-111111111111': () => ({ body: { deleted: true } }) });
    await openAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Bidder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await within(dialog).findByText('Unexpected response from the server')).toBeInTheDocument();
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument();
  });

  it('shows an error toast for a mutation', async () => {
    stubAdmin({ 'POST /api/admin/notifications': () => ({ body: { sent: null } }) });
    await openAdmin();
    await openTab('Notifications');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Maintenance');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Down at noon');
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Unexpected response from the server')).toBeInTheDocument();
    expect(screen.queryByText(/Notification sent/)).not.toBeInTheDocument();
  });
});
