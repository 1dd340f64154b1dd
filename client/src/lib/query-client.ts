import { QueryClient } from '@tanstack/react-query';
import { isMovelabError } from '@movelab/shared';

/** Errors the server gave a definite answer to are not worth retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isMovelabError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Kept a day, not five minutes: the cache is also the device copy an offline start reads.
      queries: { staleTime: 30_000, gcTime: 24 * 3600_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
