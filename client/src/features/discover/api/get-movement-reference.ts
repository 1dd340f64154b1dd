import { useQuery } from '@tanstack/react-query';
import type { TMovement } from '@movelab/shared';
import type { TReference } from '@movelab/shared/movescore/index';
import { useMemo } from 'react';
import { linkedPerspective } from '@/lib/api/linked-perspective';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { chooseReference } from '@/lib/reference/choose-reference';

/**
 * The reference motion a movement of an activity is practised against (`chooseReference`, as in
 * practice), for its picture: undefined while its linked perspective is read, null when it has none.
 */
export function useMovementReference(movement: TMovement): TReference | null | undefined {
  const backend = useBackend();
  const isLinked = movement.movescore !== null;
  const perspective = useQuery({
    queryKey: queryKeys.activities.linkedPerspective(movement.activityId, movement.id),
    // A perspective that cannot be read leaves the movement on its generated reference, as in practice.
    queryFn: () => linkedPerspective(backend, movement).catch(() => null),
    enabled: isLinked,
  });
  // Offline, a perspective never read waits for the network: meanwhile the movement is pictured as practice would count it.
  const isReading = isLinked && perspective.isPending && perspective.fetchStatus !== 'paused';
  return useMemo(() => (isReading ? undefined : chooseReference(perspective.data?.reference, movement)), [isReading, perspective.data, movement]);
}
