/** Saving a finished practice: a routine_completion and a user_stat_sessions entry (kind 'practice'). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoutineCompletion } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';
import type { TStepResult } from '../lib/step-machine';

export type TSavePracticeInput = {
  uid: string;
  activityId: string;
  routineId: string | null;
  startedAt: string;
  durationMs: number;
  steps: TStepResult[];
  reps: number;
  score: number | null;
};

export async function savePractice(backend: TBackend, input: TSavePracticeInput): Promise<TRoutineCompletion> {
  const durationMs = Math.round(input.durationMs);
  const completion = await backend.catalog.createRoutineCompletion({
    routineId: input.routineId,
    activityId: input.activityId,
    startedAt: input.startedAt,
    durationMs,
    steps: input.steps,
  });
  await backend.catalog.createUserStatSession({
    kind: 'practice',
    activityId: input.activityId,
    routineId: input.routineId,
    startedAt: input.startedAt,
    durationMs,
    reps: input.reps,
    score: input.score,
  });
  return completion;
}

export function useSavePractice() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavePracticeInput) => savePractice(backend, input),
    onSuccess: (_saved, input) => queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(input.uid) }),
  });
}
