/**
 * This member's result of an ended session, saved once to their own history (a practice entry
 * that names who else practised): the same id on a retry or after a reload, so it is one entry.
 */
import type { TGroupEnded } from '@movelab/shared';
import { useState } from 'react';
import { SaveStatus, useSaveOnce } from '@/components/save/save-once';
import { useSavePractice } from '@/lib/api/save-practice';
import { newClientId } from '@/lib/offline/outbox-entry';
import { historyEntry, type TPlanView, type TStepTimes } from '../lib/result';
import { noteSeat, readSeatNote } from '../lib/seat-store';

type TSaveProps = { ended: TGroupEnded; plan: TPlanView; times: TStepTimes; endedAt: number; offset: number };

export function SaveResult({ ended, plan, times, endedAt, offset }: TSaveProps) {
  const save = useSavePractice();
  const [resultId] = useState(() => readSeatNote(ended.groupId).resultId ?? noteSeat(ended.groupId, { resultId: newClientId() }).resultId!);
  const [wasSaved] = useState(() => readSeatNote(ended.groupId).isSaved);
  const saveNow = useSaveOnce((uid) => {
    const entry = historyEntry({ ended, uid, plan, times, endedAt, offset, resultId });
    if (!entry || wasSaved) return;
    save.mutate(entry, { onSuccess: () => noteSeat(ended.groupId, { isSaved: true }) });
  });
  if (wasSaved) {
    return (
      <p role="status" className="text-sm text-muted">
        Saved to your history.
      </p>
    );
  }
  return (
    <SaveStatus save={save} savingLabel="Saving your result…" savedText="Saved to your history, with who you practised with." onRetry={saveNow} />
  );
}
