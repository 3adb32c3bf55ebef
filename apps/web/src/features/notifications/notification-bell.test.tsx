import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };

const notes: Notification[] = [
  {
    id: 'n1',
    title: 'Contract posted',
    message: 'A new solicitation matches your saved search',
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    type: 'admin',
    link: '/settings',
  },
  {
    id: 'n2',
    title: 'Welcome',
    message: 'Thanks for joining',
    read: true,
    created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    type: 'system',
    link: null,
  },
  { id: 'n3', title: 'Reminder', message: 'Deadline soon', read: false, created_at: new Date().toISOString(), type: 'system', link: null },
];

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
  return screen.findAllByTestId('notification-item');
}

describe('notification bell', () => {
  it('shows the unread count and lists notifications with an Admin badge and relative times', async () => {
    stubApi({ ...refresh, 'GET /api/notifications': () => ({ body: notes }) });
    renderApp('/', plainUser);
    await waitFor(() => expect(screen.getByTestId('notification-unread-count')).toHaveAttribute('data-count', '2'));
    const items = await openMenu();
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('data-read', 'false');
    expect(items[1]).toHaveAttribute('data-read', 'true');
    expect(within(items[0]).getByText('Contract posted')).toBeInTheDocument();
    expect(within(items[0]).getByText('Admin')).toBeInTheDocument();
    expect(within(items[0]).getByText('5 mins ago')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Admin')).toBeNull();
    expect(within(items[1]).getByText('2 days ago')).toBeInTheDocument();
    expect(within(items[2]).getByText('Just now')).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    stubApi(refresh);
    renderApp('/', plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('marks a clicked notification read and follows its link', async () => {
    const calls = stubApi({
      ...refresh,
      'GET /api/notifications': () => ({ body: notes }),
      'PUT /api/notifications/n1/read': () => ({ body: { ...notes[0], read: true } }),
    });
    renderApp('/', plainUser);
    const items = await openMenu();
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Contract posted', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/notifications/n1/read']);
  });

  it('marks one without a link read and stays put', async () => {
    const calls = stubApi({
      ...refresh,
      'GET /api/notifications': () => ({ body: notes }),
      'PUT /api/notifications/n3/read': () => ({ body: { ...notes[2], read: true } }),
    });
    renderApp('/', plainUser);
    const items = await openMenu();
    await userEvent.click(within(items[2]).getByRole('button', { name: 'Reminder', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/notifications/n3/read')).toBe(true));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('deletes a notification', async () => {
    let list = notes;
    const calls = stubApi({
      ...refresh,
      'GET /api/notifications': () => ({ body: list }),
      'DELETE /api/notifications/n2': () => {
        list = notes.filter((n) => n.id !== 'n2');
        return { body: { message: 'deleted' } };
      },
    });
    renderApp('/', plainUser);
    await openMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification Welcome', hidden: true }));
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/notifications/n2']);
  });

  it('says "Failed to delete notification" and keeps the item when the delete fails', async () => {
    stubApi({
      ...refresh,
      'GET /api/notifications': () => ({ body: notes }),
      'DELETE /api/notifications/n2': () => ({ status: 500, body: {} }),
    });
    renderApp('/', plainUser);
    await openMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification Welcome', hidden: true }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(3));
  });

  it('polls every 30 seconds while signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = stubApi(refresh);
      renderApp('/', plainUser);
      const polls = () => calls.filter((c) => c.url === '/api/notifications').length;
      await waitFor(() => expect(polls()).toBe(1));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(polls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(polls()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not poll when signed out', async () => {
    const calls = stubApi({});
    renderApp('/login');
    await screen.findByRole('button', { name: /sign in/i });
    expect(calls.some((c) => c.url.startsWith('/api/notifications'))).toBe(false);
  });
});
