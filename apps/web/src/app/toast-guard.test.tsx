import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

let go: (path: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return null;
}

const renderShell = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <AppProviders>
        <Navigator />
      </AppProviders>
    </MemoryRouter>,
  );

describe('toasts', () => {
  it('keep one toast per kind: a newer error replaces the older one, a success stays beside it', async () => {
    renderShell();
    act(() => void notifications.show({ color: 'red', message: 'Login failed' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    act(() => void notifications.show({ color: 'red', message: 'Invalid email or password' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Login failed')).not.toBeInTheDocument());
    act(() => void notifications.show({ color: 'green', message: 'Saved' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    act(() => notifications.clean());
  });

  it('dismiss stale toasts on navigation but keep the one that announced it', async () => {
    renderShell();
    act(() => void notifications.show({ color: 'red', message: 'Login failed', autoClose: false }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1_100));
    act(() => {
      notifications.show({ color: 'green', message: 'Login successful' });
      go('/');
    });
    await waitFor(() => expect(screen.queryByText('Login failed')).not.toBeInTheDocument());
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    act(() => notifications.clean());
  });

  it('sit below the header', () => {
    renderShell();
    expect(document.querySelector('.biddesk-toasts[data-position="top-right"]')).not.toBeNull();
  });
});
