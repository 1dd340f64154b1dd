/**
 * Saving an analysis: the video_analysis entry (the gateway pushes it live to admins and it
 * shows in Recent Sessions) and the user_stat_sessions entry for the home page and recap.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVideoAnalysis, TVideoAnalysisInput } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

export type TSaveAnalysisInput = { uid: string; entry: TVideoAnalysisInput; startedAt: string };

export async function saveAnalysis(backend: TBackend, { uid, entry, startedAt }: TSaveAnalysisInput): Promise<TVideoAnalysis> {
  const saved = await backend.users.createVideoAnalysis(uid, entry);
  await backend.catalog.createUserStatSession({
    kind: 'movescore',
    activityId: null,
    routineId: null,
    startedAt,
    durationMs: Math.round(entry.durationMs ?? 0),
    reps: entry.repCount ?? 0,
    score: entry.score,
  });
  return saved;
}

export function useSaveAnalysis() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveAnalysisInput) => saveAnalysis(backend, input),
    // Recent sessions, history and stats of this user are all under ['users', uid].
    onSuccess: (_saved, input) => queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(input.uid) }),
  });
}
