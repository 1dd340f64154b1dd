/** A result saved once, as soon as it is shown to a signed-in user, with its saving, saved and failed states. */
import { useEffect, useRef } from 'react';
import { LIMIT_MESSAGES } from '@movelab/shared';
import { Spinner } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import type { TSaveOutcome } from '@/lib/offline/outbox';
import { savesPausedSeconds } from '@/lib/offline/save-pauses';
import { useAppStore } from '@/stores/app-store';

/** Saves once when the signed-in user is known; returns the save again, for a retry after a failure. */
export function useSaveOnce(save: (uid: string) => void): () => void {
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const hasSaved = useRef(false);
  const saveNow = () => {
    if (uid) save(uid);
  };
  useEffect(() => {
    if (hasSaved.current || !uid) return;
    hasSaved.current = true;
    saveNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);
  return saveNow;
}

type TSaveState = { isPending: boolean; isSuccess: boolean; isError: boolean; error: Error | null; data?: TSaveOutcome | undefined };

const WAITING_TEXT = 'Kept on this device: it will be saved when the connection is back';

function outcomeText(outcome: TSaveOutcome | undefined, savedText: string, uid: string | null): string {
  if (outcome === 'waiting') return WAITING_TEXT;
  // The server asked this account to wait: the result stays on the device until then.
  if (outcome === 'paused') return LIMIT_MESSAGES.savesPaused(Math.max(1, savesPausedSeconds(uid)));
  return savedText;
}

/**
 * Where the save stands: a spinner while saving, a status once saved (or kept on the device
 * until the network returns), the error with a retry on failure.
 */
export function SaveStatus({ save, savingLabel, savedText, onRetry }: { save: TSaveState; savingLabel: string; savedText: string; onRetry: () => void }) {
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  return (
    <>
      {save.isPending ? <Spinner size={16} label={savingLabel} /> : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-muted">
          {outcomeText(save.data, savedText, uid)}
        </p>
      ) : null}
      {save.isError ? <InlineError message={`Not saved: ${save.error?.message}`} onRetry={onRetry} /> : null}
    </>
  );
}
