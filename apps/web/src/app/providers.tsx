import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../features/auth/session-context';
import { ToastGuard } from './toast-guard';
import './toasts.css';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif' });

/** Theme, toasts, data cache and session for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" className="biddesk-toasts" />
      <ToastGuard />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
