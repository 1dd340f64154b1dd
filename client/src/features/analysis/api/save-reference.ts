/** Admin: saves a perspective's reference motion inline, with the movement kind it was built for. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPerspective } from '@movelab/shared';
import type { TMovementKind, TReference } from '@movelab/shared/movescore/index';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

export type TPerspectiveIds = { groupId: string; movementId: string; perspectiveId: string };

export function useSaveReference({ groupId, movementId, perspectiveId }: TPerspectiveIds, onSaved?: (perspective: TPerspective) => void) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, kind }: { reference: TReference; kind: TMovementKind }) =>
      backend.movescore.updatePerspective(groupId, movementId, perspectiveId, { reference, kind }),
    onSuccess: (perspective) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.movescoreGroups.perspectives(groupId, movementId) });
      onSaved?.(perspective);
    },
  });
}
