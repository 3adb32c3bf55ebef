import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session-context';
import { cssVariablesResolver, theme } from './theme/theme';
import { ToastGuard } from './toast-guard';
import './toasts.css';

/** Theme, toasts, data cache and session for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Bottom centre: at the top right they covered the workspace menu and the Excel/Download
          buttons for ~4 s (issue 21); page actions sit at the top of the content. */}
      <Notifications position="bottom-center" className="biddesk-toasts" />
      <ToastGuard />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
