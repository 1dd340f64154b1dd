import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THistoryItemKind } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import { forgetReplay } from '@/lib/replay/kept-replays';
import { queryKeys } from '@/lib/query-keys';

/** Deletes one of the user's own history items and the replay kept for it on this device; history, recap and home figures are read again. */
export function useDeleteHistoryItem(uid: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: THistoryItemKind; id: string }) => backend.catalog.deleteHistoryItem(kind, id),
    // Recent sessions, history and stats of this user are all under ['users', uid].
    onSuccess: (_done, { kind, id }) => {
      void forgetReplay(uid, kind, id).catch(() => undefined);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(uid) });
    },
  });
}
