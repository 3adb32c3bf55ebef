import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's query client: no retry on client errors, which repeat the same answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
