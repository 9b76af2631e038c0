import { QueryClient } from '@tanstack/react-query';
import { readApiFailure } from './api-errors.ts';

/**
 * Retries only what may succeed next time (decision 0255): a network failure twice, a gateway or
 * an unavailable server (502, 503, 504) once. A 500 is the server's fault and answers the same
 * again: its error shows at once instead of after seconds of "Loading…".
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status } = readApiFailure(error);
  if (status === null) return failureCount < 2;
  if (status === 502 || status === 503 || status === 504) return failureCount < 1;
  return false;
}

/** The app's query cache with Vigilo's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay: 1000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
