import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
const PATH_1 = `/api/calendar/${'a'.repeat(43)}.ics`;
const PATH_2 = `/api/calendar/${'b'.repeat(43)}.ics`;

async function openCalendarTab() {
  renderApp('/settings', plainUser);
  await userEvent.click(await screen.findByRole('tab', { name: 'Calendar' }, { timeout: 10_000 }));
}

describe('settings: calendar feed', () => {
  it('creates an address, shows it whole, copies it and says so only when the copy happened', async () => {
    let path: string | null = null;
    const calls = stubApi({
      ...refresh,
      'GET /api/calendar-feed': () => ({ body: { path, created_at: path ? '2026-11-28T10:00:00.000Z' : null } }),
      'POST /api/calendar-feed': () => {
        path = PATH_1;
        return { body: { path, created_at: '2026-11-28T10:00:00.000Z' } };
      },
    });
    await openCalendarTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(await screen.findByText('Calendar address created')).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: 'Your calendar address' });
    expect(address).toHaveValue(`http://localhost:3000${PATH_1}`);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/calendar-feed']);

    const writeText = vi.fn().mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValueOnce(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('The browser did not allow copying: select the address and copy it')).toBeInTheDocument();
    expect(screen.queryByText('Calendar address copied')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Calendar address copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenLastCalledWith(`http://localhost:3000${PATH_1}`);
  });

  it('resets and revokes only after confirming, listing what stops', async () => {
    let path: string | null = PATH_1;
    const calls = stubApi({
      ...refresh,
      'GET /api/calendar-feed': () => ({ body: { path, created_at: path ? '2026-11-28T10:00:00.000Z' : null } }),
      'POST /api/calendar-feed': () => {
        path = PATH_2;
        return { body: { path, created_at: '2026-11-28T11:00:00.000Z' } };
      },
      'DELETE /api/calendar-feed': () => {
        path = null;
        return { status: 204 };
      },
    });
    await openCalendarTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar address?' });
    expect(within(dialog).getByText('Calendars subscribed to the current address stop updating.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    expect(await screen.findByText('New calendar address created')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your calendar address' })).toHaveValue(`http://localhost:3000${PATH_2}`);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the calendar address?' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Calendar address revoked')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('shows the server reason when the address cannot be created', async () => {
    stubApi({
      ...refresh,
      'GET /api/calendar-feed': () => ({ body: { path: null, created_at: null } }),
      'POST /api/calendar-feed': () => ({ status: 503, body: { detail: 'The database is not answering. Try again in a minute.' } }),
    });
    await openCalendarTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(await screen.findByText('The database is not answering. Try again in a minute.')).toBeInTheDocument();
    expect(screen.queryByText('Calendar address created')).toBeNull();
  });
});
