/**
 * Saving a finished practice: a routine_completion and a user_stat_sessions entry (kind
 * 'practice'), through the device's outbox under ids derived from the practice's id, so a
 * practice done offline is written when the network returns, once. Shared by the practice
 * screen and a group practising together (whose entry names the others, `together`).
 */
import type { TRoutineCompletionInput, TTakeSource, TTogetherRecord } from '@movelab/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { saveThroughOutbox, type TSaveOutcome } from '@/lib/offline/outbox';
import type { TOutboxEntry } from '@/lib/offline/outbox-entry';
import { queryKeys } from '@/lib/query-keys';

export type TSavePracticeInput = {
  uid: string;
  /** A client id made once per practice (`newClientId`), the same for every retry. */
  resultId: string;
  label: string;
  activityId: string;
  routineId: string | null;
  startedAt: string;
  durationMs: number;
  steps: TRoutineCompletionInput['steps'];
  reps: number;
  score: number | null;
  /** Where the camera's picture came from (absent without the camera). */
  source?: TTakeSource;
  /** A practice done together: the group session and the others who practised in it. */
  together?: TTogetherRecord;
};

/** The practice's history item (its user_stat_sessions entry). */
export const practiceSessionId = (resultId: string) => `${resultId}-session`;

export function practiceOutboxEntry(input: TSavePracticeInput): TOutboxEntry {
  const durationMs = Math.round(input.durationMs);
  const { resultId, activityId, routineId, startedAt, source, together } = input;
  return {
    id: resultId,
    uid: input.uid,
    kind: 'practice',
    label: input.label,
    createdAt: new Date().toISOString(),
    writes: [
      { op: 'createRoutineCompletion', input: { id: `${resultId}-completion`, routineId, activityId, startedAt, durationMs, steps: input.steps } },
      {
        op: 'createUserStatSession',
        input: {
          id: practiceSessionId(resultId),
          kind: 'practice',
          activityId,
          routineId,
          startedAt,
          durationMs,
          reps: input.reps,
          score: input.score,
          ...(source ? { source } : {}),
          ...(together ? { together } : {}),
        },
      },
    ],
  };
}

export function savePractice(backend: TBackend, input: TSavePracticeInput): Promise<TSaveOutcome> {
  return saveThroughOutbox(backend, practiceOutboxEntry(input));
}

export function useSavePractice() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavePracticeInput) => savePractice(backend, input),
    onSuccess: (_outcome, input) => queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(input.uid) }),
  });
}
