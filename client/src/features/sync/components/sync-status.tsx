/**
 * The offline state and what waits to sync, at the top of every screen: "Offline" while the
 * browser has no network, and the signed-in account's results kept on this device until they
 * are written (a result the server refused can be discarded).
 */
import { useIsOnline } from '@/lib/offline/online';
import { savesPausedSeconds } from '@/lib/offline/save-pauses';
import { useAppStore } from '@/stores/app-store';
import { useOutbox } from '../api/use-outbox';
import { countOf } from '@movelab/shared';

export function SyncStatus() {
  const isOnline = useIsOnline();
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const { entries, discard } = useOutbox(uid);
  if (isOnline && entries.length === 0) return null;

  const waiting = entries.filter((entry) => !entry.failure);
  const pausedSeconds = savesPausedSeconds(uid);
  return (
    <section aria-label="Sync" className="border-b border-surface-raised bg-surface px-4 py-2 text-sm text-on-surface">
      <p role="status">
        {isOnline ? null : <strong className="mr-2">Offline: practice and analysis keep working, and results are kept on this device.</strong>}
        {waiting.length > 0 ? `${countOf(waiting.length, 'result')} waiting to sync` : null}
        {waiting.length > 0 && pausedSeconds > 0 ? ': paused, too many results saved in a short time' : null}
      </p>
      {entries.length > 0 ? (
        <ul aria-label="Waiting to sync" className="mt-1 flex flex-col gap-1">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-2">
              <span>
                {entry.kind === 'analysis' ? 'Analysis' : 'Practice'}: {entry.label}
              </span>
              {entry.failure ? (
                <>
                  <span>not saved: {entry.failure}</span>
                  <button type="button" className="underline" onClick={() => void discard(entry.id)}>
                    Discard
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
