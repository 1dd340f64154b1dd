/**
 * The outbox as the screens see it: the signed-in account's results waiting on this device,
 * written when the app starts, when the network returns, when that account signs in again,
 * and every minute while some wait.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useBackend } from '@/lib/backend-context';
import { discardOutboxEntry, flushOutbox, outboxSnapshot, subscribeOutbox } from '@/lib/offline/outbox';
import type { TOutboxEntry } from '@/lib/offline/outbox-entry';
import { queryKeys } from '@/lib/query-keys';

const RETRY_EVERY_MS = 60_000;

export function useOutbox(uid: string | null): { entries: TOutboxEntry[]; discard: (id: string) => Promise<void> } {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const all = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  const entries = useMemo(() => all.filter((entry) => entry.uid === uid), [all, uid]);
  const hasWaiting = entries.length > 0;

  useEffect(() => {
    if (!uid) return;
    const flush = () => void flushOutbox(backend).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(uid) }));
    flush();
    window.addEventListener('online', flush);
    const timer = hasWaiting ? setInterval(flush, RETRY_EVERY_MS) : null;
    return () => {
      window.removeEventListener('online', flush);
      if (timer) clearInterval(timer);
    };
  }, [backend, queryClient, uid, hasWaiting]);

  return { entries, discard: discardOutboxEntry };
}
