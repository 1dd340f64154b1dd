/**
 * A record's detail query starts from the list it was picked from (TanStack Query's "initial
 * data from the cache"): the next page opens at once, and offline it opens from the device
 * copy of the list even when the detail itself was never loaded.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function seedFromList<T extends { id: string }>(queryClient: QueryClient, listKey: QueryKey, id: string) {
  return {
    initialData: () => queryClient.getQueryData<T[]>(listKey)?.find((item) => item.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
  };
}
