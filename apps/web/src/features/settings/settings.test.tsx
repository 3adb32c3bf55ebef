import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readDocumentTone, readPreferences, writePreferences } from '../../lib/preferences';
import { opportunitySummaryFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const stored = () => JSON.parse(localStorage.getItem('biddesk.settings') ?? 'null') as Record<string, unknown> | null;

/** Picks a SegmentedControl option inside the group labelled `group`. */
async function choose(group: string, option: string) {
  const control = screen.getByRole('radiogroup', { name: group });
  await userEvent.click(within(control).getByLabelText(option));
}

describe('settings', () => {
  it('has the five tabs and saves the name for real: PATCH /auth/profile, then the header shows it', async () => {
    const calls = stubApi({
      ...refresh,
      'PATCH /api/auth/profile': (call) => ({ body: { ...plainUser, name: (call.body as { name: string }).name.trim() } }),
    });
    renderApp('/settings', plainUser);
    const tabs = (await screen.findAllByRole('tab', {}, { timeout: 10_000 })).map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Notifications', 'Calendar', 'Integration', 'Display']);
    const name = screen.getByRole('textbox', { name: /Full Name/ });
    expect(name).toHaveValue('Uma User');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('readonly');
    await userEvent.clear(name);
    await userEvent.type(name, 'Uma Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toMatchObject([
      { method: 'PATCH', url: '/api/auth/profile', body: { name: 'Uma Renamed' } },
    ]);
    // The header's user menu and the stored session (read on reload) carry the saved name.
    expect(screen.getByText('UR')).toBeInTheDocument();
    expect(screen.getAllByText('Uma Renamed').length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Uma Renamed' });
  });

  it('claims no success when the profile is not saved: the server’s reason instead', async () => {
    stubApi({
      ...refresh,
      'PATCH /api/auth/profile': () => ({ status: 400, body: { detail: 'Name is too long', code: 'VALIDATION' } }),
    });
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Profile' }, { timeout: 10_000 }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it('changes the password for real: current password sent, the fresh token stored, SPEC’s success text', async () => {
    const calls = stubApi({
      ...refresh,
      'POST /api/auth/change-password': () => ({ body: { token: 'fresh-token', user: plainUser } }),
    });
    renderApp('/settings', plainUser);
    await userEvent.type(await screen.findByLabelText('Current Password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/change-password')?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows the server’s reason when the current password is wrong, and checks the new one before any call', async () => {
    const calls = stubApi({
      ...refresh,
      'POST /api/auth/change-password': () => ({ status: 400, body: { detail: 'Current password is incorrect', code: 'VALIDATION' } }),
    });
    renderApp('/settings', plainUser);
    await userEvent.type(await screen.findByLabelText('Current Password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New Password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/change-password')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('saves display options to localStorage and keeps them after a reload', async () => {
    stubApi(refresh);
    const first = renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('tab', { name: 'Display' }));
    await choose('Items per page', '50');
    await choose('Default view', 'Compact');
    await choose('Document tone', 'Formal');
    expect(stored()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(stored()).toMatchObject({ itemsPerPage: 50, defaultView: 'compact', documentTone: 'formal' });
    expect(readDocumentTone()).toBe('formal');

    first.unmount();
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('tab', { name: 'Display' }));
    expect(within(screen.getByRole('radiogroup', { name: 'Items per page' })).getByLabelText('50')).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Default view' })).getByLabelText('Compact')).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Document tone' })).getByLabelText('Formal')).toBeChecked();
  });

  it('saves the alert toggles on the server (they drive the bell and mail) and the threshold locally; sync frequency locally', async () => {
    const calls = stubApi({
      ...refresh,
      'GET /api/settings/notifications': () => ({
        body: { email_notifications: false, deadline_reminders: true, new_opportunity_alerts: true },
      }),
      'PUT /api/settings/notifications': (c) => ({
        body: { email_notifications: false, deadline_reminders: true, new_opportunity_alerts: true, ...(c.body as object) },
      }),
    });
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByRole('switch', { name: /New opportunity alerts/ })).toBeChecked();
    expect(screen.queryByRole('switch', { name: /Weekly digest/ })).toBeNull();
    await choose('Deadline alert threshold', '3 days');
    await userEvent.click(screen.getByRole('switch', { name: /Email notifications/ }));
    await userEvent.click(screen.getByRole('switch', { name: /Deadline reminders/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email_notifications: true, deadline_reminders: false });
    expect(stored()).toMatchObject({ alertThresholdDays: 3 });
    expect(screen.getByRole('switch', { name: /Email notifications/ })).toBeChecked();

    await userEvent.click(screen.getByRole('tab', { name: 'Integration' }));
    await choose('Sync frequency', 'Hourly');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(readPreferences()).toMatchObject({ alertThresholdDays: 3, syncFrequency: 'hourly' });
  });

  it('says under Sync frequency exactly what it does, and what the chosen option means', async () => {
    stubApi(refresh);
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('tab', { name: 'Integration' }, { timeout: 10_000 }));
    expect(
      screen.getByText(
        'How often open screens re-read opportunities from BidDesk. Admins set the SAM.gov import schedule in Admin → Database.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sync-frequency-hint')).toHaveTextContent('When the dashboard is opened and when you press Refresh');
    await choose('Sync frequency', 'Real-time');
    expect(screen.getByTestId('sync-frequency-hint')).toHaveTextContent('Every 30 seconds while the tab is visible');
  });

  it('colours the deadline badge by the alert threshold, at once when it changes', async () => {
    const dueIn10Days = { ...opportunitySummaryFixture(1), response_date: new Date(Date.now() + 10 * 86_400_000).toISOString() };
    stubApi({ ...refresh, 'GET /api/opportunities': () => ({ body: { data: [dueIn10Days], total: 1, total_pages: 1, page: 1 } }) });
    renderApp('/', plainUser);
    const badge = await screen.findByTestId('deadline-badge', {}, { timeout: 10_000 });
    expect(badge).toHaveAttribute('data-level', 'warning');
    act(() => void writePreferences({ alertThresholdDays: 14 }));
    expect(screen.getByTestId('deadline-badge')).toHaveAttribute('data-level', 'urgent');
  });

  it('applies the saved page size to the dashboard listing', async () => {
    writePreferences({ itemsPerPage: 100 });
    const calls = stubApi(refresh);
    renderApp('/', plainUser);
    await screen.findByTestId('results-heading');
    expect(calls.find((c) => c.url.startsWith('/api/opportunities?'))?.url).toContain('limit=100');
  });

  it('falls back to the defaults for missing or unknown stored values', () => {
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
    localStorage.setItem('biddesk.settings', JSON.stringify({ itemsPerPage: 33, documentTone: 'casual', alertThresholdDays: 14 }));
    expect(readPreferences()).toEqual({ ...DEFAULT_PREFERENCES, alertThresholdDays: 14 });
    localStorage.setItem('biddesk.settings', '{not json');
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});

// Issue 25: Profile checks with the schemas the server validates with (packages/shared).
describe('Settings → Profile checks with the shared schemas', () => {
  it('refuses a name and a new password the server would refuse, in its words, before any call', async () => {
    const calls = stubApi(refresh);
    renderApp('/settings', plainUser);
    fireEvent.change(await screen.findByRole('textbox', { name: /Full Name/ }, { timeout: 10_000 }), { target: { value: 'Uma\u0000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Name must not contain a NUL character')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-secret');
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'x'.repeat(1001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password is too long')).toBeInTheDocument();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });
});
