import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../features/auth/session-context';
import { ToastGuard } from './toast-guard';
import './toasts.css';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  components: {
    // Mantine keeps every Select's option list mounted (hidden) and positions it on mount: the
    // dashboard's five Selects rendered all their options and ran five floating-position passes
    // (each forcing a style recalculation) before its cards could paint. Lists are built on open.
    // A plain object, not Combobox.extend: importing Combobox here would put it in the sign-in bundle.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Theme, toasts, data cache and session for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
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
