import { type Query, QueryClient } from '@tanstack/react-query';
import { isMovelabError } from '@movelab/shared';
import { isPassingFailure } from './errors';

/** How often a screen whose data failed for a passing reason (server down, no network) asks again. */
export const RECOVERY_INTERVAL_MS = 5000;

const hasPassingFailure = (query: Query): boolean => query.state.status === 'error' && isPassingFailure(query.state.error);

/** Errors the server gave a definite answer to are not worth retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isMovelabError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Kept a day, not five minutes: the cache is also the device copy an offline start reads.
      // A screen in its error state recovers by itself: every few seconds while the server is
      // down, at once when the network returns (the default refetchOnReconnect) or the tab is
      // looked at again; screens showing data are left alone on focus (practice, analysis).
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 3600_000,
        retry: shouldRetry,
        refetchOnWindowFocus: (query) => query.state.status === 'error',
        refetchInterval: (query) => (hasPassingFailure(query) ? RECOVERY_INTERVAL_MS : false),
      },
      mutations: { retry: false },
    },
  });
}
