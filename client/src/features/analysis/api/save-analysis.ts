/**
 * Saving an analysis: the video_analysis entry (the gateway pushes it live to admins and it
 * shows in Recent Sessions) and the user_stat_sessions entry for the home page and recap. Both
 * go through the device's outbox under ids derived from the result's id, so an analysis made
 * offline is written when the network returns, and once however often it is sent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVideoAnalysisInput } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { saveThroughOutbox, type TSaveOutcome } from '@/lib/offline/outbox';
import type { TOutboxEntry } from '@/lib/offline/outbox-entry';
import { queryKeys } from '@/lib/query-keys';

/** `resultId`: a client id made once per result (`newClientId`), the same for every retry. */
export type TSaveAnalysisInput = { uid: string; resultId: string; label: string; entry: TVideoAnalysisInput; startedAt: string };

/** The analysis's history item (its video_analysis document). */
export const savedAnalysisId = (resultId: string) => `${resultId}-analysis`;

export function analysisOutboxEntry({ uid, resultId, label, entry, startedAt }: TSaveAnalysisInput): TOutboxEntry {
  return {
    id: resultId,
    uid,
    kind: 'analysis',
    label,
    createdAt: new Date().toISOString(),
    writes: [
      { op: 'createVideoAnalysis', entry: { ...entry, id: savedAnalysisId(resultId) } },
      {
        op: 'createUserStatSession',
        input: {
          id: `${resultId}-session`,
          kind: 'movescore',
          activityId: null,
          routineId: null,
          startedAt,
          durationMs: Math.round(entry.durationMs ?? 0),
          reps: entry.repCount ?? 0,
          score: entry.score,
        },
      },
    ],
  };
}

export function saveAnalysis(backend: TBackend, input: TSaveAnalysisInput): Promise<TSaveOutcome> {
  return saveThroughOutbox(backend, analysisOutboxEntry(input));
}

export function useSaveAnalysis() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveAnalysisInput) => saveAnalysis(backend, input),
    // Recent sessions, history and stats of this user are all under ['users', uid].
    onSuccess: (_outcome, input) => queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(input.uid) }),
  });
}
