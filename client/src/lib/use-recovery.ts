/**
 * For start-up steps that are not queries (the runtime configuration, the user record): while
 * `error` is a passing failure (no network, the server down), `retry` runs every few seconds
 * and at once when the network returns, as the query client does for screens.
 */
import { useEffect, useEffectEvent } from 'react';
import { isPassingFailure } from './errors';
import { RECOVERY_INTERVAL_MS } from './query-client';

export function useRecovery(error: unknown, retry: () => void): void {
  const run = useEffectEvent(retry);
  const isPassing = error !== undefined && isPassingFailure(error);
  useEffect(() => {
    if (!isPassing) return;
    const timer = setTimeout(run, RECOVERY_INTERVAL_MS);
    window.addEventListener('online', run);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', run);
    };
  }, [isPassing, error]);
}
