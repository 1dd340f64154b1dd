import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

/** Group names by id, for lists of analyses (which keep only the groupId). */
export function useGroupNames(groupIds: readonly string[]): Map<string, string> {
  const backend = useBackend();
  const ids = [...new Set(groupIds)].sort();
  const groups = useQuery({
    queryKey: [...queryKeys.movescoreGroups.all, 'by-ids', ids],
    queryFn: () => backend.movescore.getGroupsByIds(ids),
    enabled: ids.length > 0,
  });
  return new Map((groups.data ?? []).map((group) => [group.id, group.name]));
}
