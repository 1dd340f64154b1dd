/**
 * One optimistic-update recipe for every admin list: apply the change to the cached list at
 * once (onMutate), put the previous list back when the backend refuses (onError), and refetch
 * what the server now says (onSettled), counts included.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSnackbar } from '@/components/ui/snackbar';
import { errorText } from '@/lib/errors';

export type TListChange<TItem, TVars> = {
  /** The cached list this change touches. */
  listKey: QueryKey;
  mutationFn: (vars: TVars) => Promise<unknown>;
  /** The list as it should look right away. */
  apply: (list: TItem[], vars: TVars) => TItem[];
  /** Queries to refetch afterwards (parents whose counts change, details). */
  invalidate?: (vars: TVars) => QueryKey[];
  /** What the admin reads when it fails; the server's reason follows. */
  failure: string;
};

export function useListMutation<TItem, TVars>(change: TListChange<TItem, TVars>) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: change.mutationFn,
    onMutate: async (vars: TVars) => {
      await queryClient.cancelQueries({ queryKey: change.listKey });
      const previous = queryClient.getQueryData<TItem[]>(change.listKey);
      if (previous) queryClient.setQueryData<TItem[]>(change.listKey, change.apply(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(change.listKey, context.previous);
      snackbar.show(`${change.failure}: ${errorText(error)}`);
    },
    onSettled: async (_data, _error, vars) => {
      const keys = [change.listKey, ...(change.invalidate?.(vars) ?? [])];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** A stand-in id for a record the backend has not created yet. */
export const pendingId = () => `pending-${Math.random().toString(36).slice(2)}`;
export const isPending = (id: string) => id.startsWith('pending-');

export const replaceById = <T extends { id: string }>(list: T[], id: string, patch: NoInfer<Partial<T>>): T[] =>
  list.map((item) => (item.id === id ? { ...item, ...patch } : item));
export const removeById = <T extends { id: string }>(list: T[], id: string) => list.filter((item) => item.id !== id);
export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
