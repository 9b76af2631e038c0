import { QueryClient } from '@tanstack/react-query';
import { readApiFailure } from './api-errors.ts';

/** Retries only what may succeed next time: network failures and 5xx, twice at most. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status } = readApiFailure(error);
  if (status !== null && status < 500) return false;
  return failureCount < 2;
}

/** The app's query cache with Vigilo's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
