import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readDocumentTone, readPreferences, writePreferences } from '../../lib/preferences';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const stored = () => JSON.parse(localStorage.getItem('biddesk.settings') ?? 'null') as Record<string, unknown> | null;

/** Picks a SegmentedControl option inside the group labelled `group`. */
async function choose(group: string, option: string) {
  const control = screen.getByRole('radiogroup', { name: group });
  await userEvent.click(within(control).getByLabelText(option));
}

describe('settings', () => {
  it('has the four tabs and saves the profile with only a success message', async () => {
    const calls = stubApi(refresh);
    renderApp('/settings', plainUser);
    const tabs = (await screen.findAllByRole('tab')).map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'Notifications', 'Integration', 'Display']);
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Uma User');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
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

  it('saves the alert threshold, email toggles and sync frequency', async () => {
    stubApi(refresh);
    renderApp('/settings', plainUser);
    await userEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    await choose('Deadline alert threshold', '3 days');
    await userEvent.click(screen.getByRole('switch', { name: /Weekly digest/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(stored()).toMatchObject({ alertThresholdDays: 3, weeklyDigest: true, emailNotifications: true });

    await userEvent.click(screen.getByRole('tab', { name: 'Integration' }));
    await choose('Sync frequency', 'Hourly');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(readPreferences()).toMatchObject({ alertThresholdDays: 3, weeklyDigest: true, syncFrequency: 'hourly' });
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
